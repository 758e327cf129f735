import type { ServerMessageOf } from '../../../common/protocol.ts';
import type { LiveMatch } from '../live-match.ts';
import { createSearchLinks, type SearchLinks } from './search-links.ts';

/**
 * What this node holds of its players' sessions, with one writer: its live matches, its searches' sockets
 * (search-links.ts), the `matched` of a match on another node waiting for a socket that was away, and the
 * match ends being written. Everything else reads them, or asks this object to change them; no module holds
 * one of the maps itself (Nakama's one writer, per node rather than per match).
 */
export function createNodeSessions() {
  const matches = new Map<string, LiveMatch>();
  const searches = createSearchLinks();
  /** `matched` of a search paired by another node, for a socket away when it came. */
  const movesWaiting = new Map<string, ServerMessageOf<'matched'>>();
  /** Match ends being written: a stop waits for them, so a match that ended is paid, never cut off. */
  const writing = new Set<Promise<void>>();
  /**
   * Each wallet's match end being written: its stake is released only when that commits, so a search of the
   * wallet (a rematch asked from the game-over screen) waits for it rather than find the stake held.
   */
  const resultOf = new Map<string, Promise<void>>();

  return {
    /** The searches' sockets: their own small object, the only writer of its map. */
    searches: searches as SearchLinks,

    /** This node's live matches, read-only (the tick, seats, reconnects). */
    matches: matches as ReadonlyMap<string, LiveMatch>,
    matchStarted(live: LiveMatch): void {
      matches.set(live.match.id, live);
    },
    /** A finished match whose last messages are out: dropped from memory. */
    matchGone(gameId: string): void {
      matches.delete(gameId);
    },
    /** At a stop: every match is let go (the unfinished ones are settled by the caller). */
    letGoOfMatches(): LiveMatch[] {
      const all = [...matches.values()];
      matches.clear();
      return all;
    },

    /** A `matched` from another node for a player whose socket is away: kept until it comes back. */
    moveWaits(walletAddress: string, message: ServerMessageOf<'matched'>): void {
      movesWaiting.set(walletAddress, message);
    },
    /** The `matched` waiting for this wallet, if any. */
    waitingMoveOf(walletAddress: string): ServerMessageOf<'matched'> | undefined {
      return movesWaiting.get(walletAddress);
    },
    /** The wallet's socket came back: what waited for it is delivered (or there was none). */
    forgetWaitingMove(walletAddress: string): void {
      movesWaiting.delete(walletAddress);
    },

    /** A match's end being written: a stop waits for it, and its players' next search waits for its commit. */
    trackEnd(live: LiveMatch, work: Promise<void>): void {
      const written = work.finally(() => {
        writing.delete(written);
        for (const entry of live.start.entries) {
          if (resultOf.get(entry.player.walletAddress) === written)
            resultOf.delete(entry.player.walletAddress);
        }
      });
      writing.add(written);
      for (const entry of live.start.entries) resultOf.set(entry.player.walletAddress, written);
    },
    /** The match ends being written now. */
    endsBeingWritten(): Array<Promise<void>> {
      return [...writing];
    },
    /** The wallet's match end being written, if any. */
    endOf(walletAddress: string): Promise<void> | undefined {
      return resultOf.get(walletAddress);
    },
  };
}

export type NodeSessions = ReturnType<typeof createNodeSessions>;
