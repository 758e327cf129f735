import type { Clock } from '../../common/clock.ts';

export interface TokenBucketOptions {
  clock: Clock;
  /** Requests a key may make at once. */
  capacity: number;
  /** Requests a key regains per minute, up to the capacity. */
  refillPerMinute: number;
  /** Keys remembered at most; the least recently seen is forgotten first, so memory stays bounded. */
  maxKeys?: number;
}

export interface TokenBucketLimiter {
  /** Spends one token of the key's bucket; false when it is empty. */
  take(key: string): boolean;
  /** Milliseconds until the key has a token again (0 when it has one). */
  retryAfterMs(key: string): number;
}

/**
 * Per-key token buckets in memory, kept as one number per key: the instant the bucket will be full again
 * (the "generic cell rate algorithm" form of a token bucket). It needs no refill arithmetic, so boundaries
 * are exact: with 6 a minute, the next token comes 10 000 ms after, never 9 999.9999.
 * In-process is enough for sign-in: a limit per server process still bounds what one address can do.
 */
export function createTokenBucketLimiter(options: TokenBucketOptions): TokenBucketLimiter {
  const { clock, capacity } = options;
  const maxKeys = options.maxKeys ?? 10_000;
  const intervalMs = 60_000 / options.refillPerMinute;
  /** A bucket holds a token while fullAt − now is at most this. */
  const slack = (capacity - 1) * intervalMs;
  const fullAt = new Map<string, number>();

  const waitMs = (key: string, now: number): number => {
    const full = Math.max(fullAt.get(key) ?? now, now);
    return Math.max(0, full - now - slack);
  };

  /** Re-inserting moves the key to the end, so the Map's first key is always the least recently seen. */
  const remember = (key: string, full: number) => {
    fullAt.delete(key);
    fullAt.set(key, full);
    if (fullAt.size > maxKeys) {
      const oldest = fullAt.keys().next().value;
      if (oldest !== undefined) fullAt.delete(oldest);
    }
  };

  return {
    take(key) {
      const now = clock.now();
      const full = Math.max(fullAt.get(key) ?? now, now);
      // A refused request counts as seen too: the key knocking hardest is the last one to forget.
      if (full - now > slack) {
        remember(key, full);
        return false;
      }
      remember(key, full + intervalMs);
      return true;
    },
    retryAfterMs: (key) => waitMs(key, clock.now()),
  };
}
