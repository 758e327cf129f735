// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseClientMessage } from '../../common/client-message-parse.ts';
import { findMatchMessage } from '../controller/outgoing-messages.ts';
import { GAME, gameOver, matched, setup } from '../controller/test-support/controller-bed.ts';
import { GameOverScreen } from '../screens/game-over-screen.tsx';
import { reduce } from '../state/reduce.ts';
import { AT, server, view } from '../state/test-support/reduce-fixtures.ts';
import { FakeProviders, fakeGame, fakeWallet } from '../test-support/fake-wallet-and-game.tsx';
import { REMATCH_TEXTS, RematchControl } from './rematch-control.tsx';
import { RematchWaitingPanel } from './rematch-waiting-panel.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/**
 * Rematch in the client: the game-over screen's 'Rematch' asks for the same mode against the same opponent
 * (a practice one at once), shows the opponent's own ask, and is off once the opponent has left; leaving the
 * game-over screen tells the server; the findMatch names the game; the state keeps the offer's answer.
 */
describe('rematch in the browser', () => {
  const atGameOver = (rematchOffer: 'offered' | 'declined' | null = null) =>
    fakeGame({ view: { gameId: GAME, gameMode: 'practice', state: 'gameOver', rematchOffer } });

  it('Rematch asks for the same mode with the game it follows; the screen holds its return meanwhile', () => {
    const game = atGameOver();
    let held = false;
    render(
      <FakeProviders wallet={fakeWallet()} game={game}>
        <RematchControl onAsk={() => (held = true)} />
      </FakeProviders>,
    );
    fireEvent.click(screen.getByTestId('rematch'));
    expect(game.findMatch).toHaveBeenCalledWith('practice', undefined, { rematch: GAME });
    expect(held).toBe(true);
  });

  it("the opponent's ask is shown; an opponent who left turns Rematch off", () => {
    render(
      <FakeProviders wallet={fakeWallet()} game={atGameOver('offered')}>
        <RematchControl onAsk={() => {}} />
      </FakeProviders>,
    );
    expect(screen.getByTestId('rematch-offered').textContent).toBe(REMATCH_TEXTS.offered);
    cleanup();
    render(
      <FakeProviders wallet={fakeWallet()} game={atGameOver('declined')}>
        <RematchControl onAsk={() => {}} />
      </FakeProviders>,
    );
    expect(screen.getByTestId('rematch-declined').textContent).toBe(REMATCH_TEXTS.declined);
    expect((screen.getByTestId('rematch') as HTMLButtonElement).disabled).toBe(true);
  });

  it('the state keeps the word about the game on screen only, and the offer the server answered', () => {
    const over = { ...view({ connected: true }), gameId: GAME, state: 'gameOver' as const };
    const offered = reduce(over, server({ type: 'rematch', gameId: GAME, status: 'offered' }));
    expect(offered.rematchOffer).toBe('offered');
    const other = reduce(
      over,
      server({ type: 'rematch', gameId: '3f1e2d4c-5b6a-4789-8a0b-1c2d3e4f5a6b', status: 'offered' }),
    );
    expect(other).toBe(over);
    const asked = reduce(offered, {
      type: 'findMatch',
      mode: 'practice',
      paymentSignature: null,
      at: AT,
      challenge: { rematch: GAME },
    });
    const waiting = reduce(
      asked,
      server({
        type: 'findMatch',
        status: 'searching',
        gameMode: 'practice',
        message: 'Waiting for your opponent to take the rematch',
        rematch: { gameId: GAME, expiresAt: AT + 60_000 },
      }),
    );
    expect(waiting.openRematch).toEqual({ gameId: GAME, expiresAt: AT + 60_000 });
    expect(waiting.openChallenge).toBeNull();
  });

  it("an offer's deadline is counted from the server's time left on arrival, on both sides alike", () => {
    const over = { ...view({ connected: true }), gameId: GAME, state: 'gameOver' as const };
    // The device's clock is far from the server's: the deadline comes from msLeft, not from expiresAt.
    const serverDeadline = AT + 3_600_000;
    const offered = reduce(
      over,
      server({ type: 'rematch', gameId: GAME, status: 'offered', expiresAt: serverDeadline, msLeft: 52_000 }),
    );
    expect(offered.rematchOfferClosesAt).toBe(AT + 52_000);
    const waiting = reduce(
      { ...over, searching: true },
      server({
        type: 'findMatch',
        status: 'searching',
        gameMode: 'smol_shrimp',
        message: 'Waiting for your opponent to take the rematch',
        rematch: { gameId: GAME, expiresAt: serverDeadline, msLeft: 52_000 },
      }),
    );
    expect(waiting.openRematch).toEqual({ gameId: GAME, expiresAt: AT + 52_000 });
    expect(
      reduce(offered, server({ type: 'rematch', gameId: GAME, status: 'declined' })).rematchOfferClosesAt,
    ).toBe(null);
  });

  it("both screens show the same time left, to the server's deadline: the opponent's game-over screen waits for the offer", () => {
    vi.useFakeTimers();
    const start = Date.UTC(2030, 0, 1);
    vi.setSystemTime(start);
    const closes = start + 52_000;
    const receiver = fakeGame({
      view: {
        gameId: GAME,
        gameMode: 'smol_shrimp',
        state: 'gameOver',
        rematchOffer: 'offered',
        rematchOfferClosesAt: closes,
      },
    });
    render(
      <FakeProviders wallet={fakeWallet()} game={receiver}>
        <GameOverScreen />
      </FakeProviders>,
    );
    render(
      <RematchWaitingPanel
        view={{ searchStartTime: start - 1_500, cancelling: 'idle' }}
        rematch={{ gameId: GAME, expiresAt: closes }}
        mode="smol_shrimp"
        onCancel={() => {}}
      />,
    );
    const times = () => screen.getAllByTestId('rematch-time-left').map((e) => e.textContent);
    expect(times()).toEqual(['Time left 0:52', 'Time left 0:52']);
    expect(screen.getByText('Returning to main menu in 52 seconds...')).toBeTruthy();
    // Past SPEC's 10 s the opponent is still there to take it: leaving would decline it.
    act(() => vi.advanceTimersByTime(10_000));
    expect(times()).toEqual(['Time left 0:42', 'Time left 0:42']);
    expect(screen.getByText('Returning to main menu in 42 seconds...')).toBeTruthy();
    expect(receiver.returnToMenu).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(42_000));
    expect(receiver.returnToMenu).toHaveBeenCalledTimes(1);
  });

  it('the offerer is told before cancelling that Cancel Rematch keeps 3% and a decline refunds in full; the opponent that leaving refunds them in full', () => {
    vi.useFakeTimers();
    const start = Date.UTC(2030, 0, 1);
    vi.setSystemTime(start);
    render(
      <RematchWaitingPanel
        view={{ searchStartTime: start, cancelling: 'idle' }}
        rematch={{ gameId: GAME, expiresAt: start + 52_000 }}
        mode="smol_shrimp"
        onCancel={() => {}}
      />,
    );
    const panel = screen.getByTestId('rematch-waiting');
    expect(panel.textContent).toContain(
      'If your opponent leaves or does not take it in time, your entry fee is refunded in full.',
    );
    expect(screen.getByTestId('cancel-rule').textContent).toBe(
      'Cancel Rematch is available after 10 seconds of waiting (in 10 seconds). Cancelling refunds 97% of your 0.025 SOL entry: 0.02425 SOL comes back and 0.00075 SOL (3%) is kept.',
    );
    act(() => vi.advanceTimersByTime(10_000));
    const cancel = screen.getByRole('button', { name: 'Cancel Rematch' }) as HTMLButtonElement;
    expect(cancel.disabled).toBe(false);
    // The button can be pressed now: what it keeps is still said beside it.
    expect(screen.getByTestId('cancel-rule').textContent).toBe(
      'Cancelling refunds 97% of your 0.025 SOL entry: 0.02425 SOL comes back and 0.00075 SOL (3%) is kept.',
    );
    cleanup();
    render(
      <FakeProviders
        wallet={fakeWallet()}
        game={fakeGame({
          view: { gameId: GAME, gameMode: 'smol_shrimp', state: 'gameOver', rematchOffer: 'offered' },
        })}
      >
        <RematchControl onAsk={() => {}} offerTimeLeft={30} />
      </FakeProviders>,
    );
    expect(
      screen.getByText('If you leave, no rematch is played and their entry fee is refunded to them in full.'),
    ).toBeTruthy();
    expect(screen.getByTestId('rematch-time-left').textContent).toBe('Time left 0:30');
  });

  it('findMatch names the game of the rematch, and the server accepts it', () => {
    const wallet = {
      publicKey: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
      balanceLamports: 1_000_000_000n,
    };
    const message = findMatchMessage('practice', null, wallet, AT, { rematch: GAME });
    expect(message).toMatchObject({ rematch: GAME });
    expect(message).not.toHaveProperty('challenge');
    expect(parseClientMessage(JSON.stringify(message)).ok).toBe(true);
  });

  it('leaving the game-over screen tells the server (so the opponent learns no rematch will come)', () => {
    const t = setup();
    t.signInAndOpen();
    t.receive(matched);
    t.receive(gameOver);
    t.controller.returnToMenu();
    expect(t.sent().at(-1)).toEqual({ type: 'playAgain', gameId: GAME });
  });
});
