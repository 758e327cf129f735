import { afterEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../common/clock.ts';
import { LOGIN_MAX_FAILURES } from '../security/login-throttle.ts';
import { describeLoginThrottle } from '../security/test-support/login-throttle-contract.ts';
import { createRedisLoginThrottle } from './login-throttle-redis.ts';
import { openTestRedis, type TestRedis } from './test-support/test-redis.ts';

const beds: TestRedis[] = [];
afterEach(async () => {
  for (const bed of beds.splice(0)) await bed.close();
});

describeLoginThrottle('Redis', async (clock) => {
  const bed = await openTestRedis();
  beds.push(bed);
  return createRedisLoginThrottle({ redis: bed.client, keys: bed.keys, clock });
});

describe('the Redis login throttle', () => {
  it('two nodes share the count: an address gets 5 attempts across them, not 5 each', async () => {
    const bed = await openTestRedis();
    beds.push(bed);
    const clock = createFakeClock();
    const nodes = [bed.client, await bed.connect()].map((redis) =>
      createRedisLoginThrottle({ redis, keys: bed.keys, clock }),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => nodes[i % 2]!.reserve('10.9.0.1', 'shared@pong.test')),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(LOGIN_MAX_FAILURES);
  });
});
