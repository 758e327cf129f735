import type { GameModeId } from '../../common/game-modes.ts';
import { ERROR_CODES, ERROR_MESSAGES, type ErrorCode, type ServerMessageOf } from '../../common/protocol.ts';
import { REMATCH_WINDOW_MS } from '../../common/rules.ts';
import type { PlayerLink } from './game-ports.ts';
import type { LiveMatch } from './live-match.ts';
import { REMATCH_CODE_PREFIX } from './store/challenge-rows.ts';

/** A match just over, for its two players' rematch: who played it, in which mode, and where to reach them. */
export interface EndedMatch {
  gameId: string;
  mode: GameModeId;
  wallets: readonly [string, string];
  endedAt: number;
  /** Whether the wallet's player has left the game-over screen (no rematch of theirs will come). */
  left(walletAddress: string): boolean;
}

/** The internal challenge code of a game's rematch offer: one per game (never a link: it is no CHALLENGE_CODE). */
export function rematchCode(gameId: string): string {
  return `${REMATCH_CODE_PREFIX}${gameId}`;
}

/**
 * The matches of this node that ended within REMATCH_WINDOW_MS, kept for their rematch: both players are
 * on this node at the game over (a player held elsewhere moved here to play). A player leaving the game-over
 * screen (MAIN MENU, the return after 10 s, a closed socket) is noted once, and the opponent told 'declined'.
 */
export function createRematches() {
  const ended = new Map<string, { live: LiveMatch; endedAt: number; left: Set<string> }>();
  const walletsOf = (live: LiveMatch) =>
    [live.start.entries[0].player.walletAddress, live.start.entries[1].player.walletAddress] as const;

  const tell = (gameId: string, walletAddress: string, status: 'offered' | 'declined') => {
    const kept = ended.get(gameId);
    if (!kept) return;
    const seat = walletsOf(kept.live).indexOf(walletAddress);
    const link = seat === 0 || seat === 1 ? kept.live.links[seat] : null;
    const message: ServerMessageOf<'rematch'> = { type: 'rematch', gameId, status };
    link?.send(message);
  };

  return {
    /** The match ended at `at`: its players may ask for a rematch until REMATCH_WINDOW_MS after. */
    ended(live: LiveMatch, at: number): void {
      ended.set(live.match.id, { live, endedAt: at, left: new Set() });
    },

    /** The match as its rematch needs it, while within its window at `now`. */
    of(gameId: string, now: number): EndedMatch | undefined {
      const kept = ended.get(gameId);
      if (!kept || now - kept.endedAt > REMATCH_WINDOW_MS) return undefined;
      return {
        gameId,
        mode: kept.live.start.entries[0].mode,
        wallets: walletsOf(kept.live),
        endedAt: kept.endedAt,
        left: (walletAddress) => kept.left.has(walletAddress),
      };
    },

    /** The opponent of `walletAddress` is told that a rematch is offered. */
    offered(gameId: string, walletAddress: string): void {
      const kept = ended.get(gameId);
      if (!kept) return;
      const other = walletsOf(kept.live).find((w) => w !== walletAddress);
      if (other) tell(gameId, other, 'offered');
    },

    /**
     * The link's player left the game-over screen of these games (all its recent ones when `gameId` is absent);
     * returns each game they left now with the opponent, who is told 'declined'.
     */
    left(link: PlayerLink, gameId?: string): Array<{ gameId: string; opponent: string }> {
      const gone: Array<{ gameId: string; opponent: string }> = [];
      for (const [id, kept] of ended) {
        if (gameId !== undefined && id !== gameId) continue;
        const wallets = walletsOf(kept.live);
        const seat = link.walletAddress ? wallets.indexOf(link.walletAddress) : -1;
        if (seat !== 0 && seat !== 1) continue;
        const wallet = wallets[seat];
        if (kept.left.has(wallet)) continue;
        // A closed socket leaves only the games it was the seat's socket of (not another tab's).
        if (gameId === undefined && kept.live.links[seat] !== link) continue;
        kept.left.add(wallet);
        const opponent = wallets[seat === 0 ? 1 : 0];
        tell(id, opponent, 'declined');
        gone.push({ gameId: id, opponent });
      }
      return gone;
    },

    /** Forgets the matches whose window is over by `now`; called from the tick. */
    prune(now: number): void {
      for (const [id, kept] of ended) if (now - kept.endedAt > REMATCH_WINDOW_MS) ended.delete(id);
    },
  };
}

export type Rematches = ReturnType<typeof createRematches>;

/** Why this wallet may not ask for a rematch of this game in this mode now, or null when it may. */
export function rematchRefusal(
  match: EndedMatch | undefined,
  walletAddress: string,
  mode: GameModeId,
): { message: string; code: ErrorCode } | null {
  const unavailable = { message: ERROR_MESSAGES.rematchUnavailable, code: ERROR_CODES.rematchUnavailable };
  if (!match?.wallets.includes(walletAddress) || match.mode !== mode) return unavailable;
  const opponent = match.wallets.find((w) => w !== walletAddress);
  if (!opponent || match.left(opponent) || match.left(walletAddress)) return unavailable;
  return null;
}
