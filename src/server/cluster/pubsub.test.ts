import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MovementNotice } from '../ledger/money-notice.ts';
import type { BanChange } from '../security/bans.ts';
import { banChannel, walletNoticeChannel } from './cluster-channels.ts';
import { type ClusterPubSub, createClusterPubSub } from './pubsub.ts';
import { openTestRedis, type TestRedis } from './test-support/test-redis.ts';

const WALLET = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

/** Two nodes: each publishes on its own connection and listens on another, as pub/sub requires. */
let bed: TestRedis;
let nodeA: { pubsub: ClusterPubSub; logs: string[] };
let nodeB: { pubsub: ClusterPubSub; logs: string[] };
let raw: Redis;

async function node() {
  const logs: string[] = [];
  const pubsub = createClusterPubSub({
    publisher: await bed.connect(),
    subscriber: await bed.connect(),
    keys: bed.keys,
    log: (message, error) => logs.push(error ? `${message}: ${(error as Error).message}` : message),
  });
  return { pubsub, logs };
}

/** Resolves with the messages a handler received once `count` arrived. */
function collect<T>(count: number) {
  const received: T[] = [];
  let done!: () => void;
  const arrived = new Promise<void>((resolve) => {
    done = resolve;
  });
  return {
    received,
    arrived,
    handler: (message: T) => {
      received.push(message);
      if (received.length === count) done();
    },
  };
}

beforeEach(async () => {
  bed = await openTestRedis();
  raw = bed.client;
  nodeA = await node();
  nodeB = await node();
});
afterEach(async () => {
  await nodeA.pubsub.close();
  await nodeB.pubsub.close();
  await bed.close();
});

const notice: MovementNotice = {
  id: randomUUID(),
  type: 'winner_payout',
  walletAddress: WALLET,
  amountLamports: 18_446_744_073_709_551_615n,
  status: 'confirmed',
  signature: '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
  gameMode: 'tiny_tuna',
  gameId: randomUUID(),
  createdAt: new Date('2026-01-02T03:04:05.678Z'),
};

describe('cluster pub/sub', () => {
  it('a ban published by one node reaches the other node, typed as the BanChange it sent', async () => {
    const got = collect<BanChange>(2);
    await nodeB.pubsub.channel(banChannel).subscribe(got.handler);
    const bans = nodeA.pubsub.channel(banChannel);
    expect(await bans.publish({ kind: 'wallet', walletAddress: WALLET, banned: true })).toBe(1);
    await bans.publish({ kind: 'ip', ipAddress: '2001:db8::7', banned: false });
    await got.arrived;
    expect(got.received).toEqual([
      { kind: 'wallet', walletAddress: WALLET, banned: true },
      { kind: 'ip', ipAddress: '2001:db8::7', banned: false },
    ]);
  });

  it('a wallet notice keeps its bigint lamports and its date across the wire', async () => {
    const got = collect<MovementNotice>(1);
    await nodeB.pubsub.channel(walletNoticeChannel).subscribe(got.handler);
    await nodeA.pubsub.channel(walletNoticeChannel).publish(notice);
    await got.arrived;
    expect(got.received).toEqual([notice]);
    expect(typeof got.received[0]!.amountLamports).toBe('bigint');
  });

  it('malformed messages are logged once and dropped, never handed on or thrown; good ones after them still arrive', async () => {
    const got = collect<BanChange>(1);
    const other = collect<BanChange>(1);
    await nodeB.pubsub.channel(banChannel).subscribe(got.handler);
    await nodeB.pubsub.channel(banChannel).subscribe(other.handler);
    const channel = bed.keys.channel('bans');
    await raw.publish(channel, 'not json {');
    await raw.publish(channel, JSON.stringify({ kind: 'wallet', walletAddress: 'short', banned: true }));
    await raw.publish(channel, JSON.stringify({ kind: 'wallet', walletAddress: WALLET, banned: 'yes' }));
    await raw.publish(channel, JSON.stringify({ kind: 'everything', banned: true }));
    await raw.publish(channel, JSON.stringify(null));
    await nodeA.pubsub.channel(banChannel).publish({ kind: 'wallet', walletAddress: WALLET, banned: false });
    await Promise.all([got.arrived, other.arrived]);
    expect(got.received).toEqual([{ kind: 'wallet', walletAddress: WALLET, banned: false }]);
    expect(other.received).toEqual(got.received);
    expect(nodeB.logs).toHaveLength(5);
    expect(nodeB.logs[0]).toMatch(/^pub\/sub bans: dropped a message that is not JSON/);
    for (const line of nodeB.logs.slice(1))
      expect(line).toMatch(/^pub\/sub bans: dropped a malformed message/);
  });

  it('publish refuses a message its receivers would refuse, and sends nothing', async () => {
    const got = collect<BanChange>(1);
    await nodeB.pubsub.channel(banChannel).subscribe(got.handler);
    const bans = nodeA.pubsub.channel(banChannel);
    await expect(bans.publish({ kind: 'ip', ipAddress: 'not-an-ip', banned: true })).rejects.toThrow(
      /pub\/sub bans: refusing to publish a malformed message/,
    );
    await bans.publish({ kind: 'ip', ipAddress: '203.0.113.9', banned: true });
    await got.arrived;
    expect(got.received).toEqual([{ kind: 'ip', ipAddress: '203.0.113.9', banned: true }]);
  });

  it('a handler that throws or rejects is logged; other handlers and later messages still run', async () => {
    const bans = nodeB.pubsub.channel(banChannel);
    await bans.subscribe(() => {
      throw new Error('boom');
    });
    await bans.subscribe(async () => {
      throw new Error('async boom');
    });
    const got = collect<BanChange>(2);
    await bans.subscribe(got.handler);
    const sender = nodeA.pubsub.channel(banChannel);
    await sender.publish({ kind: 'wallet', walletAddress: WALLET, banned: true });
    await sender.publish({ kind: 'wallet', walletAddress: WALLET, banned: false });
    await got.arrived;
    expect(got.received.map((b) => b.banned)).toEqual([true, false]);
    await expect.poll(() => nodeB.logs.length).toBe(4);
    expect(nodeB.logs.filter((l) => l === 'pub/sub bans: a handler failed: boom')).toHaveLength(2);
    expect(nodeB.logs.filter((l) => l === 'pub/sub bans: a handler failed: async boom')).toHaveLength(2);
  });

  it('channels do not mix, and a stopped handler receives nothing more', async () => {
    const notices = collect<MovementNotice>(1);
    await nodeB.pubsub.channel(walletNoticeChannel).subscribe(notices.handler);
    const stopped: BanChange[] = [];
    const stop = await nodeB.pubsub.channel(banChannel).subscribe((b) => {
      stopped.push(b);
    });
    await stop();
    expect(
      await nodeA.pubsub.channel(banChannel).publish({ kind: 'wallet', walletAddress: WALLET, banned: true }),
    ).toBe(0);
    await nodeA.pubsub.channel(walletNoticeChannel).publish(notice);
    await notices.arrived;
    expect(stopped).toEqual([]);
    expect(notices.received).toEqual([notice]);
    expect(nodeB.logs).toEqual([]);
  });
});
