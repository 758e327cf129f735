/**
 * Time is injected (ARCHITECTURE.md invariant 8): matches, queues, reconnection windows, workers and the
 * local chain take a Clock, so tests advance time instead of sleeping.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface FakeClock extends Clock {
  advance(ms: number): void;
  set(ms: number): void;
}

/**
 * Starts at the real time unless told otherwise: what a test does not stamp itself (a column's database
 * default, a library reading the OS time) then agrees with the fake time, and a fixed date can never fall
 * behind the real one as the calendar moves on.
 */
export function createFakeClock(startMs = Date.now()): FakeClock {
  let t = startMs;
  return {
    now: () => t,
    advance: (ms) => {
      if (ms < 0) throw new RangeError('a clock never runs backwards');
      t += ms;
    },
    set: (ms) => {
      if (ms < t) throw new RangeError('a clock never runs backwards');
      t = ms;
    },
  };
}
