// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameOverInfo } from '../state/game-view.ts';
import { CONNECTION_LOST_TEXTS } from './connection-lost.tsx';
import { CountdownScreen } from './countdown-screen.tsx';
import { GAME_OVER_TEXTS, GameOverScreen } from './game-over-screen.tsx';
import { fakeGame, renderWithGame, TEST_GAME_ID } from './test-support/fake-game.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('pre-game countdown screen', () => {
  it("a big number from the server's value, then 'GO!'", () => {
    const game = fakeGame({
      state: 'countdown',
      gameId: TEST_GAME_ID,
      countdownTime: 5,
      opponentName: 'Player-AbCd',
    });
    const view = renderWithGame(<CountdownScreen />, game);
    expect(screen.getByTestId('countdown-value').textContent).toBe('5');
    expect(screen.getByText('vs Player-AbCd')).toBeTruthy();
    view.show({ countdownTime: 1 });
    expect(screen.getByTestId('countdown-value').textContent).toBe('1');
    view.show({ countdownTime: 0 });
    expect(screen.getByTestId('countdown-value').textContent).toBe('GO!');
  });

  it("'GO!' when the server's countdown reached 0 and the first serve began", () => {
    const game = fakeGame({ state: 'countdown', gameId: TEST_GAME_ID, countdownTime: 1 });
    const view = renderWithGame(<CountdownScreen />, game);
    expect(screen.getByTestId('countdown-value').textContent).toBe('1');
    // The server's countdown never says 0: its last second ends in the first serve.
    view.show({ state: 'firstServe', goAt: 1 });
    expect(screen.getByTestId('countdown-value').textContent).toBe('GO!');
  });

  it("the connection lost: 'Connection Lost', 'Game cannot start.', 'RETURN TO MENU'", () => {
    const game = fakeGame({
      state: 'countdown',
      gameId: TEST_GAME_ID,
      isDisconnected: true,
      connected: false,
    });
    renderWithGame(<CountdownScreen />, game);
    expect(screen.getByRole('heading', { name: 'Connection Lost' })).toBeTruthy();
    expect(screen.getByText(CONNECTION_LOST_TEXTS.countdown)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'RETURN TO MENU' }));
    expect(game.names()).toEqual(['returnToMenu']);
  });
});

describe('game over screen', () => {
  const result = (over: Partial<GameOverInfo> = {}): GameOverInfo => ({
    outcome: 'win',
    scores: [4, 11],
    reason: 'score',
    message: 'You win!',
    opponentDisconnected: false,
    ...over,
  });
  const gameOver = (over: Partial<GameOverInfo> = {}, view = {}) =>
    fakeGame({ state: 'gameOver', gameId: TEST_GAME_ID, playerIndex: 1, gameOver: result(over), ...view });

  it('GAME OVER, YOU WIN, own and opponent scores, and the 10 s return to the main menu', () => {
    const game = gameOver();
    const view = renderWithGame(<GameOverScreen />, game);
    expect(screen.getByRole('heading', { name: GAME_OVER_TEXTS.title })).toBeTruthy();
    expect(screen.getByText('YOU WIN')).toBeTruthy();
    expect(screen.getByTestId('own-score').textContent).toBe('11');
    expect(screen.getByTestId('opponent-score').textContent).toBe('4');
    expect(screen.getByText('Returning to main menu in 10 seconds...')).toBeTruthy();
    expect(screen.queryByText(GAME_OVER_TEXTS.opponentLeft)).toBeNull();
    advance(1_000);
    expect(screen.getByText('Returning to main menu in 9 seconds...')).toBeTruthy();
    advance(8_000);
    // One second left: singular.
    expect(screen.getByText('Returning to main menu in 1 second...')).toBeTruthy();
    advance(999);
    expect(game.names()).toEqual([]);
    advance(1);
    expect(game.names()).toEqual(['returnToMenu']);
    expect(view.location.history.at(-1)).toBe('/');
  });

  it('the return counts from when the page saw the match end: back after a reload 7 s later, 3 seconds are left', () => {
    const game = gameOver({}, { gameOverAt: Date.now() - 7_000 });
    renderWithGame(<GameOverScreen />, game);
    expect(screen.getByText('Returning to main menu in 3 seconds...')).toBeTruthy();
    advance(3_000);
    expect(game.names()).toEqual(['returnToMenu']);
  });

  it("'Verify' asks the server for this match's record and keeps the screen: the return to the menu stops", async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ error: 'No finished match of yours has this id' }), {
        status: 404,
      });
    });
    try {
      const game = gameOver({}, { seedHash: 'ab'.repeat(32) });
      renderWithGame(<GameOverScreen />, game);
      advance(3_000);
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      });
      await act(async () => {
        await vi.dynamicImportSettled();
      });
      await act(async () => {});
      expect(asked).toEqual([`/api/games/${TEST_GAME_ID}/verification`]);
      expect(screen.getByTestId('verify-result').textContent).toContain(
        'No finished match of yours has this id',
      );
      expect(screen.getByText(GAME_OVER_TEXTS.staying)).toBeTruthy();
      advance(20_000);
      expect(game.names()).toEqual([]);
      expect(screen.getByTestId('verify-result')).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it.each(['lose', 'lose_disconnect'] as const)('a %s reads YOU LOSE', (outcome) => {
    renderWithGame(<GameOverScreen />, gameOver({ outcome }));
    expect(screen.getByText('YOU LOSE')).toBeTruthy();
  });

  it('MAIN MENU exits and goes to the site root', () => {
    const game = gameOver();
    const view = renderWithGame(<GameOverScreen />, game);
    fireEvent.click(screen.getByRole('button', { name: 'MAIN MENU' }));
    expect(game.names()).toEqual(['exit']);
    expect(view.location.history.at(-1)).toBe('/');
  });

  it("the opponent disconnected and the player won: 'Your opponent has disconnected. Victory awarded!'", () => {
    renderWithGame(
      <GameOverScreen />,
      gameOver({ reason: 'opponent_disconnected', opponentDisconnected: true }),
    );
    expect(screen.getByText('Your opponent has disconnected. Victory awarded!')).toBeTruthy();
  });

  it("the connection lost over 2 s: 'Connection Lost', results may not be saved, 'RETURN TO MENU'", () => {
    const game = gameOver({}, { isDisconnected: true, connected: false });
    renderWithGame(<GameOverScreen />, game);
    expect(screen.getByRole('heading', { name: 'Connection Lost' })).toBeTruthy();
    expect(screen.getByText(CONNECTION_LOST_TEXTS.gameOver)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'MAIN MENU' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'RETURN TO MENU' }));
    expect(game.names()).toEqual(['returnToMenu']);
  });
});
