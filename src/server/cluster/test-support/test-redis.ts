import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { connectRedis, DEFAULT_REDIS_URL, parseRedisUrl } from '../redis-connection.ts';
import { createRedisKeys, type RedisKeys } from '../redis-keys.ts';

/**
 * The real Redis for cluster tests: REDIS_URL, else 127.0.0.1:6379. Each test bed has its own random key
 * prefix and deletes its keys when closed, so tests run side by side on one Redis without meeting.
 */
export interface TestRedis {
  keys: RedisKeys;
  /** Connections opened so far (the first is `client`); all are closed by `close`. */
  client: Redis;
  /** Another connection to the same Redis, as a second node would have. */
  connect(): Promise<Redis>;
  close(): Promise<void>;
}

export async function openTestRedis(): Promise<TestRedis> {
  const raw = process.env.REDIS_URL || DEFAULT_REDIS_URL;
  const target = parseRedisUrl(raw);
  const open = async () => {
    try {
      return await connectRedis(target, { connectTimeoutMs: 2_000 });
    } catch (error) {
      throw new Error(
        `Redis at ${target.address} (REDIS_URL, default 127.0.0.1:6379) is unreachable; start redis-server ` +
          `or set REDIS_URL: ${(error as Error).message}`,
      );
    }
  };
  const clients: Redis[] = [await open()];
  const keys = createRedisKeys(`test:${randomUUID()}`);
  return {
    keys,
    client: clients[0]!,
    async connect() {
      const client = await open();
      clients.push(client);
      return client;
    },
    async close() {
      const cleaner = clients[0]!;
      let cursor = '0';
      do {
        const [next, found] = await cleaner.scan(cursor, 'MATCH', `${keys.prefix}*`, 'COUNT', 500);
        if (found.length > 0) await cleaner.del(...found);
        cursor = next;
      } while (cursor !== '0');
      for (const client of clients) client.disconnect();
    },
  };
}
