import { describe, it } from 'vitest';
import { initialGameView } from './initial-view.ts';
import { AT, check, GAME, playing, type Row, view } from './test-support/reduce-fixtures.ts';

/**
 * The reducer (state/reduce.ts) against SPEC §4 "Client game flow": the game channel opening, closing and
 * reconnecting.
 */

describe('the game channel opening and closing', () => {
  it.each<Row>([
    [
      'open with no stored game: connected',
      view(),
      { type: 'socketOpened', resume: null, at: AT },
      { connected: true, isDisconnected: false },
    ],
    [
      'open with a stored game id: disconnected, reconnect possible, 30 s left',
      view(),
      { type: 'socketOpened', resume: { gameId: GAME, rapid: null }, at: AT },
      {
        connected: true,
        gameId: GAME,
        isDisconnected: true,
        canReconnect: true,
        reconnectionTimeLeft: 30,
        reconnecting: true,
        state: 'waiting',
      },
    ],
    [
      'rapid refresh: the last game state under 15 s old brings back its screen and seat',
      view(),
      { type: 'socketOpened', resume: { gameId: GAME, rapid: { state: 'playing', playerIndex: 1 } }, at: AT },
      { gameId: GAME, state: 'playing', playerIndex: 1, isDisconnected: true, canReconnect: true },
    ],
    [
      'connection close: the state is kept while the disconnect is pending',
      playing(),
      { type: 'socketClosed', at: AT },
      { connected: false, state: 'playing', gameId: GAME, isDisconnected: false, lastError: null },
    ],
    [
      "after 2 s in a game: 'Connection lost - attempting to reconnect...'",
      playing({ connected: false }),
      { type: 'disconnectGraceEnded', at: AT },
      {
        isDisconnected: true,
        canReconnect: true,
        reconnectionTimeLeft: 30,
        lastError: 'Connection lost - attempting to reconnect...',
      },
    ],
    [
      "after 2 s outside a game: 'Connection lost'",
      view({ connected: false }),
      { type: 'disconnectGraceEnded', at: AT },
      { isDisconnected: true, canReconnect: false, lastError: 'Connection lost' },
    ],
    [
      'back within the 2 s grace: no disconnect UI',
      playing(),
      { type: 'disconnectGraceEnded', at: AT },
      'unchanged',
    ],
    [
      "5 failed reconnects: 'Unable to reconnect. Please refresh the page.'",
      playing({ connected: false, isDisconnected: true, canReconnect: true }),
      { type: 'reconnectGaveUp', at: AT },
      {
        isDisconnected: true,
        canReconnect: false,
        lastError: 'Unable to reconnect. Please refresh the page.',
      },
    ],
    [
      "socket error: 'Connection error'",
      view(),
      { type: 'socketError', at: AT },
      { lastError: 'Connection error' },
    ],
    [
      "the failed attempts that go on after the 5th keep 'Unable to reconnect. Please refresh the page.' on screen",
      view({ isDisconnected: true, lastError: 'Unable to reconnect. Please refresh the page.' }),
      { type: 'socketError', at: AT },
      'unchanged',
    ],
    [
      "reopened after the 5 failed attempts: 'Unable to reconnect' is cleared",
      view({ isDisconnected: true, lastError: 'Unable to reconnect. Please refresh the page.' }),
      { type: 'socketOpened', resume: null, at: AT },
      { connected: true, isDisconnected: false, lastError: null },
    ],
    [
      'reopened: a connection message is cleared',
      view({ isDisconnected: true, lastError: 'Connection lost' }),
      { type: 'socketOpened', resume: null, at: AT },
      { connected: true, isDisconnected: false, lastError: null },
    ],
    [
      'own reconnection window: one second less',
      playing({ connected: false, isDisconnected: true, canReconnect: true, reconnectionTimeLeft: 30 }),
      { type: 'reconnectionSecond', at: AT },
      { reconnectionTimeLeft: 29, canReconnect: true },
    ],
    [
      'own reconnection window over: reconnect impossible',
      playing({ connected: false, isDisconnected: true, canReconnect: true, reconnectionTimeLeft: 1 }),
      { type: 'reconnectionSecond', at: AT },
      { reconnectionTimeLeft: 0, canReconnect: false },
    ],
    [
      'signed out: nothing of the last game or session',
      playing({ notice: { id: 4, kind: 'opponentLeft' } }),
      { type: 'signedOut', at: AT },
      { ...initialGameView(null), notice: { id: 4, kind: 'opponentLeft' }, lastEvent: 'signedOut' },
    ],
  ])('%s', (_name, before, event, expected) => {
    check(before, event, expected);
  });
});
