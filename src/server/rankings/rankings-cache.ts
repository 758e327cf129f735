import type { Clock } from '../../common/clock.ts';

/** Entries one node keeps at most: the six boards and the pages read most recently. */
export const RANKINGS_CACHE_MAX_ENTRIES = 1_000;

export interface RankingsCache {
  /**
   * The value under `key` if read less than `ttlMs` ago, else `read()`'s. A value `keep` refuses (a player
   * with no page: any valid address can be asked for, so nothing is stored for those) is returned, not stored.
   */
  get<T>(key: string, read: () => Promise<T>, keep?: (value: T) => boolean): Promise<T>;
  /** A player's choice changed: their page and every board are read afresh from now on. */
  forgetPlayer(wallet: string): void;
  readonly size: number;
}

export const boardKey = (period: string, sort: string) => `board:${period}:${sort}`;
export const playerKey = (wallet: string) => `player:${wallet}`;

/**
 * One node's cache of the public rankings, least recently used out first past `maxEntries`. A read that was
 * under way when a player's choice changed is answered but not stored (the generation moved on), so a value
 * read before a hide cannot come back into the cache after it.
 */
export function createRankingsCache(deps: {
  clock: Clock;
  ttlMs: number;
  maxEntries?: number;
}): RankingsCache {
  const { clock, ttlMs } = deps;
  const maxEntries = deps.maxEntries ?? RANKINGS_CACHE_MAX_ENTRIES;
  const entries = new Map<string, { at: number; value: unknown }>();
  let generation = 0;

  return {
    async get<T>(key: string, read: () => Promise<T>, keep: (value: T) => boolean = () => true) {
      const hit = entries.get(key);
      if (hit && clock.now() - hit.at < ttlMs) {
        // Seen again: it moves to the young end.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as T;
      }
      if (hit) entries.delete(key);
      const startedIn = generation;
      const value = await read();
      if (startedIn === generation && keep(value)) {
        entries.set(key, { at: clock.now(), value });
        while (entries.size > maxEntries) {
          const oldest = entries.keys().next().value;
          if (oldest === undefined) break;
          entries.delete(oldest);
        }
      }
      return value;
    },
    forgetPlayer(wallet) {
      generation += 1;
      entries.delete(playerKey(wallet));
      for (const key of [...entries.keys()]) if (key.startsWith('board:')) entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
