import { createFakeClock, type FakeClock } from '../../common/clock.ts';
import type { Timers } from '../game-channel/timers.ts';

export interface ManualTimers extends Timers {
  /** Moves the fake clock forward, firing every timer that falls due, in time order, at its own time. */
  advance(ms: number): void;
  /** Timers still waiting. */
  pending(): number;
}

/**
 * Timers driven by a FakeClock, for tests: nothing fires until the test advances time. Without a clock they
 * keep their own, from 0.
 */
export function createManualTimers(clock: FakeClock = createFakeClock(0)): ManualTimers {
  let sequence = 0;
  const waiting = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimeout(callback, ms) {
      const id = ++sequence;
      waiting.set(id, { at: clock.now() + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout(handle) {
      waiting.delete(handle as number);
    },
    advance(ms) {
      const end = clock.now() + ms;
      for (;;) {
        let next: [number, { at: number; callback: () => void }] | undefined;
        for (const entry of waiting) {
          if (entry[1].at > end) continue;
          if (!next || entry[1].at < next[1].at) next = entry;
        }
        if (!next) break;
        waiting.delete(next[0]);
        if (next[1].at > clock.now()) clock.set(next[1].at);
        next[1].callback();
      }
      if (end > clock.now()) clock.set(end);
    },
    pending: () => waiting.size,
  };
}
