import { describe, it } from 'vitest';
import type { ServerMessage } from '../../common/protocol.ts';
import type { GameEvent } from './game-events.ts';
import {
  check,
  GAME,
  gameOverInfo,
  OTHER,
  playing,
  type Row,
  server,
  view,
} from './test-support/reduce-fixtures.ts';

/** The reducer (state/reduce.ts) against SPEC §4 "Client game flow": gameOver outcomes and gameCleanup. */

describe('game over and cleanup', () => {
  const over = (reason: string, finalResult: 'win' | 'loss', winner: 0 | 1): GameEvent =>
    server({
      type: 'gameOver',
      gameId: GAME,
      winner,
      scores: [11, 6],
      reason,
      message: 'text',
      finalResult,
      yourPlayerIndex: 0,
      seed: 'seed',
    } as ServerMessage);
  it.each<Row>([
    [
      'gameOver on points, won',
      playing(),
      over('score', 'win', 0),
      {
        state: 'gameOver',
        searching: false,
        gameOver: {
          outcome: 'win',
          scores: [11, 6],
          reason: 'score',
          message: 'text',
          opponentDisconnected: false,
        },
      },
    ],
    [
      'gameOver on points, lost',
      playing(),
      over('score', 'loss', 1),
      {
        gameOver: {
          outcome: 'lose',
          scores: [11, 6],
          reason: 'score',
          message: 'text',
          opponentDisconnected: false,
        },
      },
    ],
    [
      "gameOver after the opponent left: 'Victory awarded!'",
      playing({
        state: 'waitingForReconnection',
        reconnectionWindowActive: true,
        disconnectedPlayerIndex: 1,
        reconnectionTimeLeft: 3,
      }),
      over('opponent_disconnected', 'win', 0),
      {
        reconnectionWindowActive: false,
        gameOver: {
          outcome: 'win',
          scores: [11, 6],
          reason: 'opponent_disconnected',
          message: 'text',
          opponentDisconnected: true,
        },
      },
    ],
    ['gameOver of another game is ignored', playing({ gameId: OTHER }), over('score', 'win', 0), 'unchanged'],
    [
      'gameOver with no game on screen is ignored',
      view({ connected: true }),
      over('score', 'win', 0),
      'unchanged',
    ],
    [
      'gameCleanup is ignored during game over',
      playing({ state: 'gameOver', gameOver: gameOverInfo }),
      server({ type: 'gameCleanup', gameId: GAME }),
      'unchanged',
    ],
    [
      'gameCleanup otherwise resets all state',
      playing({ reconnectionWindowActive: true, disconnectedPlayerIndex: 1, reconnectionTimeLeft: 5 }),
      server({ type: 'gameCleanup', gameId: GAME }),
      {
        state: 'waiting',
        gameId: null,
        playerIndex: null,
        opponentFound: false,
        reconnectionWindowActive: false,
        connected: true,
        sessionId: 'sess-1234',
      },
    ],
    [
      'gameCleanup of another game is ignored',
      playing(),
      server({ type: 'gameCleanup', gameId: OTHER }),
      'unchanged',
    ],
  ])('%s', (_name, before, event, expected) => {
    check(before, event, expected);
  });
});
