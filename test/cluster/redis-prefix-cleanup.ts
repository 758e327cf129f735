import { connectRedis, parseRedisUrl } from '../../src/server/cluster/redis-connection.ts';
import { createRedisKeys } from '../../src/server/cluster/redis-keys.ts';

/**
 * Cluster tests run their nodes under a Redis key prefix of their own; this deletes whatever the nodes wrote
 * under it, so a shared Redis keeps no heartbeats or queues of a finished test.
 */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = await connectRedis(parseRedisUrl(redisUrl));
  try {
    const pattern = `${createRedisKeys(prefix).prefix}*`;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}
