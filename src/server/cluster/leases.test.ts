import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMatchLeases, type MatchLeases } from './leases.ts';
import { openTestRedis, type TestRedis } from './test-support/test-redis.ts';

/** Lease times in these tests: short, and waited out for real (Redis keeps the time, not a fake clock). */
const TTL = 200;
const PAST_TTL = TTL + 100;

let bed: TestRedis;
let leases: MatchLeases;

beforeEach(async () => {
  bed = await openTestRedis();
  leases = createMatchLeases({ redis: bed.client, keys: bed.keys });
});
afterEach(async () => {
  await bed.close();
});

describe('match leases', () => {
  it('a match has one owner: a second claim fails, by another node or the same', async () => {
    expect(await leases.claim('match-1', 'node-a', TTL)).toBe(true);
    expect(await leases.claim('match-1', 'node-b', TTL)).toBe(false);
    expect(await leases.claim('match-1', 'node-a', TTL)).toBe(false);
    expect(await leases.ownerOf('match-1')).toEqual({ nodeId: 'node-a', live: true });
    expect(await leases.ownerOf('match-2')).toBeNull();
  });

  it('only the owner renews; renewing keeps the lease alive past its first time to live', async () => {
    // Renewed every 100 ms with 400 ms to live: a slow machine has 300 ms of slack.
    const ttl = 400;
    await leases.claim('match-1', 'node-a', ttl);
    expect(await leases.renew('match-1', 'node-b', ttl)).toBe(false);
    for (let i = 0; i < 6; i++) {
      await sleep(100);
      expect(await leases.renew('match-1', 'node-a', ttl)).toBe(true);
    }
    // 600 ms after the claim, past its first time to live, it is still held.
    expect(await leases.ownerOf('match-1')).toEqual({ nodeId: 'node-a', live: true });
    expect(await leases.expired()).toEqual([]);
    expect(await leases.takeOver('match-1', 'node-b', TTL)).toEqual({ ok: false, reason: 'alive' });
  });

  it('a lease not renewed runs out by Redis time and is listed as expired with its owner', async () => {
    await leases.claim('match-1', 'node-a', TTL);
    await leases.claim('match-2', 'node-b', 5_000);
    await sleep(PAST_TTL);
    expect(await leases.ownerOf('match-1')).toEqual({ nodeId: 'node-a', live: false });
    expect(await leases.expired()).toEqual([{ matchId: 'match-1', nodeId: 'node-a' }]);
  });

  it('takeOver succeeds exactly once after the owner stopped renewing; the old owner then cannot renew or release', async () => {
    await leases.claim('match-1', 'node-a', TTL);
    await sleep(PAST_TTL);
    expect(await leases.takeOver('match-1', 'node-b', TTL)).toEqual({ ok: true, previousOwner: 'node-a' });
    expect(await leases.takeOver('match-1', 'node-c', TTL)).toEqual({ ok: false, reason: 'alive' });
    expect(await leases.renew('match-1', 'node-a', TTL)).toBe(false);
    expect(await leases.release('match-1', 'node-a')).toBe(false);
    expect(await leases.ownerOf('match-1')).toEqual({ nodeId: 'node-b', live: true });
    expect(await leases.expired()).toEqual([]);
  });

  it('many nodes racing to take over the same dead match on their own connections: exactly one wins', async () => {
    await leases.claim('match-1', 'dead-node', TTL);
    await leases.claim('match-2', 'dead-node', TTL);
    await sleep(PAST_TTL);
    const racers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => ({
        nodeId: `node-${i}`,
        leases: createMatchLeases({ redis: await bed.connect(), keys: bed.keys }),
      })),
    );
    for (const matchId of ['match-1', 'match-2']) {
      const results = await Promise.all(
        racers.flatMap((r) => [
          r.leases.takeOver(matchId, r.nodeId, 5_000),
          r.leases.takeOver(matchId, r.nodeId, 5_000),
        ]),
      );
      const wins = results.filter((r) => r.ok);
      expect(wins).toEqual([{ ok: true, previousOwner: 'dead-node' }]);
      const owner = await leases.ownerOf(matchId);
      expect(owner?.live).toBe(true);
      expect(racers.map((r) => r.nodeId)).toContain(owner?.nodeId);
    }
  });

  it('a late renewal by the owner and a take-over exclude each other: the owner keeps it if it renews first', async () => {
    await leases.claim('match-1', 'node-a', TTL);
    await sleep(PAST_TTL);
    expect(await leases.renew('match-1', 'node-a', TTL)).toBe(true);
    expect(await leases.takeOver('match-1', 'node-b', TTL)).toEqual({ ok: false, reason: 'alive' });
  });

  it('release ends the lease for good: the match is no longer expired nor taken over (it was settled)', async () => {
    await leases.claim('match-1', 'node-a', TTL);
    expect(await leases.release('match-1', 'node-b')).toBe(false);
    expect(await leases.release('match-1', 'node-a')).toBe(true);
    expect(await leases.release('match-1', 'node-a')).toBe(false);
    await sleep(PAST_TTL);
    expect(await leases.ownerOf('match-1')).toBeNull();
    expect(await leases.expired()).toEqual([]);
    expect(await leases.takeOver('match-1', 'node-b', TTL)).toEqual({ ok: false, reason: 'not_leased' });
    expect(await bed.client.exists(bed.keys.matchLease('match-1'))).toBe(0);
  });

  it('a node restarted with the same id finds its matches and holds them again at once', async () => {
    await leases.claim('match-1', 'node-a', 5_000);
    await leases.claim('match-2', 'node-b', 5_000);
    await leases.claim('match-3', 'node-a', TTL);
    await sleep(PAST_TTL);
    expect((await leases.ownedBy('node-a')).sort()).toEqual(['match-1', 'match-3']);
    for (const matchId of await leases.ownedBy('node-a')) {
      expect(await leases.renew(matchId, 'node-a', 5_000)).toBe(true);
    }
    expect(await leases.expired()).toEqual([]);
  });

  it('refuses malformed ids and lease times before touching Redis', async () => {
    await expect(leases.claim('match 1', 'node-a', TTL)).rejects.toThrow(/match id/);
    await expect(leases.claim('match-1', 'node a', TTL)).rejects.toThrow(/node id/);
    await expect(leases.claim('match-1', 'node-a', 0)).rejects.toThrow(/lease time/);
    await expect(leases.renew('match-1', 'node-a', 1.5)).rejects.toThrow(/lease time/);
    expect(await bed.client.hlen(bed.keys.matchOwners())).toBe(0);
  });
});
