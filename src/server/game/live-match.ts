import type { PlayerIndex } from '../../common/game/physics.ts';
import type { PlayerLink } from './game-ports.ts';
import type { MatchStart } from './match-recorder.ts';
import type { Match, SeatInfo } from './match-types.ts';
import type { QueueEntry } from './matchmaker.ts';

/** A match under way on this process, with the sockets bound to its seats. */
export interface LiveMatch {
  match: Match;
  start: MatchStart;
  /** The link currently bound to each seat; null while that seat is away. */
  links: [PlayerLink | null, PlayerLink | null];
  /** Each seat's last measured connection quality, kept when its socket goes. */
  quality: [string | null, string | null];
}

/** The seat a player session owns in this match (ARCHITECTURE invariant 5: the seat belongs to the proof). */
export function seatOf(live: LiveMatch, sessionId: string | null): PlayerIndex | null {
  if (!sessionId) return null;
  const index = live.start.entries.findIndex((e) => e.player.playerSessionId === sessionId);
  return index === 0 || index === 1 ? index : null;
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
    (m) =>
      m.match.status().name !== 'over' &&
      m.start.entries.some((e) => e.player.walletAddress === walletAddress),
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
