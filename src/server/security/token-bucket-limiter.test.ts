import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../common/clock.ts';
import { createTokenBucketLimiter } from './token-bucket-limiter.ts';

describe('per-IP token bucket for the sign-in routes', () => {
  it('allows a burst of `capacity`, then one request per refill interval, exactly at its boundary', () => {
    const clock = createFakeClock();
    const limiter = createTokenBucketLimiter({ clock, capacity: 3, refillPerMinute: 6 });
    expect([1, 2, 3, 4].map(() => limiter.take('ip'))).toEqual([true, true, true, false]);
    expect(limiter.retryAfterMs('ip')).toBe(10_000);
    clock.advance(9_999);
    expect(limiter.take('ip')).toBe(false);
    clock.advance(1);
    expect(limiter.take('ip')).toBe(true);
    expect(limiter.take('ip')).toBe(false);
  });

  it('refills to capacity and no further after a long pause', () => {
    const clock = createFakeClock();
    const limiter = createTokenBucketLimiter({ clock, capacity: 2, refillPerMinute: 60 });
    limiter.take('ip');
    clock.advance(60 * 60_000);
    expect([1, 2, 3].map(() => limiter.take('ip'))).toEqual([true, true, false]);
  });

  it('keeps keys apart, and forgets the least recently seen past maxKeys (memory stays bounded)', () => {
    const clock = createFakeClock();
    const limiter = createTokenBucketLimiter({ clock, capacity: 1, refillPerMinute: 1, maxKeys: 2 });
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('b')).toBe(true);
    expect(limiter.take('a')).toBe(false);
    expect(limiter.take('c')).toBe(true); // evicts b, the least recently seen
    expect(limiter.take('b')).toBe(true);
  });
});
