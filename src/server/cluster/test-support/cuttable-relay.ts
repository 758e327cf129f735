import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { connectRedis, DEFAULT_REDIS_URL, parseRedisUrl } from '../redis-connection.ts';
import { openTestRedis } from './test-redis.ts';

/**
 * A TCP relay to the real Redis that the test can cut and restore, as a Redis outage would, or make drop
 * Redis' replies (a command runs but its answer is lost with the connection).
 */
export async function cuttableRelay() {
  const upstream = new URL(parseRedisUrl(process.env.REDIS_URL || DEFAULT_REDIS_URL).url);
  const sockets = new Set<net.Socket>();
  let repliesDropped = false;
  const server = net.createServer((client) => {
    const redis = net.connect(Number(upstream.port || 6379), upstream.hostname);
    for (const s of [client, redis]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(redis);
    redis.on('data', (chunk) => {
      if (!repliesDropped) client.write(chunk);
    });
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
    restore: () => {
      repliesDropped = false;
      return listen(port);
    },
    dropReplies: () => {
      repliesDropped = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        if (!server.listening) return resolve();
        server.close(() => resolve());
      }),
  };
}

/** A test bed plus one node connection that reaches Redis through a relay the test can cut. */
export async function openRelayedBed() {
  const bed = await openTestRedis();
  const relay = await cuttableRelay();
  const client = await connectRedis(parseRedisUrl(relay.url));
  return {
    bed,
    relay,
    client,
    async close() {
      client.disconnect();
      await relay.close();
      await bed.close();
    },
  };
}

/** Resolves once the client answers again after an outage (it reconnects by itself); throws after 5 s. */
export async function untilReconnected(client: Redis): Promise<void> {
  const deadline = performance.now() + 5_000;
  while (performance.now() < deadline) {
    if ((await client.ping().catch(() => 'down')) === 'PONG') return;
    await sleep(100);
  }
  throw new Error('the client did not reconnect within 5 s');
}
