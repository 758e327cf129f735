import type { Clock } from '../../common/clock.ts';
import { TICK_MS } from '../../common/game/constants.ts';

/**
 * The thin shell around the pure match (STYLE.md 2): owns the interval and calls `tick()` at a fixed 60 Hz.
 * Timers drift, so it counts the ticks that are due by the clock and runs them, catching up at most
 * `maxCatchUp` at once; a longer stall (a paused process) is skipped rather than fast-forwarded.
 */
export function startMatchRunner(options: {
  clock: Clock;
  tick: () => void;
  maxCatchUp?: number;
}): () => void {
  const { clock, tick } = options;
  const maxCatchUp = options.maxCatchUp ?? 5;
  let next = clock.now() + TICK_MS;
  const timer = setInterval(() => {
    const now = clock.now();
    let ran = 0;
    while (next <= now && ran < maxCatchUp) {
      tick();
      next += TICK_MS;
      ran++;
    }
    if (next <= now) next = now + TICK_MS;
  }, TICK_MS / 2);
  return () => clearInterval(timer);
}
