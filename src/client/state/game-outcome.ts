import type { GameOutcome } from './game-view.ts';

export interface OutcomeInput {
  reason: string | null;
  finalResult?: 'win' | 'loss' | null;
  winner: 0 | 1 | null;
  playerIndex: 0 | 1 | null;
}

/**
 * SPEC §4 gameOver outcome, in its order: win if the reason is opponent_disqualified or finalResult is win;
 * lose if the reason is auto_disqualified or excessive_disconnects or finalResult is loss; otherwise win if
 * the winner is this player, lose_disconnect if the reason is disconnect_timeout, else lose.
 */
export function gameOutcome({ reason, finalResult, winner, playerIndex }: OutcomeInput): GameOutcome {
  if (reason === 'opponent_disqualified' || finalResult === 'win') return 'win';
  if (reason === 'auto_disqualified' || reason === 'excessive_disconnects' || finalResult === 'loss') {
    return 'lose';
  }
  if (winner !== null && winner === playerIndex) return 'win';
  if (reason === 'disconnect_timeout') return 'lose_disconnect';
  return 'lose';
}

/** Reasons under which a win came from the opponent leaving: 'Your opponent has disconnected. Victory awarded!'. */
const OPPONENT_LEFT_REASONS = new Set(['opponent_disconnected', 'opponent_timeout', 'opponent_disqualified']);

export function wonByOpponentLeaving(outcome: GameOutcome, reason: string | null): boolean {
  return outcome === 'win' && reason !== null && OPPONENT_LEFT_REASONS.has(reason);
}
