import type { GameModeId } from '../../../common/game-modes.ts';
import {
  ERROR_CODES,
  ERROR_MESSAGES,
  type ErrorCode,
  type ServerMessageOf,
} from '../../../common/protocol.ts';
import { GAME_OVER_SEAT_HOLD_MS, REMATCH_WINDOW_MS } from '../../../common/rules.ts';
import type { PlayerLink } from '../game-ports.ts';
import { type LiveMatch, seatOf } from '../live-match.ts';
import { REMATCH_CODE_PREFIX } from '../store/game-store.ts';

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

/** A game just over and the seat a socket took back at its game-over screen (a reload). */
export interface RejoinedGameOver {
  live: LiveMatch;
  seat: 0 | 1;
  /** The opponent's wallet, and whether they have left the game-over screen already. */
  opponent: string;
  opponentLeft: boolean;
}

interface EndedEntry {
  live: LiveMatch;
  endedAt: number;
  left: Set<string>;
  /** Wallets whose game-over socket closed, with when: a reload may take the seat back for a while. */
  away: Map<string, number>;
}

/**
 * The matches of this node that ended within REMATCH_WINDOW_MS, kept for their rematch: both players are
 * on this node at the game over (a player held elsewhere moved here to play). A player leaving the game-over
 * screen (MAIN MENU, the return after 10 s, or a socket closed and not back within GAME_OVER_SEAT_HOLD_MS)
 * is noted once, and the opponent told 'declined'. A reload within that hold takes the screen back.
 */
export function createRematches() {
  const ended = new Map<string, EndedEntry>();
  /** The rematch asks of each game under way, one after the other. */
  const turns = new Map<string, Promise<void>>();
  const walletsOf = (live: LiveMatch) =>
    [live.start.entries[0].player.walletAddress, live.start.entries[1].player.walletAddress] as const;

  const tell = (
    gameId: string,
    walletAddress: string,
    status: 'offered' | 'declined',
    closes?: { expiresAt: number; now: number },
  ) => {
    const kept = ended.get(gameId);
    if (!kept) return;
    const seat = walletsOf(kept.live).indexOf(walletAddress);
    const link = seat === 0 || seat === 1 ? kept.live.links[seat] : null;
    const message: ServerMessageOf<'rematch'> = {
      type: 'rematch',
      gameId,
      status,
      ...(closes ? { expiresAt: closes.expiresAt, msLeft: Math.max(0, closes.expiresAt - closes.now) } : {}),
    };
    link?.send(message);
  };

  /** The seat's player has left the game-over screen of `id`: noted once, and the opponent told 'declined'. */
  const leave = (id: string, kept: EndedEntry, seat: 0 | 1) => {
    const wallets = walletsOf(kept.live);
    kept.left.add(wallets[seat]);
    kept.away.delete(wallets[seat]);
    const opponent = wallets[seat === 0 ? 1 : 0];
    tell(id, opponent, 'declined');
    return { gameId: id, opponent };
  };

  return {
    /** The match ended at `at`: its players may ask for a rematch until REMATCH_WINDOW_MS after. */
    ended(live: LiveMatch, at: number): void {
      ended.set(live.match.id, { live, endedAt: at, left: new Set(), away: new Map() });
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

    /**
     * The opponent of `walletAddress` is told that a rematch is offered, open until `closes.expiresAt`: the
     * deadline the offerer is shown, so the opponent's game-over screen counts down to the same moment.
     */
    offered(gameId: string, walletAddress: string, closes: { expiresAt: number; now: number }): void {
      const kept = ended.get(gameId);
      if (!kept) return;
      const other = walletsOf(kept.live).find((w) => w !== walletAddress);
      if (other) tell(gameId, other, 'offered', closes);
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
        gone.push(leave(id, kept, seat));
      }
      return gone;
    },

    /**
     * The link's socket closed: each game-over screen it was the seat's socket of is held for a reload
     * (GAME_OVER_SEAT_HOLD_MS from `now`); the opponent is told nothing yet.
     */
    away(link: PlayerLink, now: number): void {
      for (const kept of ended.values()) {
        const seat = kept.live.links.indexOf(link);
        if (seat !== 0 && seat !== 1) continue;
        const wallet = walletsOf(kept.live)[seat];
        kept.live.links[seat] = null;
        if (!kept.left.has(wallet)) kept.away.set(wallet, now);
      }
    },

    /**
     * A socket of the seat's own session is back at the game-over screen of `gameId` (a reload, a socket
     * that came back) while the rematch window and its hold last: it is the seat's socket again. Null when
     * it is not this session's seat, the player has left that screen, or the game is gone.
     */
    rejoin(gameId: string, link: PlayerLink, now: number): RejoinedGameOver | null {
      const kept = ended.get(gameId);
      if (!kept || now - kept.endedAt > REMATCH_WINDOW_MS) return null;
      const owned = seatOf(kept.live, link.playerSessionId, link.walletAddress);
      if (owned === null) return null;
      const wallets = walletsOf(kept.live);
      const wallet = wallets[owned.seat];
      if (kept.left.has(wallet)) return null;
      kept.away.delete(wallet);
      kept.live.links[owned.seat] = link;
      const opponent = wallets[owned.seat === 0 ? 1 : 0];
      return { live: kept.live, seat: owned.seat, opponent, opponentLeft: kept.left.has(opponent) };
    },

    /**
     * The game-over seats whose socket closed GAME_OVER_SEAT_HOLD_MS ago or more and did not come back: their
     * players have left the screen (the opponent is told 'declined'); returned as `left` returns them.
     */
    awayTooLong(now: number): Array<{ gameId: string; opponent: string }> {
      const gone: Array<{ gameId: string; opponent: string }> = [];
      for (const [id, kept] of ended) {
        for (const [wallet, since] of kept.away) {
          if (now - since < GAME_OVER_SEAT_HOLD_MS) continue;
          kept.away.delete(wallet);
          const seat = walletsOf(kept.live).indexOf(wallet);
          if ((seat === 0 || seat === 1) && !kept.left.has(wallet)) gone.push(leave(id, kept, seat));
        }
      }
      return gone;
    },

    /**
     * Runs `ask` once the asks of this game before it have settled: two players asking at the same moment
     * make one offer and its acceptance, not two offers.
     */
    inTurn(gameId: string, ask: () => Promise<void>): Promise<void> {
      const previous = turns.get(gameId) ?? Promise.resolve();
      const turn = previous.then(ask);
      const settled = turn.catch(() => {});
      turns.set(gameId, settled);
      void settled.then(() => {
        if (turns.get(gameId) === settled) turns.delete(gameId);
      });
      return turn;
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
