/**
 * How the peer's ticks are measured so they compare with the product's. The product runs
 * one tick of every match per 60 Hz period; Colyseus gives each room its own loop (`setFixedTimestep`: a
 * `setInterval` and an accumulator that runs whole fixed steps, catching up at most 5 at once and then
 * dropping the backlog) and, for a schema state, its own 20 Hz patch timer. So:
 *
 * - the tick duration the bench reads is the work of every room (steps and patches, serialisation and
 *   sends included) summed over each 60 Hz period of wall time, the same quantity as the product's one tick
 *   of all matches; the duration of one room's step is kept apart;
 * - a room's step is missed when it fell due more than one period before the loop frame that runs it
 *   started (see createLoopFrames); the missed ticks the bench reads are the 60 Hz periods of wall time in
 *   which some room's missed step fell due, so one stall of the loop counts as often as it would for the
 *   product's single runner, not once for every room it delayed.
 *
 * Pure: times are passed in.
 */

/**
 * Counts each period of wall time once, however many rooms missed a step due in it: `missed` is true the
 * first time a period is named. Periods far older than the newest are forgotten, so memory stays small.
 */
export interface MissedPeriods {
  missed(dueMs: number): boolean;
}

export function createMissedPeriods(periodMs: number, remember = 600): MissedPeriods {
  const seen = new Set<number>();
  let newest = Number.NEGATIVE_INFINITY;
  return {
    missed(dueMs) {
      const at = Math.floor(dueMs / periodMs);
      if (seen.has(at) || at <= newest - remember) return false;
      seen.add(at);
      if (at > newest) {
        newest = at;
        for (const old of seen) if (old <= newest - remember) seen.delete(old);
      }
      return true;
    },
  };
}

/** Sums work into consecutive periods of wall time and reports each period's total once it has passed. */
export interface PeriodWork {
  add(startedMs: number, durationMs: number): void;
}

export function createPeriodWork(periodMs: number, observe: (totalMs: number) => void): PeriodWork {
  let period = Number.NaN;
  let total = 0;
  return {
    add(startedMs, durationMs) {
      const at = Math.floor(startedMs / periodMs);
      if (at !== period) {
        if (total > 0) observe(total);
        period = at;
        total = 0;
      }
      total += durationMs;
    },
  };
}

const NONE: readonly number[] = Object.freeze([]);

/** One room's loop, frame by frame. */
export interface LoopFrames {
  /** A frame of the loop started at `frameMs` (the room clock's reading): the due times of steps missed. */
  frame(frameMs: number): readonly number[];
}

/**
 * The lateness of a room's loop, read from every frame of it: Colyseus' loop is a `setInterval` of one period
 * (each frame ticks the room clock, then its accumulator runs the whole steps due), so a frame falls due one
 * period after the last, and one that starts more than a period after that was held up by the event loop; the
 * steps due more than a period before it started are missed (whether the accumulator then runs them late or
 * drops them beyond its 5 catch-up steps), as the product's runner counts its ticks. Lateness is not read per
 * step: Node's timers and the room clock (Date.now) work in whole milliseconds, so the 16.67 ms interval
 * fires after 15 to 17 ms, and when one fired early enough that its accumulator ran no step, the next runs
 * two, the first a period late with no stall at all; that jitter shows in the bots' snapshot gaps, not here.
 */
export function createLoopFrames(periodMs: number, originMs: number): LoopFrames {
  let last = originMs;
  return {
    frame(frameMs) {
      const missed: number[] = [];
      for (let due = last + periodMs; due < frameMs - periodMs; due += periodMs) missed.push(due);
      last = frameMs;
      return missed.length > 0 ? missed : NONE;
    },
  };
}
