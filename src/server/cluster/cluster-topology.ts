import type { Clock } from '../../common/clock.ts';
import type { GameStore } from '../game/store/game-store.ts';
import type { NodeNaming, Topology } from '../game/topology.ts';
import type { MovementNotice } from '../ledger/money-notice.ts';
import type { RankingsChanges } from '../rankings/rankings-changes.ts';
import type { LoginThrottle } from '../security/login-throttle.ts';
import { createClusterBus } from './cluster-broadcasts.ts';
import { wireClusterGame } from './cluster-game.ts';
import { type ClusterNode, type ClusterTiming, startClusterNode } from './cluster-node.ts';
import { clusterRankingsChanges } from './cluster-rankings-changes.ts';
import { createRedisLoginThrottle } from './login-throttle-redis.ts';

export type ClusterTopology = Topology<MovementNotice> & {
  /** This process as a game node: its Redis connection, heartbeat and lost-node watch. */
  node: ClusterNode;
  /** Reads the shared queue now rather than at the next second (tests), or joins the read under way. */
  refreshNow(): Promise<void>;
  /** Admin login attempts counted on every node together (5 tries per address, not per node). */
  loginAttempts: LoginThrottle;
  /** A player hidden or shown through any node: every node's rankings cache forgets them at once. */
  rankingsChanges: RankingsChanges;
};

/**
 * Several game nodes sharing Redis and PostgreSQL (cluster mode): the queue every node shares in Redis,
 * hand-offs of a match to a search another node holds (the player then moves to the match's node), a bus
 * on Redis pub/sub (bans, sign-outs and wallet notices reach every node), the other nodes' players and
 * matches, a start-up settlement of this node's own rows, a heartbeat with a watch that settles the work
 * of nodes that stopped beating, and a rolling stop (SHUTDOWN_DRAIN_SECONDS).
 */
export async function openClusterTopology(options: {
  redisUrl: string;
  keyPrefix: string;
  nodeId: string;
  /** The game's rows (searches, matches), shared by every node through PostgreSQL. */
  store: GameStore;
  clock: Clock;
  /** Seconds a stop lets this node's live matches play to their end. */
  drainSeconds?: number;
  log: (message: string, error?: unknown) => void;
  timing?: Partial<ClusterTiming>;
}): Promise<ClusterTopology> {
  const { store, clock, log } = options;
  const node = await startClusterNode({
    redisUrl: options.redisUrl,
    keyPrefix: options.keyPrefix,
    nodeId: options.nodeId,
    clock,
    log,
    ...(options.timing ? { timing: options.timing } : {}),
  });
  const game = wireClusterGame({ node, store, clock, log });
  const bus = createClusterBus({ pubsub: node.pubsub, log });
  const drainMs = (options.drainSeconds ?? 0) * 1000;
  let driven: { drain(until: number): Promise<void> } | undefined;
  let quiet: Promise<void> | undefined;
  let stopped: Promise<void> | undefined;
  const quiesce = () => {
    quiet ??= game.stop();
    return quiet;
  };

  return {
    node,
    nodeId: node.nodeId,
    withNode: namingNode(node.nodeId),
    matchmaker: game.matchmaker,
    peers: game.peers,
    bus,
    elsewhere: { players: game.playersElsewhere, matches: game.matchesElsewhere },
    startupScope: node.startupScope,
    drainMs,
    refreshNow: game.refreshNow,
    loginAttempts: createRedisLoginThrottle({ redis: node.redis, keys: node.keys, clock }),
    rankingsChanges: clusterRankingsChanges({ pubsub: node.pubsub, log }),
    async start(here) {
      driven = here.game;
      await game.start(here.game, here.playersHere);
      await bus.listen(here.acts);
      node.run({
        ownersOfOpenWork: () => store.ownersOfOpenRows(),
        settle: async (nodeIds) => {
          await here.game.settleLostNodes(nodeIds);
        },
      });
    },
    async drain() {
      if (drainMs > 0) await driven?.drain(clock.now() + drainMs);
    },
    quiesce,
    stop() {
      // Its own matches are settled: only now does it leave the bus and the live set.
      stopped ??= (async () => {
        await quiesce();
        await bus.close();
        await node.stop();
      })();
      return stopped;
    },
  };
}

/** Where several nodes serve, every `matched` and `connect` reply names the node that sends it. */
export function namingNode(nodeId: string): NodeNaming {
  return (message) => ({ ...message, node: nodeId });
}
