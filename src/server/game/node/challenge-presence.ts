import type { Logger } from '../../logger.ts';
import type { QueueEntry } from '../queue-entry.ts';
import type { GameStore } from '../store/game-store.ts';

/**
 * Whether a challenge's challenger is there, written on its row by the node holding the socket, so an accept
 * on any node sees it (challenge-rows.ts refuses a challenger marked away). The writes of one challenge go one
 * after the other, in the order the socket went and came back, so a quick reload never leaves a stale mark.
 * A public search needs none: the shared queue's away marks keep it from pairing (cluster/away-marks.ts).
 */
export function createChallengePresence(store: Pick<GameStore, 'markChallengeAway'>, log: Logger) {
  const turns = new Map<string, Promise<void>>();
  const write = (entry: QueueEntry, at: number | null): Promise<void> => {
    if (!entry.challenge) return Promise.resolve();
    const previous = turns.get(entry.id) ?? Promise.resolve();
    const turn = previous
      .then(() => store.markChallengeAway(entry.id, at))
      .catch((error: unknown) => {
        log(`marking the challenge of ${entry.player.walletAddress} away or back failed`, error);
      });
    turns.set(entry.id, turn);
    void turn.then(() => {
      if (turns.get(entry.id) === turn) turns.delete(entry.id);
    });
    return turn;
  };
  return {
    /** The challenge's socket closed at `at`. */
    away: (entry: QueueEntry, at: number) => write(entry, at),
    /** A socket of the wallet took the challenge back. */
    back: (entry: QueueEntry) => write(entry, null),
  };
}

export type ChallengePresence = ReturnType<typeof createChallengePresence>;
