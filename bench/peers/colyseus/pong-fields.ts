/**
 * The idiomatic Colyseus room's state: flat fields a `@colyseus/schema` class holds, set
 * from the physics every tick and patched to the players at Colyseus' default rate (20 Hz, binary deltas
 * of the fields that changed). Pure, so the shaping is tested without Colyseus installed; the schema class
 * itself (pong-state.ts) declares these names with their wire types.
 */
import type { MatchPhysics } from '../../../src/common/game/physics.ts';
import type { GameData, GameStateName } from '../../../src/common/protocol.ts';
import { countdownTimeOf } from '../../../src/server/game/match/match-game-data.ts';

export interface PongFields {
  /** The match's tick: it changes every tick, so a patch leaves every 50 ms in every phase, and a client
   * can interpolate by it (the product's snapshots carry a timestamp). */
  tick: number;
  ballX: number;
  ballY: number;
  ballVx: number;
  ballVy: number;
  paddle0: number;
  paddle1: number;
  score0: number;
  score1: number;
  /** The physics phase name: countdown, firstServe, playing, roundEnd, gameOver. */
  phase: string;
  /** The countdown second players see, 0 outside the countdown. */
  countdown: number;
  server: number;
  /** The winner's seat once the match is over, -1 before. */
  winner: number;
}

export function pongFieldsOf(physics: MatchPhysics, countdownSeconds: number): PongFields {
  const { ball, paddles, scores, phase } = physics;
  return {
    tick: physics.tick,
    ballX: ball.x,
    ballY: ball.y,
    ballVx: ball.vx,
    ballVy: ball.vy,
    paddle0: paddles[0],
    paddle1: paddles[1],
    score0: scores[0],
    score1: scores[1],
    phase: phase.name,
    countdown: countdownTimeOf(physics, countdownSeconds),
    server: physics.server,
    winner: phase.name === 'gameOver' ? phase.winner : -1,
  };
}

const PHASES = new Set<string>(['countdown', 'firstServe', 'playing', 'roundEnd', 'gameOver']);
const seat = (n: number): 0 | 1 => (n === 1 ? 1 : 0);

/**
 * What a bot reads back from the decoded state: the SPEC §3 Game data its brain plays on (the same input the
 * product's bots get). Throws on a phase it does not know: a state that drifted from the room fails loudly.
 */
export function gameDataOfFields(fields: PongFields, gameId: string, now: number): GameData {
  if (!PHASES.has(fields.phase)) throw new Error(`unknown phase in the room state: ${fields.phase}`);
  const over = fields.phase === 'gameOver';
  return {
    id: gameId,
    gameState: fields.phase as GameStateName,
    winner: over && fields.winner >= 0 ? seat(fields.winner) : null,
    scores: [fields.score0, fields.score1],
    ballPos: { x: fields.ballX, y: fields.ballY },
    ballVelocity: { x: fields.ballVx, y: fields.ballVy },
    paddlePositions: [fields.paddle0, fields.paddle1],
    countdownTime: fields.countdown,
    currentServer: seat(fields.server),
    reconnectionTimeLeft: null,
    reason: over ? 'score' : null,
    timestamp: now,
    disconnectedPlayerIndex: null,
  };
}
