import { describe, expect, it } from 'vitest';
import type { ReconnectRefusalCode, ServerMessage } from '../../common/protocol.ts';
import { RECONNECTION_WINDOW_MS } from '../../common/rules.ts';
import type { GameView } from './game-view.ts';
import { reduce } from './reduce.ts';
import { AT, GAME, playing, server } from './test-support/reduce-fixtures.ts';
import { FORFEIT_TEXTS } from './view-changes.ts';

/**
 * SPEC §2 "Toast 'Opponent Disconnected' with 'Your opponent has left the game.' when the opponent leaves":
 * whenever the opponent is gone for good, by exit or by its reconnection window running out, once per match.
 * And this player's own window: counted from the loss, never 'Unable to reconnect' while the seat is held,
 * and a player back after it told the game was forfeited.
 */

const away: ServerMessage = {
  type: 'playerTemporarilyDisconnected',
  reconnectionTimeLeft: 30,
  disconnectedPlayerIndex: 1,
};
const timedOut: ServerMessage = {
  type: 'reconnectionTimeout',
  message: 'Opponent did not reconnect in time',
};
const left: ServerMessage = { type: 'opponentDisconnected', message: 'Opponent disconnected' };
const gameOverFor = (reason: 'opponent_timeout' | 'opponent_disconnected' | 'score'): ServerMessage => ({
  type: 'gameOver',
  gameId: GAME,
  winner: 0,
  scores: [3, 2],
  reason,
  message: 'Opponent did not reconnect in time',
  finalResult: 'win',
  yourPlayerIndex: 0,
  seed: 'seed',
});

const run = (start: GameView, messages: ServerMessage[]) =>
  messages.reduce((v, m, i) => reduce(v, server(m, AT + i)), start);
const toasts = (start: GameView, messages: ServerMessage[]) => {
  let v = start;
  const kinds: string[] = [];
  for (const [i, m] of messages.entries()) {
    const next = reduce(v, server(m, AT + i));
    if (next.notice && next.notice.id !== v.notice?.id) kinds.push(next.notice.kind);
    v = next;
  }
  return kinds;
};

describe("SPEC §2 'Opponent Disconnected' toast when the opponent is gone for good", () => {
  it.each([
    ['by exit: opponentDisconnected, then its gameOver', [left, gameOverFor('opponent_disconnected')]],
    [
      'its window ran out: the overlay, reconnectionTimeout, then gameOver',
      [away, timedOut, gameOverFor('opponent_timeout')],
    ],
    ['its window ran out, told only by gameOver (opponent_timeout)', [away, gameOverFor('opponent_timeout')]],
  ])('%s: the toast once', (_name, messages) => {
    expect(toasts(playing(), messages)).toEqual(['opponentLeft']);
    const end = run(playing(), messages);
    expect(end.gameOver).toMatchObject({ outcome: 'win' });
    expect(end.reconnectionWindowActive).toBe(false);
  });

  it('a match won on points raises no such toast', () => {
    expect(toasts(playing(), [gameOverFor('score')])).toEqual([]);
  });

  it('the next match gets its own toast', () => {
    const first = run(playing(), [away, timedOut]);
    const next = {
      ...first,
      gameId: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
      gameOver: null,
      state: 'playing' as const,
    };
    expect(toasts(next, [{ ...left }])).toEqual(['opponentLeft']);
  });
});

describe("this player's own reconnection window", () => {
  const lost = (over: Partial<GameView> = {}) =>
    playing({
      connected: false,
      isDisconnected: true,
      canReconnect: true,
      reconnectionTimeLeft: 20,
      disconnectedAt: AT - 10_000,
      ...over,
    });

  it('the socket closing in a game marks the loss; a second close before the rejoin keeps the first', () => {
    const first = reduce(playing(), { type: 'socketClosed', at: AT });
    expect(first.disconnectedAt).toBe(AT);
    const again = reduce({ ...first, reconnecting: true }, { type: 'socketClosed', at: AT + 5_000 });
    expect(again.disconnectedAt).toBe(AT);
  });

  it('each second reads the time left from the loss, not one less than shown', () => {
    // A tab in the background fires its timers late: the bar still shows what the server has left.
    expect(reduce(lost(), { type: 'reconnectionSecond', at: AT + 5_000 }).reconnectionTimeLeft).toBe(15);
  });

  it("no 'Unable to reconnect' while the seat is held; after the window, SPEC §8's text", () => {
    const held = lost();
    expect(reduce(held, { type: 'reconnectGaveUp', at: AT })).toBe(held);
    const after = reduce(lost(), { type: 'reconnectGaveUp', at: AT - 10_000 + RECONNECTION_WINDOW_MS });
    expect(after.lastError).toBe('Unable to reconnect. Please refresh the page.');
  });

  it('the window running out: reconnect impossible, and the dialog says the window expired', () => {
    const over = reduce(lost({ reconnectionTimeLeft: 1 }), {
      type: 'reconnectionSecond',
      at: AT - 10_000 + RECONNECTION_WINDOW_MS,
    });
    expect(over).toMatchObject({
      canReconnect: false,
      reconnectionTimeLeft: 0,
      lastError: FORFEIT_TEXTS.windowExpired,
    });
  });

  it.each<[string, string, number, string | null, ReconnectRefusalCode]>([
    [
      'the window over, the game gone',
      'Game not found or already finished',
      RECONNECTION_WINDOW_MS,
      'forfeited',
      'match_over',
    ],
    [
      'the server says the window expired',
      'The reconnection window has expired',
      1_000,
      'forfeited',
      'window_expired',
    ],
    [
      'within the window, the game gone (it ended otherwise)',
      'Game not found or already finished',
      1_000,
      null,
      'match_over',
    ],
  ])("back and refused, %s ('%s'): the forfeit told or not", (_name, message, sinceLoss, kind, code) => {
    const back = reduce(
      lost({ connected: true }),
      server({ type: 'reconnectionFailed', message, clearStoredGameId: true, code }, AT - 10_000 + sinceLoss),
    );
    expect(back).toMatchObject({ gameId: null, state: 'waiting', isDisconnected: false });
    expect(back.notice?.kind ?? null).toBe(kind);
  });
});
