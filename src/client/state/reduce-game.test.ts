import { describe, it } from 'vitest';
import {
  AT,
  check,
  gameOverInfo,
  gameState,
  OTHER,
  playing,
  type Row,
} from './test-support/reduce-fixtures.ts';

/**
 * The reducer (state/reduce.ts) against SPEC §4 "Client game flow": gameState updates of a game under way.
 */

describe('gameState', () => {
  it.each<Row>([
    [
      'gameState updates the state, scores, paddles and countdown',
      playing({ state: 'countdown' }),
      gameState({ gameState: 'countdown', countdownTime: 3, scores: [0, 0] }),
      {
        state: 'countdown',
        countdownTime: 3,
        data: { winner: null, scores: [0, 0], paddlePositions: [250, 350], gameState: 'countdown' },
        lastStateTimestamp: AT,
      },
    ],
    [
      'gameState with an older timestamp is skipped',
      playing({ lastStateTimestamp: AT + 1 }),
      gameState(),
      'unchanged',
    ],
    ["another game's gameState is ignored", playing({ gameId: OTHER }), gameState(), 'unchanged'],
    [
      'during the game-over countdown gameState is ignored',
      playing({ state: 'gameOver', gameOver: gameOverInfo }),
      gameState({ gameState: 'playing' }),
      'unchanged',
    ],
    [
      'during the game-over countdown a gameOver gameState is taken',
      playing({ state: 'gameOver', gameOver: gameOverInfo }),
      gameState({ gameState: 'gameOver', winner: 0, scores: [11, 5], reason: 'score' }),
      {
        state: 'gameOver',
        data: { winner: 0, scores: [11, 5], paddlePositions: [250, 350], gameState: 'gameOver' },
      },
    ],
    [
      'a final gameState before the gameOver message shows the game over',
      playing(),
      gameState({ gameState: 'gameOver', winner: 1, scores: [7, 11], reason: 'score' }),
      {
        state: 'gameOver',
        gameOver: {
          outcome: 'lose',
          scores: [7, 11],
          reason: 'score',
          message: '',
          opponentDisconnected: false,
        },
      },
    ],
    [
      'a waitingForReconnection state with the opponent away shows the overlay',
      playing(),
      gameState({
        gameState: 'waitingForReconnection',
        disconnectedPlayerIndex: 1,
        reconnectionTimeLeft: 24,
      }),
      {
        state: 'waitingForReconnection',
        reconnectionWindowActive: true,
        disconnectedPlayerIndex: 1,
        reconnectionTimeLeft: 24,
      },
    ],
    [
      'a playing state clears the overlay',
      playing({
        state: 'waitingForReconnection',
        reconnectionWindowActive: true,
        disconnectedPlayerIndex: 1,
        reconnectionTimeLeft: 12,
      }),
      gameState({ gameState: 'playing' }),
      {
        state: 'playing',
        reconnectionWindowActive: false,
        disconnectedPlayerIndex: null,
        reconnectionTimeLeft: null,
      },
    ],
    [
      'a countdown state clears the overlay',
      playing({ reconnectionWindowActive: true, disconnectedPlayerIndex: 1, reconnectionTimeLeft: 12 }),
      gameState({ gameState: 'countdown', countdownTime: 2 }),
      { reconnectionWindowActive: false, countdownTime: 2 },
    ],
  ])('%s', (_name, before, event, expected) => {
    check(before, event, expected);
  });
});
