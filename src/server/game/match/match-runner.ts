import { performance } from 'node:perf_hooks';
import type { Clock } from '../../../common/clock.ts';
import { TICK_MS } from '../../../common/game/constants.ts';
import type { Logger } from '../../logger.ts';

/** What the runner reports of each tick (the server's metrics listen). */
export interface TickObserver {
  /** A tick started `lateMs` after it was due and took `durationMs`. */
  ran(lateMs: number, durationMs: number): void;
  /** This many due ticks never ran (a stall longer than the runner catches up). */
  skipped(count: number): void;
}

/**
 * The thin shell around the pure match (STYLE.md 2): owns the timer and calls `tick()` at a fixed 60 Hz.
 * Each wake-up is scheduled for the next tick's due time (rounded up to the timer's whole millisecond), so an
 * idle server starts a tick within about a millisecond of when it falls due (polling every half
 * period let ticks start up to 8 ms late). Timers drift, so it counts the ticks that are due by the clock
 * and runs them, catching up at most `maxCatchUp` at once; a longer stall (a paused process) is skipped
 * rather than fast-forwarded.
 */
export function startMatchRunner(options: {
  clock: Clock;
  tick: () => void;
  maxCatchUp?: number;
  /** Told how late and how long each tick was, and of ticks skipped (the server's metrics). */
  observer?: TickObserver;
  /**
   * Told of a tick that threw. The runner carries on with the next tick as due: an exception out of its
   * timer would leave every match of the node standing still while the node serves on (stray-errors.ts).
   */
  log: Logger;
}): () => void {
  const { clock, tick, observer } = options;
  const maxCatchUp = options.maxCatchUp ?? 5;
  let next = clock.now() + TICK_MS;
  let stopped = false;
  const wakeUp = () => {
    const now = clock.now();
    let ran = 0;
    while (next <= now && ran < maxCatchUp) {
      const lateMs = clock.now() - next;
      const started = performance.now();
      try {
        tick();
      } catch (error) {
        options.log('a match tick threw; the next one runs as due', error);
      }
      observer?.ran(lateMs, performance.now() - started);
      next += TICK_MS;
      ran++;
    }
    if (next <= now) {
      observer?.skipped(Math.floor((now - next) / TICK_MS) + 1);
      next = now + TICK_MS;
    }
    if (!stopped) timer = setTimeout(wakeUp, Math.max(0, Math.ceil(next - clock.now())));
  };
  let timer = setTimeout(wakeUp, Math.ceil(TICK_MS));
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
