import type { Redis } from 'ioredis';
import type { Clock } from '../../common/clock.ts';
import type { SettleScope } from '../game/store/game-store.ts';
import type { Logger } from '../logger.ts';
import { createLostNodeWatch, type LostNodeWatch } from './lost-node-watch.ts';
import { createNodeLiveness, type NodeLiveness } from './node-liveness.ts';
import { type ClusterPubSub, createClusterPubSub } from './pubsub.ts';
import { connectRedis, parseRedisUrl } from './redis-connection.ts';
import { createRedisKeys, type RedisKeys } from './redis-keys.ts';

/**
 * This process as one game node of several: its Redis connection, its heartbeat (the lease
 * under which it holds its searches and matches: renewed every `beatMs`, gone `ttlMs` after the last
 * beat), and the watch that settles the work of nodes that stopped beating.
 *
 * At start the node waits for its own NODE_ID to be free (a process of that name killed a moment ago still
 * has a heartbeat running out; a second live process of that name would have its matches settled as its
 * own), then beats. Its start-up settlement is then its own rows (an earlier run of this NODE_ID) and rows
 * of no node; other nodes' rows are the watch's, which gives a missing node a few beats to reappear.
 */

export const NODE_BEAT_MS = 1_000;
export const NODE_TTL_MS = 5_000;
/** A node missing this long (while Redis answers) is lost: its searches and matches are settled. */
export const LOST_CONFIRM_MS = 3_000;
export const WATCH_EVERY_MS = 1_000;

export interface ClusterTiming {
  beatMs: number;
  ttlMs: number;
  confirmMs: number;
  watchMs: number;
}

export const CLUSTER_TIMING: ClusterTiming = {
  beatMs: NODE_BEAT_MS,
  ttlMs: NODE_TTL_MS,
  confirmMs: LOST_CONFIRM_MS,
  watchMs: WATCH_EVERY_MS,
};

export class NodeIdTakenError extends Error {
  constructor(nodeId: string, waitedMs: number) {
    super(
      `NODE_ID ${nodeId} is beating in Redis (another live process has it); waited ${waitedMs} ms. ` +
        'Give each game node its own NODE_ID.',
    );
    this.name = 'NodeIdTakenError';
  }
}

export interface ClusterNode {
  nodeId: string;
  redis: Redis;
  keys: RedisKeys;
  liveness: NodeLiveness;
  /** Messages between nodes (bans, wallet notices), on a connection of its own. */
  pubsub: ClusterPubSub;
  /** What this node settles at its start (its own earlier rows and rows of no node). */
  startupScope: SettleScope;
  /** Starts beating and watching for lost nodes; `settle` is the game layer's settlement. */
  run(work: {
    ownersOfOpenWork(): Promise<string[]>;
    settle(nodeIds: string[]): Promise<void>;
  }): LostNodeWatch;
  /** Stops beating and leaves the live set at once (a clean stop's work is settled by itself). */
  stop(): Promise<void>;
}

export async function startClusterNode(options: {
  redisUrl: string;
  keyPrefix: string;
  nodeId: string;
  clock: Clock;
  log: Logger;
  timing?: Partial<ClusterTiming>;
}): Promise<ClusterNode> {
  const { nodeId, clock, log } = options;
  const timing = { ...CLUSTER_TIMING, ...options.timing };
  const target = parseRedisUrl(options.redisUrl);
  const redis = await connectRedis(target, { connectionName: `pong:${nodeId}` });
  const keys = createRedisKeys(options.keyPrefix);
  const liveness = createNodeLiveness({ redis, keys });
  let subscriber: Redis | undefined;
  try {
    await waitForOwnIdToBeFree(liveness, nodeId, timing.ttlMs + timing.beatMs);
    subscriber = await connectRedis(target, { connectionName: `pong:${nodeId}:sub` });
    await liveness.heartbeat(nodeId, timing.ttlMs);
  } catch (error) {
    redis.disconnect();
    subscriber?.disconnect();
    throw error;
  }
  const subscribed = subscriber;
  const pubsub = createClusterPubSub({ publisher: redis, subscriber: subscribed, keys, log });

  const timers: NodeJS.Timeout[] = [];
  let beatFailing = false;
  let watch: LostNodeWatch | undefined;
  const beat = async () => {
    try {
      await liveness.heartbeat(nodeId, timing.ttlMs);
      if (beatFailing) log(`heartbeat of game node ${nodeId} reaches Redis again`);
      beatFailing = false;
    } catch (error) {
      watch?.distrust();
      if (!beatFailing)
        log(`heartbeat of game node ${nodeId} failed; other nodes may take it for lost`, error);
      beatFailing = true;
    }
  };

  return {
    nodeId,
    redis,
    keys,
    liveness,
    pubsub,
    startupScope: { kind: 'nodes', nodeIds: [nodeId], unowned: true },
    run(work) {
      const created = createLostNodeWatch({
        nodeId,
        clock,
        liveNodes: () => liveness.liveNodes(),
        ownersOfOpenWork: work.ownersOfOpenWork,
        settle: work.settle,
        confirmMs: timing.confirmMs,
        // A node reconnects within 2 s (the client's backoff cap) and beats within 1 s more: a lease's worth.
        settleInMs: timing.ttlMs,
        log,
      });
      watch = created;
      timers.push(setInterval(() => void beat(), timing.beatMs));
      timers.push(setInterval(() => void created.check(), timing.watchMs));
      void created.check();
      return created;
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      try {
        await liveness.leave(nodeId);
      } catch (error) {
        log(
          `game node ${nodeId} could not leave the live set; it drops out when its heartbeat runs out`,
          error,
        );
      }
      await pubsub.close().catch(() => {});
      subscribed.disconnect();
      redis.disconnect();
    },
  };
}

async function waitForOwnIdToBeFree(liveness: NodeLiveness, nodeId: string, limitMs: number): Promise<void> {
  const started = Date.now();
  while ((await liveness.liveNodes()).includes(nodeId)) {
    if (Date.now() - started >= limitMs) throw new NodeIdTakenError(nodeId, Date.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
