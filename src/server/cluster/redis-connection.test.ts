import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  connectRedis,
  parseRedisUrl,
  RedisUnavailableError,
  RedisUrlError,
  whileReachable,
} from './redis-connection.ts';
import { cuttableRelay, openRelayedBed, untilReconnected } from './test-support/cuttable-relay.ts';
import { openTestRedis } from './test-support/test-redis.ts';

/** A port nothing listens on: bound once by us, then closed. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('REDIS_URL', () => {
  it.each([
    ['redis://127.0.0.1:6379', 'redis://127.0.0.1:6379'],
    ['rediss://cache.example:6380/2', 'rediss://cache.example:6380'],
    ['redis://:secret@10.0.0.5:6379/0', 'redis://10.0.0.5:6379'],
  ])('accepts %s, shown without credentials as %s', (raw, address) => {
    expect(parseRedisUrl(raw)).toEqual({ url: raw, address });
  });

  it.each(['http://127.0.0.1:6379', '127.0.0.1:6379', 'redis://', 'redis://127.0.0.1:6379/queues', ''])(
    'refuses %j with a clear error',
    (raw) => {
      expect(() => parseRedisUrl(raw)).toThrow(RedisUrlError);
      expect(() => parseRedisUrl(raw)).toThrow(/REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
    },
  );

  it('never repeats a password in its error', () => {
    for (const raw of ['http://user:hunter2@host:6379', 'redis//user:hunter2@host']) {
      expect(() => parseRedisUrl(raw)).toThrow(RedisUrlError);
      try {
        parseRedisUrl(raw);
      } catch (error) {
        expect((error as Error).message).not.toContain('hunter2');
      }
    }
  });
});

describe('a Redis outage gives a clear error quickly', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('connecting to a closed port fails with RedisUnavailableError within the connect bound', async () => {
    const port = await closedPort();
    const started = performance.now();
    const attempt = connectRedis(parseRedisUrl(`redis://127.0.0.1:${port}`), { connectTimeoutMs: 1_000 });
    await expect(attempt).rejects.toThrow(RedisUnavailableError);
    await expect(attempt).rejects.toThrow(`Redis at redis://127.0.0.1:${port} is unreachable`);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('connecting to an address that never answers gives up after the connect bound', async () => {
    // A listening socket that accepts but never speaks RESP: the ready check never completes.
    const accepted: net.Socket[] = [];
    const silent = net.createServer((socket) => accepted.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          silent.close(() => resolve());
          for (const socket of accepted) socket.destroy();
        }),
    );
    const { port } = silent.address() as net.AddressInfo;
    const started = performance.now();
    await expect(
      connectRedis(parseRedisUrl(`redis://127.0.0.1:${port}`), { connectTimeoutMs: 500 }),
    ).rejects.toThrow(RedisUnavailableError);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('a command while Redis is down fails at once with the clear error, and works again when it is back', async () => {
    const relay = await cuttableRelay();
    cleanups.push(relay.close);
    const client = await connectRedis(parseRedisUrl(relay.url));
    cleanups.push(() => client.disconnect());
    expect(await whileReachable(client, () => client.ping())).toBe('PONG');

    await relay.cut();
    const started = performance.now();
    await expect(whileReachable(client, () => client.ping())).rejects.toThrow(
      /^Redis at redis:\/\/127\.0\.0\.1:\d+ is unreachable/,
    );
    expect(performance.now() - started).toBeLessThan(2_500);

    await relay.restore();
    await untilReconnected(client);
  });
});

describe('a command whose connection dropped', () => {
  it('fails with the clear error and is never sent again on reconnect (it may have run once)', async () => {
    const { bed, relay, client, close } = await openRelayedBed();
    try {
      const counter = bed.keys.queueSequence();
      relay.dropReplies();
      const lost = whileReachable(client, () => client.incr(counter)).catch((error: unknown) => error);
      // Redis ran it; only its reply is lost.
      await expect.poll(() => bed.client.get(counter)).toBe('1');
      // Back before the client's first reconnection: a client that resends would run it a second time.
      await relay.cut();
      await relay.restore();
      expect(await lost).toBeInstanceOf(RedisUnavailableError);
      await untilReconnected(client);
      expect(await bed.client.get(counter)).toBe('1');
    } finally {
      await close();
    }
  });
});

describe('the test bed', () => {
  it('fails at once with a message naming the address when Redis is unreachable, instead of hanging', async () => {
    const port = await closedPort();
    vi.stubEnv('REDIS_URL', `redis://127.0.0.1:${port}`);
    try {
      const started = performance.now();
      await expect(openTestRedis()).rejects.toThrow(
        `Redis at redis://127.0.0.1:${port} (REDIS_URL, default 127.0.0.1:6379) is unreachable`,
      );
      expect(performance.now() - started).toBeLessThan(3_000);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
