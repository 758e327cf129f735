import type { PlayerIndex } from '../../common/game/physics.ts';
import type { ServerMessageOf } from '../../common/protocol.ts';
import type { PlayerLink } from './game-ports.ts';
import type { Match, SeatInfo } from './match/match-types.ts';
import type { QueueEntry } from './matchmaker.ts';
import type { MatchStart } from './store/match-recorder.ts';

/** A match under way on this process, with the sockets bound to its seats. */
export interface LiveMatch {
  match: Match;
  start: MatchStart;
  /** The link currently bound to each seat; null while that seat is away. */
  links: [PlayerLink | null, PlayerLink | null];
  /** Each seat's last measured connection quality, kept when its socket goes. */
  quality: [string | null, string | null];
  /**
   * Seats whose session signed out during the match: null until a new sign-in of the seat's wallet takes the
   * seat back, then that session, which owns the seat from then on.
   */
  signedOut?: Map<PlayerIndex, string | null>;
  /** Each seat's `matched`, kept so a player whose socket closed before it arrived can still be told. */
  told?: [ServerMessageOf<'matched'>, ServerMessageOf<'matched'>];
}

const SEATS = [0, 1] as const;

/** The session that owns a seat now: the one it was matched with, unless that one signed out. */
function ownerOf(live: LiveMatch, seat: PlayerIndex): string | null {
  const after = live.signedOut?.get(seat);
  return after === undefined ? live.start.entries[seat].player.playerSessionId : after;
}

/**
 * The seat a player session owns in this match (ARCHITECTURE invariant 5: the seat belongs to the proof).
 * Another session of the same wallet is refused while the seat's own session lives; once that one signed
 * out, a new sign-in of the wallet (a new proof) may take the seat back within its reconnection window.
 */
export function seatOf(
  live: LiveMatch,
  sessionId: string | null,
  walletAddress: string | null = null,
): { seat: PlayerIndex; retaken: boolean } | null {
  if (!sessionId) return null;
  const owned = SEATS.find((seat) => ownerOf(live, seat) === sessionId);
  if (owned !== undefined) return { seat: owned, retaken: false };
  const free = SEATS.find(
    (seat) =>
      live.signedOut?.get(seat) === null && live.start.entries[seat].player.walletAddress === walletAddress,
  );
  return free === undefined ? null : { seat: free, retaken: true };
}

/** A player session signed out: the seats it owns may be taken back by a new sign-in of their wallet. */
export function seatSignedOut(live: LiveMatch, sessionId: string): void {
  for (const seat of SEATS) {
    if (ownerOf(live, seat) !== sessionId) continue;
    live.signedOut ??= new Map();
    live.signedOut.set(seat, null);
  }
}

/** Where a link sits, in the named game or in any live one. */
export function seatedLink(
  matches: ReadonlyMap<string, LiveMatch>,
  link: PlayerLink,
  gameId: string | undefined,
): { live: LiveMatch; seat: PlayerIndex } | null {
  for (const live of gameId ? [matches.get(gameId)] : matches.values()) {
    if (!live) continue;
    const seat = live.links.indexOf(link);
    if (seat === 0 || seat === 1) return { live, seat };
  }
  return null;
}

/** The unfinished match a wallet plays in, if any. */
export function liveMatchOf(
  matches: ReadonlyMap<string, LiveMatch>,
  walletAddress: string,
): LiveMatch | undefined {
  return [...matches.values()].find(
    (m) => !m.match.isOver() && m.start.entries.some((e) => e.player.walletAddress === walletAddress),
  );
}

/** Keeps each seat's latest measured quality, so the audit has it even after the socket went. */
export function noteQuality(live: LiveMatch): void {
  live.links.forEach((link, seat) => {
    const measured = link?.connectionQuality?.() ?? null;
    if (measured) live.quality[seat] = measured;
  });
}

export function seatInfo(entry: QueueEntry): SeatInfo {
  return {
    walletAddress: entry.player.walletAddress,
    displayName: entry.player.displayName,
    sessionId: entry.player.playerSessionId,
    ip: entry.player.ip,
    userAgent: entry.player.userAgent,
  };
}
