import type { Redis } from 'ioredis';
import { luaScript, runScript } from './lua-script.ts';
import { checkMatchId, checkNodeId, checkTtl } from './redis-checks.ts';
import { runBatch, whileReachable } from './redis-connection.ts';
import type { RedisKeys } from './redis-keys.ts';

/**
 * Match ownership as a lease (issue 12): a node claims a match, renews the lease while it runs it, and
 * releases it when the match is settled. Time is Redis' own (SET PX): no node's clock is trusted.
 * Guarantees, each step one Lua script:
 * - a match has one owner; only the owner renews or releases (a renewal that returns false means the
 *   match was taken over: the node must stop running it and must not settle it);
 * - once a lease has expired, `takeOver` moves the match to exactly one other node, however many race;
 *   a late renewal by the old owner and a take-over exclude each other: whichever Redis runs first wins;
 * - a node restarted with the same NODE_ID still owns its matches (`ownedBy`, then `renew`), so its
 *   start-up settlement can settle them at once without waiting for the lease to run out.
 * The owner record (a hash) outlives the lease so that a dead owner's matches can be found and taken over.
 */

export type TakeOverResult =
  | { ok: true; previousOwner: string }
  /** `alive`: the owner still renews. `not_leased`: released (settled) or never claimed. */
  | { ok: false; reason: 'alive' | 'not_leased' };

export interface MatchLeases {
  /** True if the match had no owner and now belongs to `nodeId` for `ttlMs`. */
  claim(matchId: string, nodeId: string, ttlMs: number): Promise<boolean>;
  /** True if `nodeId` still owns the match (its lease now runs `ttlMs` more); false if it was lost. */
  renew(matchId: string, nodeId: string, ttlMs: number): Promise<boolean>;
  /** Ends the lease; true if `nodeId` owned it. */
  release(matchId: string, nodeId: string): Promise<boolean>;
  /** The owner and whether its lease is still running, or null when the match is not leased. */
  ownerOf(matchId: string): Promise<{ nodeId: string; live: boolean } | null>;
  /** Leased matches whose owner stopped renewing, each with that owner: candidates for `takeOver`. */
  expired(): Promise<Array<{ matchId: string; nodeId: string }>>;
  /** Matches whose owner of record is `nodeId`, live or expired. */
  ownedBy(nodeId: string): Promise<string[]>;
  takeOver(matchId: string, newNodeId: string, ttlMs: number): Promise<TakeOverResult>;
}

// KEYS: lease, owners. ARGV: matchId, nodeId, ttlMs.
const CLAIM = luaScript(`
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 or redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return 1
`);

// KEYS: lease, owners. ARGV: matchId, nodeId, ttlMs.
const RENEW = luaScript(`
if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1
`);

// KEYS: lease, owners. ARGV: matchId, nodeId.
const RELEASE = luaScript(`
if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('HDEL', KEYS[2], ARGV[1])
return 1
`);

// KEYS: lease, owners. ARGV: matchId, newNodeId, ttlMs.
const TAKE_OVER = luaScript(`
local owner = redis.call('HGET', KEYS[2], ARGV[1])
if not owner then return {0, 'not_leased'} end
if redis.call('EXISTS', KEYS[1]) == 1 then return {0, 'alive'} end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return {1, owner}
`);

export function createMatchLeases({ redis, keys }: { redis: Redis; keys: RedisKeys }): MatchLeases {
  const both = (matchId: string) => [keys.matchLease(matchId), keys.matchOwners()];
  const owners = () => whileReachable(redis, () => redis.hgetall(keys.matchOwners()));
  return {
    async claim(matchId, nodeId, ttlMs) {
      checkMatchId(matchId);
      checkNodeId(nodeId);
      checkTtl(ttlMs);
      return (await runScript(redis, CLAIM, both(matchId), [matchId, nodeId, ttlMs])) === 1;
    },
    async renew(matchId, nodeId, ttlMs) {
      checkMatchId(matchId);
      checkNodeId(nodeId);
      checkTtl(ttlMs);
      return (await runScript(redis, RENEW, both(matchId), [matchId, nodeId, ttlMs])) === 1;
    },
    async release(matchId, nodeId) {
      checkMatchId(matchId);
      checkNodeId(nodeId);
      return (await runScript(redis, RELEASE, both(matchId), [matchId, nodeId])) === 1;
    },
    async ownerOf(matchId) {
      checkMatchId(matchId);
      const [owner, live] = (await runBatch(
        redis,
        redis.pipeline().hget(keys.matchOwners(), matchId).exists(keys.matchLease(matchId)),
      )) as [string | null, number];
      return owner === null ? null : { nodeId: owner, live: live === 1 };
    },
    async expired() {
      const leased = Object.entries(await owners());
      if (leased.length === 0) return [];
      const pipeline = redis.pipeline();
      for (const [matchId] of leased) pipeline.exists(keys.matchLease(matchId));
      const live = await runBatch(redis, pipeline);
      return leased.filter((_, i) => live[i] === 0).map(([matchId, nodeId]) => ({ matchId, nodeId }));
    },
    async ownedBy(nodeId) {
      checkNodeId(nodeId);
      return Object.entries(await owners())
        .filter(([, owner]) => owner === nodeId)
        .map(([matchId]) => matchId);
    },
    async takeOver(matchId, newNodeId, ttlMs) {
      checkMatchId(matchId);
      checkNodeId(newNodeId);
      checkTtl(ttlMs);
      const [ok, value] = (await runScript(redis, TAKE_OVER, both(matchId), [matchId, newNodeId, ttlMs])) as [
        number,
        string,
      ];
      if (ok === 1) return { ok: true, previousOwner: value };
      return { ok: false, reason: value === 'alive' ? 'alive' : 'not_leased' };
    },
  };
}
