import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../../test/support/until.ts';
import type { MovementNotice } from '../ledger/money-notice.ts';
import type { BanChange } from '../security/bans.ts';
import { type ClusterBroadcasts, wireClusterBroadcasts } from './cluster-broadcasts.ts';
import { createClusterPubSub } from './pubsub.ts';
import { openTestRedis, type TestRedis } from './test-support/test-redis.ts';

const WALLET = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

/**
 * Broadcasts between game nodes, on the real Redis: a ledger movement made on one node reaches the node holding the
 * wallet's socket, and a ban made on one node is acted on by every node, each exactly once; when Redis
 * cannot take the message, the node that made it still acts on it itself.
 */
let bed: TestRedis | undefined;
const opened: ClusterBroadcasts[] = [];

afterEach(async () => {
  for (const b of opened.splice(0)) await b.close();
  await bed?.close();
  bed = undefined;
});

async function node() {
  bed ??= await openTestRedis();
  const publisher: Redis = await bed.connect();
  const bans: BanChange[] = [];
  const notices: MovementNotice[] = [];
  const protections: string[] = [];
  const logs: string[] = [];
  const broadcasts = await wireClusterBroadcasts({
    pubsub: createClusterPubSub({
      publisher,
      subscriber: await bed.connect(),
      keys: bed.keys,
      log: () => {},
    }),
    actOnBan: (change) => bans.push(change),
    actOnSignOut: () => {},
    deliverNotice: (notice) => notices.push(notice),
    actOnProtection: (walletAddress) => protections.push(walletAddress),
    log: (message) => logs.push(message),
  });
  opened.push(broadcasts);
  return { broadcasts, bans, notices, protections, logs, publisher };
}

const notice = (): MovementNotice => ({
  id: randomUUID(),
  type: 'refund',
  walletAddress: WALLET,
  amountLamports: 10_000_000n,
  status: 'confirmed',
  signature: '5'.repeat(88),
  gameMode: 'tiny_tuna',
  gameId: null,
  createdAt: new Date(),
});

describe('broadcasts between game nodes', () => {
  it('a movement notified on node A is delivered on node B (and A), once each, bigint and date intact', async () => {
    const [a, b] = [await node(), await node()];
    const sent = notice();
    a.broadcasts.notify(sent);
    await until(() => a.notices.length > 0 && b.notices.length > 0, { timeoutMs: 2_000, intervalMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(b.notices).toEqual([sent]);
    expect(a.notices).toEqual([sent]);
  });

  it('a ban changed on node B is acted on by node A and node B, once each', async () => {
    const [a, b] = [await node(), await node()];
    const change: BanChange = { kind: 'ip', ipAddress: '203.0.113.9', banned: true };
    b.broadcasts.banChanged(change);
    await until(() => a.bans.length > 0 && b.bans.length > 0, { timeoutMs: 2_000, intervalMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(a.bans).toEqual([change]);
    expect(b.bans).toEqual([change]);
  });

  it('a player’s protection change on node B is acted on by node A and node B, once each', async () => {
    const [a, b] = [await node(), await node()];
    b.broadcasts.protectionChanged(WALLET);
    await until(() => a.protections.length > 0 && b.protections.length > 0, {
      timeoutMs: 2_000,
      intervalMs: 10,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(a.protections).toEqual([WALLET]);
    expect(b.protections).toEqual([WALLET]);
  });

  it('when Redis cannot take the message, the node acts on it itself and says so', async () => {
    const [a, b] = [await node(), await node()];
    a.publisher.disconnect();
    const sent = notice();
    a.broadcasts.notify(sent);
    const change: BanChange = { kind: 'wallet', walletAddress: WALLET, banned: true };
    a.broadcasts.banChanged(change);
    await until(() => a.notices.length > 0 && a.bans.length > 0, { timeoutMs: 2_000, intervalMs: 10 });
    expect(a.notices).toEqual([sent]);
    expect(a.bans).toEqual([change]);
    expect(b.notices).toEqual([]);
    expect(a.logs.join('\n')).toMatch(/could not be broadcast/);
  });
});
