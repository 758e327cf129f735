import type { GameData } from '../../../common/protocol.ts';
import type { TimedSnapshot } from '../../state/game-api.ts';

export const GAME_ID = '6f1c1a52-52a4-4c35-9d7a-6f4e2b1c9a10';

/** A playing snapshot at the centre; tests override what they look at. */
export function gameData(overrides: Partial<GameData> = {}): GameData {
  return {
    id: GAME_ID,
    gameState: 'playing',
    winner: null,
    scores: [0, 0],
    ballPos: { x: 400, y: 300 },
    ballVelocity: { x: 6, y: 0 },
    paddlePositions: [300, 300],
    countdownTime: 0,
    currentServer: 0,
    reconnectionTimeLeft: null,
    reason: null,
    timestamp: 1_000,
    disconnectedPlayerIndex: null,
    ...overrides,
  };
}

export function timed(receivedAt: number, overrides: Partial<GameData> = {}): TimedSnapshot {
  return { receivedAt, data: gameData(overrides) };
}
