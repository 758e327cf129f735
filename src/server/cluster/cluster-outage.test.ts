import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { BanChange } from '../security/bans.ts';
import { banChannel } from './cluster-channels.ts';
import { createClusterPubSub } from './pubsub.ts';
import { createClusterQueues, jsonEntryCodec } from './queues.ts';
import { RedisUnavailableError } from './redis-connection.ts';
import { openRelayedBed, untilReconnected } from './test-support/cuttable-relay.ts';

/**
 * The rule for a Redis outage: new searches get a clear error while Redis is down, and nothing is lost when
 * it returns. The node's connection goes through a relay the test cuts and restores.
 */
describe('a Redis outage seen by the queues and pub/sub', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('a search during the outage gets RedisUnavailableError at once; queued searches are all there afterwards', async () => {
    const { bed, relay, client, close } = await openRelayedBed();
    cleanups.push(close);
    const codec = jsonEntryCodec(z.object({ n: z.number() }));
    const queues = createClusterQueues({ redis: client, keys: bed.keys, codec });
    await queues.enqueue('practice', 'WalletA', { n: 1 });

    await relay.cut();
    const started = performance.now();
    await expect(queues.enqueue('practice', 'WalletB', { n: 2 })).rejects.toThrow(RedisUnavailableError);
    await expect(queues.enqueue('practice', 'WalletB', { n: 2 })).rejects.toThrow(
      /^Redis at redis:\/\/.* is unreachable/,
    );
    await expect(queues.lengths()).rejects.toThrow(RedisUnavailableError);
    expect(performance.now() - started).toBeLessThan(2_500);

    await relay.restore();
    await untilReconnected(client);
    expect(await queues.positionOf('WalletA')).toEqual({ mode: 'practice', position: 1 });
    expect(await queues.positionOf('WalletB')).toBeNull();
  });

  it('a pairing whose reply was lost with the connection is found again by retrying its pairing id: no search lost', async () => {
    const { bed, relay, client, close } = await openRelayedBed();
    cleanups.push(close);
    const codec = jsonEntryCodec(z.object({ n: z.number() }));
    const queues = createClusterQueues({ redis: client, keys: bed.keys, codec });
    for (const n of [1, 2, 3, 4]) await queues.enqueue('practice', `Wallet${n}`, { n });

    // Redis has the pairing script loaded (a first EVALSHA would get NOSCRIPT, and that reply is lost too).
    expect(await queues.pair('giga_whale', randomUUID())).toBeNull();
    const gameId = randomUUID();
    relay.dropReplies();
    const lost = queues.pair('practice', gameId).catch((error: unknown) => error);
    // Redis ran the pairing (two left the queue); only its reply is lost.
    await expect.poll(() => bed.client.zcard(bed.keys.queue('practice'))).toBe(2);
    await relay.cut();
    await relay.restore();
    expect(await lost).toBeInstanceOf(RedisUnavailableError);
    await untilReconnected(client);

    const found = await queues.pair('practice', gameId);
    expect(found?.map((p) => [p.wallet, p.entry])).toEqual([
      ['Wallet1', { n: 1 }],
      ['Wallet2', { n: 2 }],
    ]);
    expect(await queues.positionOf('Wallet3')).toEqual({ mode: 'practice', position: 1 });
  });

  it('a node subscribed to ban broadcasts hears them again once Redis is back (it resubscribes)', async () => {
    const { bed, relay, client: subscriber, close } = await openRelayedBed();
    cleanups.push(close);
    const logs: string[] = [];
    const listening = createClusterPubSub({
      publisher: await bed.connect(),
      subscriber,
      keys: bed.keys,
      log: (m) => logs.push(m),
    });
    const sender = createClusterPubSub({
      publisher: bed.client,
      subscriber: await bed.connect(),
      keys: bed.keys,
      log: (m) => logs.push(m),
    });
    cleanups.push(() => sender.close());
    const received: BanChange[] = [];
    await listening.channel(banChannel).subscribe((b) => {
      received.push(b);
    });
    const ban: BanChange = { kind: 'ip', ipAddress: '198.51.100.4', banned: true };

    let dropped = 0;
    subscriber.on('close', () => dropped++);
    await relay.cut();
    await expect.poll(() => dropped).toBeGreaterThan(0);
    await relay.restore();
    // Published until the resubscribed node hears one: it must within a few seconds.
    await expect
      .poll(
        async () => {
          await sender.channel(banChannel).publish(ban);
          return received.length;
        },
        { timeout: 5_000, interval: 100 },
      )
      .toBeGreaterThan(0);
    expect(received[0]).toEqual(ban);
    expect(logs).toEqual([]);
  });
});
