import type { Clock } from '../../common/clock.ts';

/** A token bucket on the injected clock: `take()` is false when the rate has been exceeded. */
export interface TokenBucket {
  take(): boolean;
}

export function createTokenBucket(options: { perSecond: number; burst: number; clock: Clock }): TokenBucket {
  const { perSecond, burst, clock } = options;
  let tokens = burst;
  let last = clock.now();
  return {
    take() {
      const now = clock.now();
      tokens = Math.min(burst, tokens + ((now - last) / 1000) * perSecond);
      last = now;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
