// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameView } from '../state/game-view.ts';
import { GamePage } from './game-page.tsx';
import { fakeGame, renderWithGame, TEST_GAME_ID } from './test-support/fake-game.tsx';

beforeEach(() => {
  vi.useFakeTimers();
  // A new screen scrolls to the top (scroll-to-top.test.tsx); jsdom has no scrolling.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The canvas engineer's GameScreen stands in here: these tests are about choosing it, not drawing. */
function PlaceholderGame({ historyPanel }: { historyPanel?: React.ReactNode }) {
  return (
    <div>
      <p>canvas placeholder</p>
      {historyPanel}
    </div>
  );
}

function page(view: Partial<GameView>) {
  const game = fakeGame(view);
  const rendered = renderWithGame(
    <GamePage lobby={<p>lobby slot</p>} historyPanel={<p>history slot</p>} gameScreen={PlaceholderGame} />,
    game,
  );
  return { game, ...rendered };
}

const over = {
  outcome: 'lose' as const,
  scores: [3, 11] as [number, number],
  reason: 'score',
  message: '',
  opponentDisconnected: false,
};

describe('the game page', () => {
  it.each<[string, Partial<GameView>, string]>([
    ['start: the lobby', {}, 'lobby slot'],
    [
      'loading: the wait screen',
      { searching: true, searchStartTime: Date.now() },
      'SEARCHING FOR OPPONENT...',
    ],
    ['countdown: the countdown screen', { state: 'countdown', gameId: TEST_GAME_ID, countdownTime: 4 }, '4'],
    [
      'game: the game screen with the history panel',
      { state: 'playing', gameId: TEST_GAME_ID },
      'canvas placeholder',
    ],
    [
      'game over: the game over screen',
      { state: 'gameOver', gameId: TEST_GAME_ID, playerIndex: 0, gameOver: over },
      'GAME OVER',
    ],
  ])('%s', (_name, view, text) => {
    page(view);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('the game screen gets the history panel', () => {
    page({ state: 'playing', gameId: TEST_GAME_ID });
    expect(screen.getByText('history slot')).toBeTruthy();
  });

  it.each<[string, Partial<GameView>]>([
    ['the lobby', {}],
    ['game over', { state: 'gameOver', gameId: TEST_GAME_ID, playerIndex: 0, gameOver: over }],
  ])('the history panel shows once under %s too, with the result of the game just played', (_name, view) => {
    page(view);
    expect(screen.getAllByText('history slot')).toHaveLength(1);
  });

  it('the history panel is not shown on the wait screen', () => {
    page({ searching: true, searchStartTime: Date.now() });
    expect(screen.queryByText('history slot')).toBeNull();
  });

  it.each([
    ['the seat held', true, 'Connection Interrupted'],
    ['the window over', false, 'Connection Lost'],
  ])(
    "the connection down over 2 s in a game, %s: one dialog, no 'Game cannot continue.' panel behind it",
    (_name, canReconnect, title) => {
      page({
        state: 'playing',
        gameId: TEST_GAME_ID,
        isDisconnected: true,
        canReconnect,
        reconnectionTimeLeft: canReconnect ? 12 : 0,
        connected: false,
      });
      expect(screen.getAllByRole('dialog')).toHaveLength(1);
      expect(screen.getByRole('dialog', { name: title })).toBeTruthy();
      expect(
        screen.queryByText('The connection to the game server was lost. Game cannot continue.'),
      ).toBeNull();
    },
  );

  it("the opponent leaving raises 'Opponent Disconnected' / 'Your opponent has left the game.' once", () => {
    const view = page({ state: 'playing', gameId: TEST_GAME_ID });
    view.show({
      state: 'gameOver',
      gameOver: { ...over, outcome: 'win', opponentDisconnected: true },
      notice: { id: 1, kind: 'opponentLeft' },
    });
    expect(screen.getByRole('status').textContent).toContain('Opponent Disconnected');
    expect(screen.getByRole('status').textContent).toContain('Your opponent has left the game.');
    act(() => vi.advanceTimersByTime(5_000));
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByText('Your opponent has left the game.')).toBeNull();
    // A later render of the same notice raises nothing.
    view.show({ playersOnline: 3 });
    expect(screen.queryByText('Your opponent has left the game.')).toBeNull();
  });

  it('the cancel toast shows the refund from the reply exactly: 3 decimals, more where the lamports need them', () => {
    const view = page({ searching: true, searchStartTime: Date.now() });
    view.show({ searching: false, notice: { id: 1, kind: 'searchCancelled', refundLamports: '24250000' } });
    expect(screen.getByRole('status').textContent).toContain('Search Cancelled');
    expect(screen.getByRole('status').textContent).toContain('Refund of 0.02425 SOL (97% of your entry fee)');
  });

  it('a server error text is shown as a toast; a notice from before the page mounted is not', () => {
    const view = page({ notice: { id: 4, kind: 'error', message: 'Old news', code: null } });
    expect(screen.queryByText('Old news')).toBeNull();
    view.show({
      notice: { id: 5, kind: 'error', message: 'Game not found or already finished', code: 'game_not_found' },
    });
    expect(screen.getByRole('alert').textContent).toContain('Game not found or already finished');
  });
});
