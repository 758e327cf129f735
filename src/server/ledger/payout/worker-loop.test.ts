import { describe, expect, it } from 'vitest';
import { sleep } from '../../../../test/support/until.ts';
import { startWorkerLoop } from './worker-loop.ts';

describe('the worker loop (the thin shell around runOnce)', () => {
  it('runs again after each run ends, never two at once', async () => {
    let running = 0;
    let overlapped = false;
    let runs = 0;
    const loop = startWorkerLoop({
      intervalMs: 1,
      log: () => {},
      run: async () => {
        running += 1;
        overlapped ||= running > 1;
        runs += 1;
        await sleep(3);
        running -= 1;
      },
    });
    await sleep(60);
    await loop.stop();
    expect(runs).toBeGreaterThan(2);
    expect(overlapped).toBe(false);
  });

  it('stop() waits for the run in flight, and no run starts after it', async () => {
    let release!: () => void;
    let entered!: () => void;
    const inRun = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let runs = 0;
    const loop = startWorkerLoop({
      intervalMs: 1,
      log: () => {},
      run: () => {
        runs += 1;
        entered();
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    });
    await inRun;
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await sleep(15);
    expect(stopped).toBe(false);
    release();
    await stopping;
    await sleep(15);
    expect(runs).toBe(1);
  });

  it('a failed run is logged and the loop carries on', async () => {
    const logged: string[] = [];
    let runs = 0;
    const loop = startWorkerLoop({
      intervalMs: 1,
      log: (message) => logged.push(message),
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('database unreachable');
      },
    });
    await sleep(30);
    await loop.stop();
    expect(logged[0]).toContain('worker run failed');
    expect(runs).toBeGreaterThan(1);
  });

  it('a run that throws before it returns a promise is logged too, and the loop carries on', async () => {
    const logged: unknown[] = [];
    let runs = 0;
    const loop = startWorkerLoop({
      intervalMs: 1,
      log: (message, error) => logged.push([message, error]),
      // Not async: the first call throws where it is called, from the loop's timer.
      run: () => {
        runs += 1;
        if (runs === 1) throw new Error('rpc client not ready');
        return Promise.resolve();
      },
    });
    for (let poll = 0; poll < 1_000 && runs < 3; poll++) await sleep(5);
    await loop.stop();
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(logged[0]).toEqual([
      expect.stringContaining('worker run failed'),
      new Error('rpc client not ready'),
    ]);
  });
});
