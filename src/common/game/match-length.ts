import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  FINAL_PLAY_TICKS,
  MAX_BALL_SPEED,
  MAX_RALLY_BALL_SPEED,
  PLAY_TIME_LIMIT_TICKS,
  RALLY_MIN_SLOPE_LIMIT,
  RALLY_SLOPE_STEP,
  RALLY_SPEED_STEP,
  RALLY_SPEED_UP_AFTER_HITS,
  TICK_HZ,
} from './constants.ts';
import type { MatchEvent, MatchPhysics, PlayerIndex, StepResult } from './physics-types.ts';
import { nextFloat } from './rng.ts';

/**
 * The match-length rule as pure functions (the why and the numbers are beside the constants): how a rally
 * hardens as it lengthens, and the clock of play that brings sudden death and the final whistle.
 */

/** The tick on which a match with this countdown leaves it (the first step always does, even from 0). */
export function playStartTickOf(countdownSeconds: number): number {
  return Math.max(1, Math.round(countdownSeconds * TICK_HZ));
}

/** Ticks of play so far: stepped since the countdown ended (a pause for a reconnection steps none). */
export function playTicksOf(state: { tick: number; playStartTick: number }): number {
  return Math.max(0, state.tick - state.playStartTick);
}

/** From this tick of play on, the next point that leaves a player ahead ends the match. */
export function isSuddenDeath(state: { tick: number; playStartTick: number }): boolean {
  return playTicksOf(state) >= PLAY_TIME_LIMIT_TICKS;
}

/** Whole seconds of play before sudden death (0 once in it). */
export function secondsToSuddenDeath(state: { tick: number; playStartTick: number }): number {
  return Math.max(0, Math.ceil((PLAY_TIME_LIMIT_TICKS - playTicksOf(state)) / TICK_HZ));
}

/** Players are shown the clock of play only in its last minute before sudden death, and then sudden death. */
export const PLAY_TIME_SHOWN_SECONDS = 60;

/** What players are shown of the clock: seconds to sudden death in its last minute, 0 in it, else null. */
export function shownPlayTimeLeft(state: {
  tick: number;
  playStartTick: number;
  phase: { name: string };
}): number | null {
  if (state.phase.name === 'countdown' || state.phase.name === 'gameOver') return null;
  const left = secondsToSuddenDeath(state);
  return left <= PLAY_TIME_SHOWN_SECONDS ? left : null;
}

/** The most physics steps a match with this countdown can run: the final whistle ends it. */
export function maxMatchTicks(countdownSeconds: number): number {
  return playStartTickOf(countdownSeconds) + FINAL_PLAY_TICKS;
}

/**
 * The most paddle-target changes such a match records: one per seat per step, since a step applies at most
 * the latest target of each seat. With the default 3 s lead-in and 5 s countdown: 2 × (480 + 43,200) = 87,360
 * changes, 12 bytes each in memory (about 1 MB) and about 25 bytes each as JSON in the audit row.
 */
export function maxRecordedInputs(countdownSeconds: number): number {
  return 2 * maxMatchTicks(countdownSeconds);
}

/** How fast a hit may send the ball, by the number of hits in the rally so far including this one. */
export function rallySpeedCap(rallyHits: number): number {
  const beyond = Math.max(0, rallyHits - RALLY_SPEED_UP_AFTER_HITS);
  return Math.min(MAX_RALLY_BALL_SPEED, MAX_BALL_SPEED + RALLY_SPEED_STEP * beyond);
}

/** The least steepness |vy/vx| a return leaves with, by the number of hits in the rally including this one. */
export function rallyMinSlope(rallyHits: number): number {
  const beyond = Math.max(0, rallyHits - RALLY_SPEED_UP_AFTER_HITS);
  return Math.min(RALLY_MIN_SLOPE_LIMIT, RALLY_SLOPE_STEP * beyond);
}

/**
 * The final whistle of the match-length rule: play has lasted FINAL_PLAY_TICKS, so the match ends now. The
 * player ahead wins; a level score is decided by the seeded generator (even odds, fixed before play began).
 */
export function finalWhistle(state: MatchPhysics, events: MatchEvent[]): StepResult {
  let rng = state.rng;
  let winner: PlayerIndex;
  if (state.scores[0] !== state.scores[1]) {
    winner = state.scores[0] > state.scores[1] ? 0 : 1;
  } else {
    const [r, next] = nextFloat(rng);
    rng = next;
    winner = r < 0.5 ? 0 : 1;
  }
  const scores: [number, number] = [state.scores[0], state.scores[1]];
  events.push(
    { type: 'matchOver', winner, reason: 'finalWhistle', scores },
    { type: 'phase', phase: 'gameOver' },
  );
  return {
    state: {
      ...state,
      rng,
      ball: { x: CANVAS_WIDTH / 2, y: CANVAS_HEIGHT / 2, vx: 0, vy: 0 },
      phase: { name: 'gameOver', winner, reason: 'finalWhistle' },
    },
    events,
  };
}
