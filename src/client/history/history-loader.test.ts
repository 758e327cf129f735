import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../common/clock.ts';
import { createHistoryLoader } from './history-loader.ts';
import type { HistoryTransaction } from './history-transaction.ts';
import { historyRow } from './test-support/history-rows.ts';

/** A loader over a fetch that records when each call started (fake time) and answers when told. */
function setup() {
  const clock = createFakeClock();
  const t0 = clock.now();
  const starts: { wallet: string; at: number; answer(rows?: HistoryTransaction[]): void; fail(): void }[] =
    [];
  const loader = createHistoryLoader({
    clock,
    // The wait moves the fake clock: nothing sleeps.
    wait: async (ms) => clock.advance(ms),
    fetchHistory: (wallet) =>
      new Promise((resolve, reject) => {
        starts.push({
          wallet,
          at: clock.now() - t0,
          answer: (rows = [historyRow({ id: `r${starts.length}`, type: 'entry_fee' })]) => resolve(rows),
          fail: () => reject(new Error('down')),
        });
      }),
  });
  const flush = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return { clock, loader, starts, flush };
}

describe('history cache 500 ms, at least 200 ms between fetches', () => {
  it('an answer under 500 ms old is reused; at 500 ms it is fetched again', async () => {
    const { clock, loader, starts, flush } = setup();
    const first = loader.load('W');
    await flush();
    starts[0]!.answer();
    const rows = await first;
    clock.advance(499);
    expect(await loader.load('W')).toBe(rows);
    expect(starts).toHaveLength(1);
    clock.advance(1);
    const again = loader.load('W');
    await flush();
    expect(starts).toHaveLength(2);
    starts[1]!.answer();
    await again;
  });

  it('a fresh load skips the cache but starts at least 200 ms after the previous fetch', async () => {
    const { clock, loader, starts, flush } = setup();
    const first = loader.load('W');
    await flush();
    clock.advance(50);
    starts[0]!.answer();
    await first;
    const fresh = loader.load('W', { fresh: true });
    await flush();
    expect(starts.map((s) => s.at)).toEqual([0, 200]);
    starts[1]!.answer();
    await fresh;
  });

  it('concurrent loads share one fetch; fresh loads made meanwhile share one fetch after it', async () => {
    const { clock, loader, starts, flush } = setup();
    const a = loader.load('W');
    const b = loader.load('W');
    await flush();
    const c = loader.load('W', { fresh: true });
    const d = loader.load('W', { fresh: true });
    await flush();
    expect(starts).toHaveLength(1);
    clock.advance(300);
    starts[0]!.answer();
    expect(await a).toBe(await b);
    await flush();
    expect(starts).toHaveLength(2);
    expect(starts[1]!.at).toBe(300);
    starts[1]!.answer();
    expect(await c).toBe(await d);
    expect(await c).not.toBe(await a);
  });

  it('a failed fetch is not cached and does not block the next one', async () => {
    const { clock, loader, starts, flush } = setup();
    const first = loader.load('W');
    await flush();
    starts[0]!.fail();
    await expect(first).rejects.toThrow('down');
    clock.advance(200);
    const next = loader.load('W');
    await flush();
    expect(starts).toHaveLength(2);
    starts[1]!.answer();
    await expect(next).resolves.toHaveLength(1);
  });

  it("another wallet's cached answer is never reused", async () => {
    const { loader, starts, flush } = setup();
    const first = loader.load('A');
    await flush();
    starts[0]!.answer();
    await first;
    const other = loader.load('B');
    await flush();
    expect(starts.map((s) => s.wallet)).toEqual(['A', 'B']);
    expect(starts[1]!.at).toBe(200);
    starts[1]!.answer([]);
    await expect(other).resolves.toEqual([]);
  });
});
