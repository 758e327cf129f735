import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeClock } from '../../common/clock.ts';
import { TICK_MS } from '../../common/game/constants.ts';
import { startMatchRunner } from '../game/match-runner.ts';

describe('issue 11: the runner tells the metrics how late each tick started and which never ran', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a steady loop misses nothing; a 200 ms stall makes its catch-up ticks late and skips the rest', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const clock = createFakeClock(1_000_000);
    const late: number[] = [];
    let skipped = 0;
    const stop = startMatchRunner({
      clock,
      tick: () => {},
      observer: { ran: (lateMs) => late.push(lateMs), skipped: (n) => (skipped += n) },
    });
    const poll = TICK_MS / 2;
    const run = (ms: number) => {
      for (let t = 0; t < ms; t += poll) {
        clock.advance(poll);
        vi.advanceTimersByTime(poll);
      }
    };

    run(1_000);
    expect(late.length).toBeGreaterThanOrEqual(59);
    expect(late.every((ms) => ms >= 0 && ms <= TICK_MS)).toBe(true);
    expect(skipped).toBe(0);

    const steady = late.length;
    clock.advance(200); // The event loop was blocked: the interval did not fire.
    run(poll);
    const afterStall = late.slice(steady);
    // Five catch-up ticks, all more than a period late; the other due ticks of the stall never ran.
    expect(afterStall).toHaveLength(5);
    expect(afterStall.every((ms) => ms > TICK_MS)).toBe(true);
    // 208.3 ms hold 12.5 periods: 12 or 13 ticks fell due, by where the last one before the stall fell.
    expect([12, 13]).toContain(5 + skipped);

    run(200);
    expect(late.slice(steady + 5).every((ms) => ms <= TICK_MS)).toBe(true);
    stop();
  });
});
