import type { PlayerIndex } from '../../../common/game/physics.ts';
import type { GameModeId } from '../../../common/game-modes.ts';
import type { GAME_OVER_REASONS, ServerMessage, ServerMessageOf } from '../../../common/protocol.ts';
import { MATCH_TEXTS } from './match-constants.ts';

export type LeaveHow = 'exit' | 'forceDisconnect';

/** Why a match ended; every variant but 'score' names the seat that lost by leaving. */
export type MatchEnd =
  | { reason: 'score'; winner: PlayerIndex }
  | { reason: 'exit'; loser: PlayerIndex; how: LeaveHow }
  | { reason: 'excessive_disconnects'; loser: PlayerIndex }
  | { reason: 'disconnect_timeout'; loser: PlayerIndex };

/**
 * The SPEC §4 completion statuses a match can end with. A practice match won on points is 'practice_win'
 * (no money moves, and the history shows it apart from paid wins); a practice match that ends by someone
 * leaving is still 'forfeited', so the audit keeps why it ended whatever the mode.
 */
export type MatchCompletionStatus = 'completed' | 'forfeited' | 'practice_win';

export type GameOverReason = (typeof GAME_OVER_REASONS)[number];

/** What one seat is told: an optional notice sent just before its gameOver, then gameOver's reason and text. */
export interface SeatOutcome {
  reason: GameOverReason;
  message: string;
  notice: ServerMessage | null;
}

export function other(seat: PlayerIndex): PlayerIndex {
  return seat === 0 ? 1 : 0;
}

export function winnerOf(end: MatchEnd): PlayerIndex {
  return end.reason === 'score' ? end.winner : other(end.loser);
}

export function completionStatusOf(end: MatchEnd, mode: GameModeId): MatchCompletionStatus {
  switch (end.reason) {
    case 'score':
      return mode === 'practice' ? 'practice_win' : 'completed';
    case 'exit':
    case 'excessive_disconnects':
    case 'disconnect_timeout':
      return 'forfeited';
    default: {
      const unreachable: never = end;
      throw new Error(`unknown match end ${JSON.stringify(unreachable)}`);
    }
  }
}

/**
 * The reasons follow the client's outcome rules (SPEC §4 gameOver): the leaver's reason makes it show a loss
 * ('exit', 'excessive_disconnects', 'disconnect_timeout' → lose_disconnect), the stayer's a win.
 */
export function seatOutcome(end: MatchEnd, seat: PlayerIndex): SeatOutcome {
  const won = winnerOf(end) === seat;
  switch (end.reason) {
    case 'score':
      return { reason: 'score', message: won ? MATCH_TEXTS.win : MATCH_TEXTS.loss, notice: null };
    case 'exit':
      return won
        ? {
            reason: 'opponent_disconnected',
            message: MATCH_TEXTS.opponentLeft,
            notice: { type: 'opponentDisconnected', message: MATCH_TEXTS.opponentDisconnected },
          }
        : { reason: 'exit', message: MATCH_TEXTS.youLeft, notice: null };
    case 'excessive_disconnects':
      return won
        ? { reason: 'opponent_disqualified', message: MATCH_TEXTS.opponentDisqualified, notice: null }
        : { reason: 'excessive_disconnects', message: MATCH_TEXTS.excessiveDisconnects, notice: null };
    case 'disconnect_timeout':
      return won
        ? {
            reason: 'opponent_timeout',
            message: MATCH_TEXTS.opponentTimeout,
            notice: { type: 'reconnectionTimeout', message: MATCH_TEXTS.opponentTimeout },
          }
        : { reason: 'disconnect_timeout', message: MATCH_TEXTS.disconnectTimeout, notice: null };
    default: {
      const unreachable: never = end;
      throw new Error(`unknown match end ${JSON.stringify(unreachable)}`);
    }
  }
}

/** The gameOver of one seat; the only message that reveals the seed (ARCHITECTURE invariant 9). */
export function gameOverMessage(
  match: { gameId: string; seed: string; end: MatchEnd; scores: [number, number] },
  seat: PlayerIndex,
): ServerMessageOf<'gameOver'> {
  const winner = winnerOf(match.end);
  const { reason, message } = seatOutcome(match.end, seat);
  return {
    type: 'gameOver',
    gameId: match.gameId,
    winner,
    scores: [match.scores[0], match.scores[1]],
    reason,
    message,
    finalResult: winner === seat ? 'win' : 'loss',
    yourPlayerIndex: seat,
    seed: match.seed,
  };
}

/** A refusal carries the text for `reconnectionFailed { message, clearStoredGameId: true }`. */
export type ReconnectResult =
  | { ok: true; resumed: boolean }
  | { ok: false; reason: 'windowExpired' | 'matchOver'; message: string };

/** Why a reconnect to a finished match is refused: the seat's own window ran out, or the match is simply over. */
export function reconnectRefusal(end: MatchEnd, seat: PlayerIndex): ReconnectResult & { ok: false } {
  return end.reason === 'disconnect_timeout' && end.loser === seat
    ? { ok: false, reason: 'windowExpired', message: MATCH_TEXTS.windowExpired }
    : { ok: false, reason: 'matchOver', message: MATCH_TEXTS.matchOver };
}
