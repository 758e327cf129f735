import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeClock } from '../../common/clock.ts';
import { TICK_MS } from '../../common/game/constants.ts';
import { startMatchRunner } from '../game/match/match-runner.ts';

describe('the runner tells the metrics how late each tick started and which never ran', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A runner on fake timers whose clock moves with them, in steps of `step` ms. */
  function harness() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const clock = createFakeClock(1_000_000);
    const late: number[] = [];
    let skipped = 0;
    const stop = startMatchRunner({
      clock,
      tick: () => {},
      log: () => {},
      observer: { ran: (lateMs) => late.push(lateMs), skipped: (n) => (skipped += n) },
    });
    const run = (ms: number, step = 0.25) => {
      for (let t = 0; t < ms; t += step) {
        clock.advance(step);
        vi.advanceTimersByTime(step);
      }
    };
    return { clock, late, skipped: () => skipped, run, stop };
  }

  it('an idle loop starts every tick within a millisecond of its due time, not up to half a period late', () => {
    const { late, skipped, run, stop } = harness();
    run(1_000);
    expect(late.length).toBeGreaterThanOrEqual(59);
    // Polling every half period (the old runner) started ticks up to 8.3 ms late.
    expect(Math.max(...late)).toBeLessThanOrEqual(1);
    expect(late.every((ms) => ms >= 0)).toBe(true);
    expect(skipped()).toBe(0);
    stop();
  });

  it('a 200 ms stall makes its catch-up ticks late and skips the rest', () => {
    const { clock, late, skipped, run, stop } = harness();
    run(1_000);
    const steady = late.length;
    clock.advance(200); // The event loop was blocked: the timer did not fire.
    run(TICK_MS + 1); // Until the timer set before the stall fires (at most one period of timer time).
    const afterStall = late.slice(steady);
    // Five catch-up ticks, all more than a period late; the other due ticks of the stall never ran.
    expect(afterStall).toHaveLength(5);
    expect(afterStall.every((ms) => ms > TICK_MS)).toBe(true);
    // The stall plus the wait hold 13 to 14 periods: that many ticks fell due, by where the last one before fell.
    expect([12, 13, 14]).toContain(5 + skipped());

    run(200);
    expect(late.slice(steady + 5).every((ms) => ms <= 1)).toBe(true);
    stop();
  });

  it('stops: no tick runs after the stop', () => {
    const { late, run, stop } = harness();
    run(100);
    stop();
    const before = late.length;
    run(200);
    expect(late.length).toBe(before);
  });
});
