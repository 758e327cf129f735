import type { QueueEntry } from '../game/matchmaker.ts';
import type { Logger } from '../logger.ts';
import type { ClusterQueues } from './queues.ts';

/**
 * A node's searches whose sockets are away, as it tells the shared queue (SPEC §9 reconnection window: such a
 * search is not paired). Only the node holding a search's socket knows; it writes the mark when the socket
 * goes and drops it when a socket of the wallet takes the search back. The marks and the node's own pairings
 * and put-backs reach Redis one after another (`inTurn`), in the order they were made: a mark made before a
 * pairing of this node is in Redis when that pairing runs. A mark that could not be written leaves `resync`
 * set, for the next refresh to write this node's searches again.
 */
export function createAwayMarks(queues: Pick<ClusterQueues<unknown>, 'markAway'>, log: Logger) {
  const away = new Set<string>();
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = turn.then(work);
    turn = run.catch(() => {});
    return run;
  };
  const state = { resync: false };
  const write = (entry: QueueEntry, isAway: boolean) =>
    inTurn(() => queues.markAway(entry.player.walletAddress, entry.id, isAway)).catch((error: unknown) => {
      state.resync = true;
      log(
        `marking the search of ${entry.player.walletAddress} away or back in the shared queue failed`,
        error,
      );
    });

  return {
    state,
    inTurn,
    isAway: (entryId: string) => away.has(entryId),
    /** The search's socket went (or the search was found away after Redis gave it out: written again). */
    away(entry: QueueEntry): void {
      away.add(entry.id);
      void write(entry, true);
    },
    /** A socket of the wallet took the search back. */
    back(entry: QueueEntry): void {
      if (away.delete(entry.id)) void write(entry, false);
    },
    /** The search is no longer this node's (closed, matched): Redis drops its mark with it. */
    forget(entryId: string): void {
      away.delete(entryId);
    },
  };
}
