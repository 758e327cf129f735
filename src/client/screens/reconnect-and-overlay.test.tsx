// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPPONENT_OVERLAY_TEXTS, OpponentDisconnectedOverlay } from './opponent-disconnected-overlay.tsx';
import { RECONNECT_TEXTS, ReconnectDialog } from './reconnect-dialog.tsx';
import { fakeGame, renderWithGame, TEST_GAME_ID } from './test-support/fake-game.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

const disconnected = (over = {}) =>
  fakeGame({
    state: 'playing',
    gameId: TEST_GAME_ID,
    connected: false,
    isDisconnected: true,
    canReconnect: true,
    reconnectionTimeLeft: 24,
    lastError: 'Connection lost - attempting to reconnect...',
    ...over,
  });

describe('reconnect dialog', () => {
  it("'Connection Interrupted', the message, the game id's first 8 characters and the window's bar", () => {
    renderWithGame(<ReconnectDialog />, disconnected());
    const dialog = screen.getByRole('dialog', { name: RECONNECT_TEXTS.interrupted });
    expect(dialog.textContent).toContain('You were disconnected from your game');
    expect(dialog.textContent).toContain('Game ID: 0b5e7a52');
    expect(dialog.textContent).not.toContain(TEST_GAME_ID);
    expect(
      screen.getByRole('progressbar', { name: 'Reconnection window' }).getAttribute('aria-valuenow'),
    ).toBe('24');
    expect(screen.getByRole('button', { name: 'Reconnect Now' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exit to Main Menu' })).toBeTruthy();
  });

  it('it tries to reconnect by itself 1 s after it opens, once', () => {
    const game = disconnected();
    const view = renderWithGame(<ReconnectDialog />, game);
    advance(999);
    expect(game.names()).toEqual([]);
    advance(1);
    expect(game.names()).toEqual(['reconnectNow']);
    view.show({ reconnecting: true });
    expect(screen.getByRole('button', { name: 'Reconnecting...' })).toHaveProperty('disabled', true);
    view.show({ reconnecting: false, reconnectionTimeLeft: 20 });
    advance(5_000);
    expect(game.names()).toEqual(['reconnectNow']);
  });

  it("'Reconnect Now' and 'Exit to Main Menu' call their actions", () => {
    const game = disconnected();
    renderWithGame(<ReconnectDialog />, game);
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect Now' }));
    fireEvent.click(screen.getByRole('button', { name: 'Exit to Main Menu' }));
    expect(game.names()).toEqual(['reconnectNow', 'returnToMenu']);
  });

  it("reconnect impossible: 'Connection Lost' and 'Return to Main Menu', no reconnect, no automatic attempt", () => {
    const game = disconnected({
      canReconnect: false,
      lastError: 'Unable to reconnect. Please refresh the page.',
    });
    renderWithGame(<ReconnectDialog />, game);
    expect(screen.getByRole('dialog', { name: RECONNECT_TEXTS.lost })).toBeTruthy();
    expect(screen.getByText('Unable to reconnect. Please refresh the page.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reconnect Now' })).toBeNull();
    advance(2_000);
    fireEvent.click(screen.getByRole('button', { name: 'Return to Main Menu' }));
    expect(game.names()).toEqual(['returnToMenu']);
  });

  it('closed while connected, with no game, or at game over', () => {
    renderWithGame(<ReconnectDialog />, fakeGame({ state: 'playing', gameId: TEST_GAME_ID }));
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    renderWithGame(<ReconnectDialog />, fakeGame({ isDisconnected: true, connected: false }));
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    renderWithGame(<ReconnectDialog />, disconnected({ state: 'gameOver' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('opponent-disconnected overlay', () => {
  const away = (over = {}) =>
    fakeGame({
      state: 'waitingForReconnection',
      gameId: TEST_GAME_ID,
      playerIndex: 0,
      reconnectionWindowActive: true,
      disconnectedPlayerIndex: 1,
      reconnectionTimeLeft: 27,
      ...over,
    });

  it("'Player 2 Disconnected', the waiting text, the seconds and bar, and both notes", () => {
    const game = away();
    const view = renderWithGame(<OpponentDisconnectedOverlay />, game);
    expect(screen.getByRole('heading', { name: 'Player 2 Disconnected' })).toBeTruthy();
    expect(screen.getByText(OPPONENT_OVERLAY_TEXTS.message)).toBeTruthy();
    expect(screen.getByText('27s')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('27');
    expect(screen.getByText('The game will continue if they reconnect')).toBeTruthy();
    expect(screen.getByText("Otherwise, you'll win by default")).toBeTruthy();
    view.show({ reconnectionTimeLeft: 26 });
    expect(screen.getByText('26s')).toBeTruthy();
  });

  it("'Opponent Disconnected' when the seat is unknown", () => {
    renderWithGame(<OpponentDisconnectedOverlay />, away({ disconnectedPlayerIndex: null }));
    expect(screen.getByRole('heading', { name: 'Opponent Disconnected' })).toBeTruthy();
  });

  it('hidden at game over and when the window is not running', () => {
    const view = renderWithGame(<OpponentDisconnectedOverlay />, away());
    view.show({ state: 'gameOver' });
    expect(screen.queryByRole('heading')).toBeNull();
    view.show({ state: 'playing', reconnectionWindowActive: false });
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
