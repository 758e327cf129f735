import type { TransactionNotice } from '../../common/api/transaction-notice.ts';
import { PAYOUT_TRANSACTION_TYPES } from '../../common/rules.ts';
import type { GameView, MatchPayout } from './game-view.ts';
import { normaliseGameId } from './reduce-game.ts';

const LAMPORTS = /^\d{1,20}$/;

/** How far a payout has come: a later word never takes it back (a late 'sent' after 'paid' changes nothing). */
const PROGRESS: Record<MatchPayout['status'], number> = { held: 0, sent: 1, paid: 2 };

function statusOf(notice: TransactionNotice): MatchPayout['status'] | null {
  if (notice.status === 'confirmed') return 'paid';
  if (notice.status === 'processing') return notice.transaction_signature ? 'sent' : null;
  if (notice.status === 'pending' && notice.held_for_review) return 'held';
  return null;
}

/**
 * A payout notification about the game this view shows (its game id, which the server sends with each
 * payout notice): the game over screen then says what it paid, exactly, and links its transfer. Any other
 * notification, or one about another game, leaves the view as it is.
 */
export function withMatchPayout(view: GameView, notice: TransactionNotice): GameView {
  if (!PAYOUT_TRANSACTION_TYPES.has(notice.type) || !notice.game_id || view.gameId === null) return view;
  if (normaliseGameId(notice.game_id) !== view.gameId) return view;
  const status = statusOf(notice);
  if (status === null || !notice.amount_lamports || !LAMPORTS.test(notice.amount_lamports)) return view;
  const known = view.matchPayout?.gameId === view.gameId ? view.matchPayout : null;
  if (known && PROGRESS[known.status] > PROGRESS[status]) return view;
  const payout: MatchPayout = {
    gameId: view.gameId,
    status,
    lamports: notice.amount_lamports,
    signature: notice.transaction_signature ?? known?.signature ?? null,
  };
  if (
    known &&
    known.status === payout.status &&
    known.lamports === payout.lamports &&
    known.signature === payout.signature
  )
    return view;
  return { ...view, matchPayout: payout };
}
