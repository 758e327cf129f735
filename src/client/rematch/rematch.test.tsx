// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseClientMessage } from '../../common/protocol.ts';
import { findMatchMessage } from '../controller/outgoing-messages.ts';
import { GAME, gameOver, matched, setup } from '../controller/test-support/controller-harness.ts';
import { reduce } from '../state/reduce.ts';
import { AT, server, view } from '../state/test-support/reduce-fixtures.ts';
import { FakeProviders, fakeGame, fakeWallet } from '../test-support/fake-wallet-and-game.tsx';
import { REMATCH_TEXTS, RematchControl } from './rematch-control.tsx';

afterEach(cleanup);

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
