import type { Clock } from '../../common/clock.ts';
import type { Logger } from '../logger.ts';

/**
 * Finds game nodes that are gone. A node is taken for lost only when open searches or
 * matches in the database name it, its heartbeat is missing from Redis, and this watcher has seen it missing
 * for `confirmMs` while Redis answered every time: a Redis that restarted empty, or a watcher that could not
 * reach it, is not evidence, and a node gets a few of its own beats to reappear before its work is settled.
 * Any failure to read the liveness (or this node's own heartbeat failing) forgets every suspicion, and none
 * starts again until Redis has answered for `settleInMs` (every node reconnects and beats meanwhile).
 * Settling is the game layer's: conditional updates in one transaction, so it happens once per row however
 * many watchers decide at the same time.
 */
export interface LostNodeWatchDeps {
  /** This node: never taken for lost by itself. */
  nodeId: string;
  clock: Clock;
  /** Nodes beating now (throws when Redis cannot be read). */
  liveNodes(): Promise<string[]>;
  /** Nodes named by open searches and matches in the database. */
  ownersOfOpenWork(): Promise<string[]>;
  /** Settles the lost nodes' open searches and matches. */
  settle(nodeIds: string[]): Promise<void>;
  /** How long a node must be seen missing before it is settled. */
  confirmMs: number;
  /**
   * After Redis could not be read (and at start), how long it must answer before anyone may be suspected:
   * a Redis back from an outage, maybe empty, gives every node time to reconnect and beat again.
   */
  settleInMs: number;
  log: Logger;
}

export function createLostNodeWatch(deps: LostNodeWatchDeps) {
  const missingSince = new Map<string, number>();
  let running: Promise<void> | null = null;
  /** Since when Redis has answered every look without a break; null after a failed one. */
  let answeringSince: number | null = null;
  let unreachableSaid = false;

  const check = async (): Promise<void> => {
    let live: string[];
    let owners: string[];
    try {
      owners = (await deps.ownersOfOpenWork()).filter((id) => id !== deps.nodeId);
      if (owners.length === 0) {
        missingSince.clear();
        return;
      }
      live = await deps.liveNodes();
    } catch (error) {
      missingSince.clear();
      answeringSince = null;
      if (!unreachableSaid) {
        deps.log('cannot tell which game nodes are alive now; no node is taken for lost meanwhile', error);
      }
      unreachableSaid = true;
      return;
    }
    const now = deps.clock.now();
    if (unreachableSaid) deps.log('game nodes can be told alive again');
    unreachableSaid = false;
    answeringSince ??= now;
    if (now - answeringSince < deps.settleInMs) return;
    const lost: string[] = [];
    for (const id of [...missingSince.keys()]) if (!owners.includes(id)) missingSince.delete(id);
    for (const id of owners) {
      if (live.includes(id)) {
        missingSince.delete(id);
        continue;
      }
      const since = missingSince.get(id);
      if (since === undefined) missingSince.set(id, now);
      else if (now - since >= deps.confirmMs) lost.push(id);
    }
    if (lost.length === 0) return;
    try {
      await deps.settle(lost);
      for (const id of lost) missingSince.delete(id);
    } catch (error) {
      deps.log(`settling the work of lost game node(s) ${lost.join(', ')} failed; trying again`, error);
    }
  };

  return {
    /** One look (a look still running is shared, never doubled). */
    check(): Promise<void> {
      running ??= check().finally(() => {
        running = null;
      });
      return running;
    },
    /** This node's own view is in doubt (its heartbeat failed): start every suspicion over. */
    distrust(): void {
      missingSince.clear();
      answeringSince = null;
    },
    /** Nodes seen missing and since when (for tests and logs). */
    suspects: (): ReadonlyMap<string, number> => missingSince,
  };
}

export type LostNodeWatch = ReturnType<typeof createLostNodeWatch>;
