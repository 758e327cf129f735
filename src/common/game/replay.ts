import type { GeneratorVersion } from './generator-versions.ts';
import {
  createMatchPhysics,
  forfeit,
  type MatchEvent,
  type MatchPhysics,
  type PlayerIndex,
  step,
} from './physics.ts';

/**
 * What the server records of a match so anyone holding the revealed seed can re-simulate it
 * (ARCHITECTURE.md invariant 9): the paddle targets as they changed, keyed by the tick they first drove,
 * and how the match ended if not on points. Targets are stored as the clamped values the match used.
 */
export interface MatchRecord {
  seed: string;
  /** The generator the match drew from (rng.ts): records from before draws were keyed are v1. */
  generator: GeneratorVersion;
  countdownSeconds: number;
  /** [tick, player, target]: from step `tick` on, `player`'s paddle heads for `target`. Sorted by tick. */
  inputs: Array<[number, PlayerIndex, number]>;
  /** Set when a player left: after `afterTick` steps, `loser` forfeited. */
  forfeit?: { afterTick: number; loser: PlayerIndex };
}

export interface ReplayResult {
  final: MatchPhysics;
  winner: PlayerIndex | null;
  scores: [number, number];
}

/** The longest a replay runs without a forfeit: one hour of ticks. */
export const MAX_REPLAY_TICKS = 60 * 60 * 60;

/**
 * Where a replay stands: the physics after `state.tick` steps, the paddle targets in force and how many of
 * the record's inputs have been applied. Plain data, so a copy taken at any tick resumes from there.
 */
export interface ReplayCursor {
  state: MatchPhysics;
  targets: [number | null, number | null];
  /** Index of the first input not yet applied. */
  next: number;
}

/** The tick a replay stops at: the forfeit's, else `maxTicks`. */
export function replayStopTick(record: MatchRecord, maxTicks = MAX_REPLAY_TICKS): number {
  return record.forfeit?.afterTick ?? maxTicks;
}

/** A cursor at tick 0; a record forfeited before any step is already over. */
export function startReplay(record: MatchRecord, maxTicks = MAX_REPLAY_TICKS): ReplayCursor {
  const cursor: ReplayCursor = {
    state: createMatchPhysics(record.seed, record.countdownSeconds, record.generator),
    targets: [null, null],
    next: 0,
  };
  applyForfeitAtStop(cursor, record, maxTicks);
  return cursor;
}

export function isReplayOver(
  cursor: ReplayCursor,
  record: MatchRecord,
  maxTicks = MAX_REPLAY_TICKS,
): boolean {
  return cursor.state.phase.name === 'gameOver' || cursor.state.tick >= replayStopTick(record, maxTicks);
}

/**
 * Steps the cursor one tick, in place: the inputs that drive this tick first, then the physics, then the
 * forfeit once its tick is reached. Returns the tick's events, or null when the replay was already over.
 */
export function advanceReplay(
  cursor: ReplayCursor,
  record: MatchRecord,
  maxTicks = MAX_REPLAY_TICKS,
): MatchEvent[] | null {
  if (isReplayOver(cursor, record, maxTicks)) return null;
  const tick = cursor.state.tick + 1;
  for (; cursor.next < record.inputs.length && record.inputs[cursor.next]![0] <= tick; cursor.next++) {
    const [, player, target] = record.inputs[cursor.next]!;
    cursor.targets[player] = target;
  }
  const result = step(cursor.state, cursor.targets);
  cursor.state = result.state;
  return [...result.events, ...applyForfeitAtStop(cursor, record, maxTicks)];
}

function applyForfeitAtStop(cursor: ReplayCursor, record: MatchRecord, maxTicks: number): MatchEvent[] {
  if (!record.forfeit || cursor.state.tick < replayStopTick(record, maxTicks)) return [];
  const result = forfeit(cursor.state, record.forfeit.loser);
  cursor.state = result.state;
  return result.events;
}

export function replayResultOf(state: MatchPhysics): ReplayResult {
  const winner = state.phase.name === 'gameOver' ? state.phase.winner : null;
  return { final: state, winner, scores: state.scores };
}

/** Re-runs a recorded match from its seed; a pure function, so it reproduces the server's result exactly. */
export function replayMatch(record: MatchRecord, maxTicks = MAX_REPLAY_TICKS): ReplayResult {
  const cursor = startReplay(record, maxTicks);
  while (advanceReplay(cursor, record, maxTicks)) {
    // Each call steps one tick; the loop ends when the match is over or the stop tick is reached.
  }
  return replayResultOf(cursor.state);
}
