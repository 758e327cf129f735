import type { GameData } from '../../../common/protocol.ts';

export const TEST_GAME = '0b5e7a52-3c1e-4c55-9d0e-1f2a3b4c5d6e';

/** A server gameState's data for reducer and controller tests: a game under way, changed by `over`. */
export function testGameData(over: Partial<GameData> = {}): GameData {
  return {
    id: TEST_GAME,
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
    timestamp: 0,
    disconnectedPlayerIndex: null,
    ...over,
  };
}
