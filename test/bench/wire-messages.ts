import { TICK_MS } from '../../src/common/game/constants.ts';
import type { GameData, ServerMessage } from '../../src/common/protocol.ts';

/** Test messages of the product's wire: game 'g1', seat 0, its tick 100 at server time T0. */
export const GAME = 'g1';
const T0 = 1_000_000;
export const at = (tick: number) => T0 + (tick - 100) * TICK_MS;

export const keyframe = (
  tick: number,
  gameState: GameData['gameState'],
  [x, y, vx, vy]: [number, number, number, number] = [400, 300, 0, 0],
): ServerMessage => ({
  type: 'gameState',
  gameId: GAME,
  playerIndex: 0,
  timestamp: at(tick),
  data: {
    id: GAME,
    gameState,
    winner: null,
    scores: [0, 0],
    ballPos: { x, y },
    ballVelocity: { x: vx, y: vy },
    paddlePositions: [300, 300],
    countdownTime: 0,
    currentServer: 0,
    reconnectionTimeLeft: null,
    reason: null,
    timestamp: at(tick),
    disconnectedPlayerIndex: null,
    tick,
    rallyHits: 0,
  },
});

export const ballEvent = (
  kind: 'serve' | 'hit',
  tick: number,
  ball: [number, number, number, number],
): ServerMessage => ({
  type: 'ballEvent',
  gameId: GAME,
  kind,
  tick,
  at: at(tick),
  ball,
  rallyHits: kind === 'serve' ? 0 : 1,
  paddles: [300, 300],
});
