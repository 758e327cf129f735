import { RECONNECTION_WINDOW_MS } from '../../../common/rules.ts';
import type { PlayerLink } from '../game-ports.ts';
import type { QueueEntry } from '../matchmaker.ts';

interface Search {
  entry: QueueEntry;
  /** The socket the search answers to; null while it is away. */
  link: PlayerLink | null;
  /**
   * When the search is closed: an away search's reconnection window, as disconnected; a challenge's expiry,
   * attached or away. Null while a public search is attached, or while its close is running.
   */
  closesAt: number | null;
}

/**
 * Which socket each search of this process answers to. A search whose socket closes is not
 * ended at once: it stays, away, for the reconnection window (SPEC §9), so the player can come back to it; a
 * new socket of the same wallet takes it back. While away it is not paired (nobody would see the match
 * start). When the window ends without a new socket, the game server closes it as disconnected.
 *
 * A challenge is the exception: it waits for its friend, socket or not (a player shares the link from
 * another app, or reloads), until it expires; the game server then closes it with its fee back in full.
 */
export function createSearchLinks() {
  const searches = new Map<string, Search>();

  return {
    /** A new search, or an away one taken back by a new socket of its wallet. */
    attach(entry: QueueEntry, link: PlayerLink): void {
      searches.set(entry.id, { entry, link, closesAt: entry.challenge?.expiresAt ?? null });
    },

    linkOf: (entryId: string): PlayerLink | null => searches.get(entryId)?.link ?? null,

    isAway: (entryId: string): boolean => searches.get(entryId)?.link === null,

    /** The wallet's away search, if any. */
    awayOf(walletAddress: string): QueueEntry | undefined {
      for (const s of searches.values()) {
        if (s.link === null && s.entry.player.walletAddress === walletAddress) return s.entry;
      }
      return undefined;
    },

    /** The link's socket closed at `now`: its searches are away until the window ends. */
    lost(link: PlayerLink, now: number): QueueEntry[] {
      const away: QueueEntry[] = [];
      for (const s of searches.values()) {
        if (s.link !== link) continue;
        s.link = null;
        s.closesAt = s.entry.challenge?.expiresAt ?? now + RECONNECTION_WINDOW_MS;
        away.push(s.entry);
      }
      return away;
    },

    /**
     * Away searches whose window has ended by `now`, and challenges past their expiry; each is handed out
     * once (see `retryAt`).
     */
    expired(now: number): QueueEntry[] {
      const due: QueueEntry[] = [];
      for (const s of searches.values()) {
        if ((s.link !== null && !s.entry.challenge) || s.closesAt === null || s.closesAt > now) continue;
        s.closesAt = null;
        due.push(s.entry);
      }
      return due;
    },

    /** Closing an expired search failed: hand it out again at `at`, unless a socket took it back. */
    retryAt(entryId: string, at: number): void {
      const s = searches.get(entryId);
      if (s && (s.link === null || s.entry.challenge)) s.closesAt = at;
    },

    drop(entryId: string): void {
      searches.delete(entryId);
    },

    all(): Array<{ entry: QueueEntry; link: PlayerLink | null }> {
      return [...searches.values()].map(({ entry, link }) => ({ entry, link }));
    },
  };
}

export type SearchLinks = ReturnType<typeof createSearchLinks>;
