import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeClock } from '../../../common/clock.ts';
import { startMatchRunner } from './match-runner.ts';

describe('the match runner (the thin shell around the tick)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a tick that throws is logged and the next ticks run as due: the matches of a node that serves on never stand still', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const clock = createFakeClock(1_000_000);
    const logged: Array<[string, unknown]> = [];
    let ticks = 0;
    const stop = startMatchRunner({
      clock,
      tick: () => {
        ticks++;
        if (ticks === 2) throw new Error('a bug in one tick');
      },
      log: (message, error) => logged.push([message, error]),
    });
    for (let t = 0; t < 1_000; t++) {
      clock.advance(1);
      vi.advanceTimersByTime(1);
    }
    stop();
    expect(ticks).toBeGreaterThanOrEqual(59);
    expect(logged).toEqual([[expect.stringContaining('a match tick threw'), new Error('a bug in one tick')]]);
  });
});
