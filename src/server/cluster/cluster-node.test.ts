import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../../test/support/until.ts';
import { systemClock } from '../../common/clock.ts';
import { type ClusterNode, NodeIdTakenError, startClusterNode } from './cluster-node.ts';
import { RedisUnavailableError } from './redis-connection.ts';
import { openTestRedis, type TestRedis } from './test-support/test-redis.ts';

/**
 * Node liveness on the real Redis: a node's heartbeat is the lease under which it holds its work; a node
 * that stops beating (as a killed one does) is handed to the settlement by another node's watch, a clean
 * stop leaves at once, and one NODE_ID cannot run twice.
 */
/** Short enough for a test, long enough that a busy machine's stalled event loop does not lapse a lease. */
const FAST = { beatMs: 100, ttlMs: 1_500, confirmMs: 300, watchMs: 50 };

let redis: TestRedis | undefined;
const nodes: ClusterNode[] = [];

afterEach(async () => {
  for (const node of nodes.splice(0)) await node.stop();
  await redis?.close();
  redis = undefined;
});

async function start(nodeId: string) {
  redis ??= await openTestRedis();
  // The test bed's keys are `{prefix}:...`; the node is given the bare prefix.
  const keyPrefix = redis.keys.prefix.slice(1, -2);
  const node = await startClusterNode({
    redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    keyPrefix,
    nodeId,
    clock: systemClock,
    log: () => {},
    timing: FAST,
  });
  nodes.push(node);
  return node;
}

describe('a game node on Redis', () => {
  it('beats from its start; at start it settles only its own earlier rows and rows of no node', async () => {
    const a = await start('node-a');
    expect(await a.liveness.liveNodes()).toEqual(['node-a']);
    expect(a.startupScope).toEqual({ kind: 'nodes', nodeIds: ['node-a'], unowned: true });
  });

  it('a node that stops beating (killed) has its open work settled by another, once, after its lease runs out', async () => {
    const a = await start('node-a');
    // node-b beats once and is killed: no renewal, no leave.
    await a.liveness.heartbeat('node-b', FAST.ttlMs);
    const settled: string[][] = [];
    const beganAt = Date.now();
    let settledAt = 0;
    const owners = ['node-a', 'node-b'];
    a.run({
      ownersOfOpenWork: async () => owners,
      settle: async (ids) => {
        settled.push(ids);
        settledAt = Date.now();
        owners.splice(owners.indexOf('node-b'), 1);
      },
    });
    await until(() => settled.length > 0, { what: 'node-b is settled', intervalMs: 25 });
    expect(settled).toEqual([['node-b']]);
    // Not before its heartbeat ran out and it stayed missing for confirmMs.
    expect(settledAt - beganAt).toBeGreaterThanOrEqual(FAST.ttlMs + FAST.confirmMs - 100);
    await new Promise((resolve) => setTimeout(resolve, 3 * FAST.watchMs));
    expect(settled).toEqual([['node-b']]);
  });

  it('a node that keeps beating is never settled', async () => {
    const a = await start('node-a');
    const b = await start('node-b');
    b.run({ ownersOfOpenWork: async () => [], settle: async () => {} });
    const settled: string[][] = [];
    a.run({ ownersOfOpenWork: async () => ['node-b'], settle: async (ids) => void settled.push(ids) });
    await new Promise((resolve) => setTimeout(resolve, 3 * (FAST.ttlMs + FAST.confirmMs)));
    expect(settled).toEqual([]);
  });

  it('a clean stop leaves the live set at once, and the same NODE_ID may start again at once', async () => {
    const a = await start('node-a');
    await start('node-x');
    await nodes.pop()!.stop();
    expect(await a.liveness.liveNodes()).toEqual(['node-a']);
    const again = await start('node-x');
    expect(await again.liveness.liveNodes()).toEqual(['node-a', 'node-x']);
  });

  it('a NODE_ID held by a live process is refused after waiting out one lease; a dead one is waited for', async () => {
    const a = await start('node-a');
    a.run({ ownersOfOpenWork: async () => [], settle: async () => {} });
    const refused = await start('node-a').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(NodeIdTakenError);
    expect((refused as Error).message).toContain('Give each game node its own NODE_ID');

    // A process of that name killed a moment ago: its heartbeat runs out, then the new one starts.
    await a.liveness.heartbeat('node-k', FAST.ttlMs);
    const before = Date.now();
    const k = await start('node-k');
    expect(Date.now() - before).toBeGreaterThan(FAST.ttlMs / 2);
    expect(await k.liveness.liveNodes()).toContain('node-k');
  });

  it('an unreachable Redis stops the start with a clear error naming its address', async () => {
    const refused = await startClusterNode({
      redisUrl: 'redis://127.0.0.1:1',
      keyPrefix: 'unused',
      nodeId: 'node-z',
      clock: systemClock,
      log: () => {},
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RedisUnavailableError);
    expect((refused as Error).message).toContain('redis://127.0.0.1:1');
  });
});
