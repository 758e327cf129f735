import { randomUUID } from 'node:crypto';
import { afterEach, describe } from 'vitest';
import { deleteRedisKeys } from '../../../../test/cluster/redis-prefix-cleanup.ts';
import { type DatabaseUnderTest, describeEachDatabase } from '../../../../test/support/database-bed.ts';
import type { Clock } from '../../../common/clock.ts';
import { singleNodeTopology } from '../../game/single-node-topology.ts';
import { createDrizzleGameStore } from '../../game/store/drizzle-game-store.ts';
import type { Topology } from '../../game/topology.ts';
import type { MovementNotice } from '../../ledger/money-notice.ts';
import { openClusterTopology } from '../cluster-topology.ts';
import { parseRedisUrl, RedisUnavailableError } from '../redis-connection.ts';
import { TEST_REDIS_URL } from './two-node-beds.ts';

export interface TopologyUnderTest {
  /** As shown in the suite title: 'single node' or 'redis + database'. */
  readonly label: string;
  readonly database: DatabaseUnderTest;
  /** Opens a node of this topology on the suite's database; each is stopped after the test. */
  open(nodeId: string, clock: Clock): Promise<Topology<MovementNotice>>;
}

/**
 * One contract suite, two topologies (as database-bed.ts runs one suite on two databases): the body runs
 * against one process alone and against a node of several sharing Redis and the database, on each database.
 * An unreachable Redis makes every Redis test fail saying so, never skip.
 */
export function describeEachTopology(title: string, body: (target: TopologyUnderTest) => void): void {
  describeEachDatabase(title, (database) => {
    for (const kind of ['single node', 'redis'] as const) {
      describe(kind === 'redis' ? `${kind} at ${parseRedisUrl(TEST_REDIS_URL).address}` : kind, () => {
        const opened: Array<Topology<MovementNotice>> = [];
        let prefix = '';
        afterEach(async () => {
          for (const topology of opened.splice(0)) await topology.stop();
          if (prefix) await deleteRedisKeys(TEST_REDIS_URL, prefix);
          prefix = '';
        });
        body({
          label: kind,
          database,
          async open(nodeId, clock) {
            if (kind === 'single node') {
              const topology = singleNodeTopology<MovementNotice>({
                store: createDrizzleGameStore({ db: database.db, clock }),
                clock,
                nodeId,
              });
              opened.push(topology);
              return topology;
            }
            prefix ||= `test-topology-${randomUUID()}`;
            const topology = await openClusterTopology({
              redisUrl: TEST_REDIS_URL,
              keyPrefix: prefix,
              nodeId,
              store: createDrizzleGameStore({ db: database.db, clock }),
              clock,
              log: () => {},
            }).catch((error: unknown) => {
              if (!(error instanceof RedisUnavailableError)) throw error;
              throw new Error(
                `${error.message} (REDIS_URL, default 127.0.0.1:6379): start redis-server or set REDIS_URL`,
              );
            });
            opened.push(topology);
            return topology;
          },
        });
      });
    }
  });
}
