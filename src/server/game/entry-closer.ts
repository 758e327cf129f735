import type { CloseStatus, QueueEntry } from './queue-entry.ts';
import type { GameStore, StoreTx } from './store/game-store.ts';

/**
 * A matchmaker's close of an entry (see Matchmaker.close): the store's conditional close and what the close owes
 * in one transaction (GameStore.closeSearch); a second close of an entry being closed shares the first. Once committed, `settled`
 * brings memory in line with the database (the row is no longer active either way), told whether this close
 * closed it; if the write fails, this throws and the search is still there.
 */
export function createEntryCloser<E extends QueueEntry>(
  store: Pick<GameStore, 'closeSearch'>,
  settled: (entry: E, closedHere: boolean) => Promise<void> | void,
) {
  const closing = new Map<string, Promise<E | null>>();
  return (
    entry: E,
    status: CloseStatus,
    owed?: (tx: StoreTx, entry: E) => Promise<void>,
  ): Promise<E | null> => {
    const pending = closing.get(entry.id);
    if (pending) return pending;
    const closed = (async () => {
      const done = await store.closeSearch(entry, status, owed);
      await settled(entry, done);
      return done ? entry : null;
    })().finally(() => closing.delete(entry.id));
    closing.set(entry.id, closed);
    return closed;
  };
}
