import { describe, it } from 'vitest';
import {
  AT,
  check,
  data,
  GAME,
  gameOverInfo,
  playing,
  type Row,
  server,
} from './test-support/reduce-fixtures.ts';

/**
 * The reducer (state/reduce.ts) against SPEC §4 "Client game flow": the opponent away, reconnection, and its
 * end.
 */

describe('reconnection', () => {
  const overlay = {
    reconnectionWindowActive: true,
    disconnectedPlayerIndex: 1 as const,
    reconnectionTimeLeft: 20,
  };
  it.each<Row>([
    [
      'playerTemporarilyDisconnected: waitingForReconnection with its window',
      playing(),
      server({ type: 'playerTemporarilyDisconnected', reconnectionTimeLeft: 30, disconnectedPlayerIndex: 1 }),
      {
        state: 'waitingForReconnection',
        reconnectionWindowActive: true,
        reconnectionTimeLeft: 30,
        disconnectedPlayerIndex: 1,
      },
    ],
    [
      'the overlay is hidden at game over: a late playerTemporarilyDisconnected is ignored',
      playing({ state: 'gameOver', gameOver: gameOverInfo }),
      server({ type: 'playerTemporarilyDisconnected', reconnectionTimeLeft: 30, disconnectedPlayerIndex: 1 }),
      'unchanged',
    ],
    [
      'reconnectionTimeUpdate updates the time left',
      playing({ state: 'waitingForReconnection', ...overlay }),
      server({ type: 'reconnectionTimeUpdate', reconnectionTimeLeft: 19 }),
      { reconnectionTimeLeft: 19, reconnectionWindowActive: true },
    ],
    [
      'reconnectionTimeUpdate without an overlay is ignored',
      playing(),
      server({ type: 'reconnectionTimeUpdate', reconnectionTimeLeft: 19 }),
      'unchanged',
    ],
    [
      'gameResumed clears the overlay and plays on',
      playing({ state: 'waitingForReconnection', ...overlay }),
      server({ type: 'gameResumed', message: 'Opponent reconnected. Game resumed!' }),
      {
        state: 'playing',
        reconnectionWindowActive: false,
        disconnectedPlayerIndex: null,
        reconnectionTimeLeft: null,
      },
    ],
    [
      'the overlay safety net (35 s) clears it',
      playing({ state: 'waitingForReconnection', ...overlay }),
      { type: 'opponentOverlayExpired', at: AT },
      { reconnectionWindowActive: false, disconnectedPlayerIndex: null },
    ],
    [
      'reconnectionSuccess returns to the given state, connected',
      playing({
        state: 'waiting',
        isDisconnected: true,
        canReconnect: true,
        reconnecting: true,
        reconnectionTimeLeft: 27,
        lastError: 'Connection lost - attempting to reconnect...',
      }),
      server({
        type: 'reconnectionSuccess',
        match: { gameMode: 'practice', opponentName: 'Opponent' },
        gameId: GAME,
        playerIndex: 1,
        gameState: data({ gameState: 'roundEnd', scores: [4, 4] }),
      }),
      {
        state: 'roundEnd',
        playerIndex: 1,
        isDisconnected: false,
        canReconnect: false,
        reconnecting: false,
        lastError: null,
        reconnectionTimeLeft: null,
        data: { winner: null, scores: [4, 4], paddlePositions: [250, 350], gameState: 'roundEnd' },
      },
    ],
    [
      'reconnectionTimeout: game over, won, reason opponent_timeout',
      playing({ state: 'waitingForReconnection', ...overlay }),
      server({ type: 'reconnectionTimeout', message: 'Opponent did not reconnect in time' }),
      {
        state: 'gameOver',
        reconnectionWindowActive: false,
        lastError: 'Opponent did not reconnect in time',
        gameOver: {
          outcome: 'win',
          scores: [3, 2],
          reason: 'opponent_timeout',
          message: 'Opponent did not reconnect in time',
          opponentDisconnected: true,
        },
      },
    ],
    [
      "reconnectionTimeout without a text: 'Opponent did not reconnect in time'",
      playing(),
      server({ type: 'reconnectionTimeout', message: '' }),
      { lastError: 'Opponent did not reconnect in time' },
    ],
    [
      "opponentDisconnected: game over, won, reason opponent_disconnected, and the 'Opponent Disconnected' toast",
      playing({ playerIndex: 1 }),
      server({ type: 'opponentDisconnected', message: 'Opponent disconnected' }),
      {
        state: 'gameOver',
        lastError: 'Opponent disconnected',
        notice: { id: 1, kind: 'opponentLeft' },
        gameOver: {
          outcome: 'win',
          scores: [3, 2],
          reason: 'opponent_disconnected',
          message: 'Opponent disconnected',
          opponentDisconnected: true,
        },
      },
    ],
    [
      'reconnectionFailed with clearStoredGameId returns to waiting with no game',
      playing({ state: 'waiting', isDisconnected: true, canReconnect: true, reconnecting: true }),
      server({
        type: 'reconnectionFailed',
        message: 'Game not found or already finished',
        clearStoredGameId: true,
      }),
      {
        state: 'waiting',
        gameId: null,
        playerIndex: null,
        isDisconnected: false,
        canReconnect: false,
        reconnecting: false,
        connected: true,
      },
    ],
    [
      'reconnectionFailed without clearStoredGameId shows the error and disables reconnect',
      playing({ isDisconnected: true, canReconnect: true, reconnecting: true }),
      server({
        type: 'reconnectionFailed',
        message: 'This game belongs to another session',
        clearStoredGameId: false,
      }),
      {
        gameId: GAME,
        isDisconnected: true,
        canReconnect: false,
        reconnecting: false,
        lastError: 'This game belongs to another session',
      },
    ],
    [
      "reconnectionFailed without a text: 'Failed to reconnect'",
      playing({ isDisconnected: true, canReconnect: true }),
      server({ type: 'reconnectionFailed', message: '', clearStoredGameId: false }),
      { lastError: 'Failed to reconnect', canReconnect: false },
    ],
  ])('%s', (_name, before, event, expected) => {
    check(before, event, expected);
  });
});
