import { type Clock, systemClock } from '../../common/clock.ts';
import type { HistoryTransaction } from './history-transaction.ts';

/** SPEC §9: history cache 500 ms, at least 200 ms between fetches. */
export const HISTORY_CACHE_MS = 500;
export const HISTORY_MIN_GAP_MS = 200;

export interface HistoryLoaderDeps {
  fetchHistory(wallet: string): Promise<HistoryTransaction[]>;
  clock?: Clock;
  /** Resolves after `ms`; a test passes one that moves its fake clock. */
  wait?(ms: number): Promise<void>;
}

export interface HistoryLoader {
  /**
   * The wallet's history. Without `fresh`, an answer under 500 ms old, or the fetch already under way, is
   * shared. With `fresh` (something changed: a notification, a game over, the refresh button) the answer
   * comes from a fetch that starts after this call; calls made while one is queued share it.
   */
  load(wallet: string, options?: { fresh?: boolean }): Promise<HistoryTransaction[]>;
}

interface Fetch {
  wallet: string;
  promise: Promise<HistoryTransaction[]>;
}

/** One loader per panel: fetches never overlap and start at least 200 ms apart. */
export function createHistoryLoader(deps: HistoryLoaderDeps): HistoryLoader {
  const clock = deps.clock ?? systemClock;
  const wait = deps.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let cache: { wallet: string; rows: HistoryTransaction[]; at: number } | null = null;
  let lastStart = Number.NEGATIVE_INFINITY;
  let running: Fetch | null = null;
  let queued: Fetch | null = null;

  const run = async (wallet: string): Promise<HistoryTransaction[]> => {
    const gap = clock.now() - lastStart;
    if (gap < HISTORY_MIN_GAP_MS) await wait(HISTORY_MIN_GAP_MS - gap);
    lastStart = clock.now();
    const rows = await deps.fetchHistory(wallet);
    cache = { wallet, rows, at: clock.now() };
    return rows;
  };

  const start = (wallet: string, after: Promise<unknown>): Fetch => {
    const entry: Fetch = {
      wallet,
      promise: after
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          if (queued === entry) queued = null;
          running = entry;
          return run(wallet);
        }),
    };
    entry.promise
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        if (running === entry) running = null;
      });
    return entry;
  };

  return {
    load(wallet, options = {}) {
      if (!options.fresh) {
        if (cache && cache.wallet === wallet && clock.now() - cache.at < HISTORY_CACHE_MS) {
          return Promise.resolve(cache.rows);
        }
        if (running?.wallet === wallet) return running.promise;
      }
      if (queued?.wallet === wallet) return queued.promise;
      const entry = start(wallet, queued?.promise ?? running?.promise ?? Promise.resolve());
      queued = entry;
      return entry.promise;
    },
  };
}
