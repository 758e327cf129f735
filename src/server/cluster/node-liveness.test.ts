import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeLiveness, type NodeLiveness } from './node-liveness.ts';
import { openTestRedis, type TestRedis } from './test-support/test-redis.ts';

/** Heartbeat times in these tests: short, and waited out for real (Redis keeps the time). */
const TTL = 200;

let bed: TestRedis;
let liveness: NodeLiveness;

beforeEach(async () => {
  bed = await openTestRedis();
  liveness = createNodeLiveness({ redis: bed.client, keys: bed.keys });
});
afterEach(async () => {
  await bed.close();
});

describe('node liveness', () => {
  it('a node that beats is live; one that stops beating drops out once its time runs out', async () => {
    expect(await liveness.liveNodes()).toEqual([]);
    // node-a beats every 100 ms with 400 ms to live (slack for a slow machine); node-b beats once.
    await liveness.heartbeat('node-b', TTL);
    await liveness.heartbeat('node-a', 400);
    expect(await liveness.liveNodes()).toEqual(['node-a', 'node-b']);
    for (let i = 0; i < 4; i++) {
      await sleep(100);
      await liveness.heartbeat('node-a', 400);
    }
    // 400 ms on: node-a kept beating, node-b (killed) did not.
    expect(await liveness.liveNodes()).toEqual(['node-a']);
  });

  it('a dead node is forgotten from the node set, and comes back if it beats again', async () => {
    await liveness.heartbeat('node-a', TTL);
    await sleep(TTL + 100);
    expect(await liveness.liveNodes()).toEqual([]);
    expect(await bed.client.smembers(bed.keys.nodes())).toEqual([]);
    await liveness.heartbeat('node-a', TTL);
    expect(await liveness.liveNodes()).toEqual(['node-a']);
  });

  it('a clean stop leaves at once, before its time runs out', async () => {
    await liveness.heartbeat('node-a', 5_000);
    await liveness.heartbeat('node-b', 5_000);
    await liveness.leave('node-a');
    expect(await liveness.liveNodes()).toEqual(['node-b']);
  });

  it('nodes on their own connections see each other', async () => {
    const other = createNodeLiveness({ redis: await bed.connect(), keys: bed.keys });
    await other.heartbeat('node-b', 5_000);
    await liveness.heartbeat('node-a', 5_000);
    expect(await other.liveNodes()).toEqual(['node-a', 'node-b']);
  });

  it('refuses a malformed node id or time', async () => {
    await expect(liveness.heartbeat('node/a', TTL)).rejects.toThrow(/node id/);
    await expect(liveness.heartbeat('node-a', -1)).rejects.toThrow(/lease time/);
  });
});
