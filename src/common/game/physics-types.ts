import type { RngState } from './rng.ts';

/**
 * The shapes of a match's physics (its state, phases and events), apart from the stepping code so that the
 * match-length rule can name them without importing the physics that calls it.
 */

export type PlayerIndex = 0 | 1;

/**
 * How a match ended: on points (at 11, or the leader at the first point of sudden death), at the final
 * whistle of the match-length rule, or by a player leaving (decided by the match, applied here).
 */
export type EndReason = 'score' | 'finalWhistle' | 'forfeit';

/** Each phase carries only its own fields (STYLE.md 5). */
export type Phase =
  | { name: 'countdown'; ticksLeft: number }
  | { name: 'firstServe'; ticksLeft: number }
  | { name: 'playing' }
  | { name: 'roundEnd'; ticksLeft: number }
  | { name: 'gameOver'; winner: PlayerIndex; reason: EndReason };

export interface Ball {
  x: number;
  y: number;
  vx: number;
  vy: number;
}

export interface MatchPhysics {
  phase: Phase;
  /** Ticks stepped since the match began; the clock of the replay log. */
  tick: number;
  /** The tick the countdown ended on: play time, which the match-length rule counts, starts here. */
  playStartTick: number;
  ball: Ball;
  /** Paddle centres (y) of players 0 (left) and 1 (right). */
  paddles: [number, number];
  scores: [number, number];
  /** Who serves the next (or current) rally; alternates every point. */
  server: PlayerIndex;
  rng: RngState;
  stats: { ballHits: number; rallyCount: number; longestRally: number; maxBallSpeed: number };
  rallyHits: number;
}

/** The paddle targets in force this tick (the centre y each player last asked for), or null for none yet. */
export type PaddleTargets = readonly [number | null, number | null];

export type MatchEvent =
  | { type: 'phase'; phase: Phase['name'] }
  | { type: 'serve'; server: PlayerIndex }
  | { type: 'paddleHit'; player: PlayerIndex; speed: number }
  | { type: 'wallBounce' }
  | { type: 'point'; scorer: PlayerIndex; scores: [number, number] }
  | { type: 'matchOver'; winner: PlayerIndex; reason: EndReason; scores: [number, number] };

export interface StepResult {
  state: MatchPhysics;
  events: MatchEvent[];
}
