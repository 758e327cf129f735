import type { Redis } from 'ioredis';
import { luaScript, runScript } from './lua-script.ts';
import { checkNodeId, checkTtl } from './redis-checks.ts';
import { runBatch, whileReachable } from './redis-connection.ts';
import type { RedisKeys } from './redis-keys.ts';

/**
 * Node liveness: each node beats with a time to live (Redis' SET PX, no node's clock); a node is
 * live while its last beat has not run out. A node that stops beating (killed) drops out of `liveNodes` by
 * itself once its time runs out; a clean stop leaves at once.
 */

export interface NodeLiveness {
  /** The node is alive for `ttlMs` more. */
  heartbeat(nodeId: string, ttlMs: number): Promise<void>;
  /** A clean stop: the node is no longer live. */
  leave(nodeId: string): Promise<void>;
  /** Nodes whose heartbeat has not run out (the dead ones are forgotten on the way). */
  liveNodes(): Promise<string[]>;
}

// KEYS: heartbeat, nodes. ARGV: nodeId. Forgets a node only if it did not beat again meanwhile.
const FORGET_IF_DEAD = luaScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then redis.call('SREM', KEYS[2], ARGV[1]) end
return 0
`);

export function createNodeLiveness({ redis, keys }: { redis: Redis; keys: RedisKeys }): NodeLiveness {
  return {
    async heartbeat(nodeId, ttlMs) {
      checkNodeId(nodeId);
      checkTtl(ttlMs);
      await runBatch(
        redis,
        redis.multi().set(keys.nodeHeartbeat(nodeId), '1', 'PX', ttlMs).sadd(keys.nodes(), nodeId),
      );
    },
    async leave(nodeId) {
      checkNodeId(nodeId);
      await runBatch(redis, redis.multi().del(keys.nodeHeartbeat(nodeId)).srem(keys.nodes(), nodeId));
    },
    async liveNodes() {
      const known = await whileReachable(redis, () => redis.smembers(keys.nodes()));
      if (known.length === 0) return [];
      const pipeline = redis.pipeline();
      for (const nodeId of known) pipeline.exists(keys.nodeHeartbeat(nodeId));
      const beating = await runBatch(redis, pipeline);
      const dead = known.filter((_, i) => beating[i] === 0);
      for (const nodeId of dead) {
        await runScript(redis, FORGET_IF_DEAD, [keys.nodeHeartbeat(nodeId), keys.nodes()], [nodeId]);
      }
      return known.filter((_, i) => beating[i] === 1).sort();
    },
  };
}
