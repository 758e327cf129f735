import { randomUUID } from 'node:crypto';
import type { Address } from '@solana/kit';
import { afterEach } from 'vitest';
import { deleteRedisKeys } from '../../../../test/cluster/redis-prefix-cleanup.ts';
import type { DatabaseUnderTest } from '../../../../test/support/database-bed.ts';
import type { LocalChainServer } from '../../../../test/support/local-chain-server.ts';
import { createDrizzleGameStore } from '../../game/store/drizzle-game-store.ts';
import { type SearchBed, searchBed } from '../../game/test-support/paid-search-bed.ts';
import { createPresence } from '../../gateway/presence.ts';
import { nodeActs } from '../../gateway/wire-game.ts';
import { type ClusterBus, createClusterBus } from '../cluster-broadcasts.ts';
import { type ClusterGame, wireClusterGame } from '../cluster-game.ts';
import { type ClusterNode, startClusterNode } from '../cluster-node.ts';
import { namingNode } from '../cluster-topology.ts';

export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/**
 * The lease of a test's node in Redis. The nodes beat on real timers, while a full run on a two-core machine
 * can keep this process off the CPU for seconds: under the running product's 5 s lease node-b then took a
 * live node-a for lost and refused its challenge as 'challenger away'. A test that needs a lost node makes it
 * leave the live set itself (challenge-on-lost-node.test.ts), so a long lease hides nothing.
 */
const BED_NODE_TTL_MS = 60_000;

export type NodeBed = SearchBed & {
  node: ClusterNode;
  cluster: ClusterGame;
  /** The node's bus on Redis pub/sub, driving the node's own acts (gateway/wire-game.ts `nodeActs`). */
  bus: ClusterBus;
  houseWallet: Address;
};

/**
 * Two game nodes in one process (cluster mode): two game servers on one database and one fake clock (the local
 * chain's), each a node with its own Redis connections under a key prefix of the test's own, sharing the
 * queue in Redis. Registers the clean-up (both nodes stopped, the prefix's keys deleted) after each test.
 * Each node's bus (Redis pub/sub) drives that node's own acts, as a running node's does.
 * One house wallet for all the tests on one database, so a reconcile of that database reads one house's
 * history (a reconcile after several tests counts every test's entries).
 */
export function twoNodeBeds(
  target: DatabaseUnderTest,
  chain: () => LocalChainServer,
  /** Runs on a node once an entry fee is verified there, before its game server has the answer. */
  afterVerify?: (nodeId: string) => Promise<void>,
) {
  const started: Array<{ node: ClusterNode; game: ClusterGame; bus: ClusterBus }> = [];
  let prefix = '';
  let houseWallet: Address | undefined;

  afterEach(async () => {
    for (const { node, game, bus } of started.splice(0)) {
      await bus.close();
      await game.stop();
      await node.stop();
    }
    if (prefix) await deleteRedisKeys(TEST_REDIS_URL, prefix);
    prefix = '';
  });

  return async (): Promise<{ a: NodeBed; b: NodeBed; prefix: string }> => {
    prefix = `test-pairing-${randomUUID()}`;
    const beds: NodeBed[] = [];
    for (const nodeId of ['node-a', 'node-b']) {
      const node = await startClusterNode({
        redisUrl: TEST_REDIS_URL,
        keyPrefix: prefix,
        nodeId,
        clock: chain().clock,
        log: () => {},
        timing: { ttlMs: BED_NODE_TTL_MS },
      });
      const cluster = wireClusterGame({
        node,
        store: createDrizzleGameStore({ db: target.db, clock: chain().clock }),
        clock: chain().clock,
        log: () => {},
      });
      const bus = createClusterBus({ pubsub: node.pubsub, log: () => {} });
      const bed = await searchBed(chain(), target.db, {
        nodeId,
        topology: {
          nodeId,
          withNode: namingNode(nodeId),
          matchmaker: cluster.matchmaker,
          peers: cluster.peers,
        },
        ...(houseWallet ? { houseWallet } : {}),
        ...(afterVerify ? { afterVerify: () => afterVerify(nodeId) } : {}),
        recheckProtectionEverywhere: bus.protectionChanged,
      });
      houseWallet = bed.houseWallet;
      await cluster.start(bed.game, () => 0);
      const presence = createPresence({ intervalMs: 60_000, queueLengths: () => bed.game.queueLengths() });
      await bus.listen(nodeActs({ game: bed.game, bans: bed.bans, presence, log: () => {} }));
      started.push({ node, game: cluster, bus });
      beds.push({ ...bed, node, cluster, bus });
    }
    return { a: beds[0]!, b: beds[1]!, prefix };
  };
}
