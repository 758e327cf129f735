import type { Clock } from '../../../common/clock.ts';
import type { Database } from '../../db/database.ts';
import { createMatchmaker, type Matchmaker } from '../matchmaker.ts';
import { createDrizzleGameStore } from '../store/drizzle-game-store.ts';

/** The one-process matchmaker over a database (the Drizzle game store), as the tests of its rows build it. */
export function createDrizzleMatchmaker(deps: {
  db: Database;
  clock: Clock;
  nodeId?: string | null;
}): Matchmaker {
  return createMatchmaker({
    store: createDrizzleGameStore(deps),
    clock: deps.clock,
    nodeId: deps.nodeId ?? null,
  });
}
