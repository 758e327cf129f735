import { and, desc, eq, inArray, lt, ne, or } from 'drizzle-orm';
import type { HistoryRow } from '../../common/api/history-row.ts';
import { lamportsToSol } from '../../common/format.ts';
import type { Database } from '../db/database.ts';
import { games, queueSessions, transactions } from '../db/schema/index.ts';
import { HOLD_STATUS } from './payout/payout-hold.ts';

/** One row of a wallet's history as SPEC §7 answers it: the HTTP contract's row. */
export type PlayerHistoryRow = HistoryRow;

export interface HistoryPage {
  transactions: PlayerHistoryRow[];
  /** Pass as `before` to get the next (older) page; null on the last page. */
  nextCursor: string | null;
}

type GameRow = typeof games.$inferSelect;
type TxRow = typeof transactions.$inferSelect;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The final score from this player's side ("own-opponent", as the game-over screen shows it, SPEC §2). */
function ownScore(game: GameRow, wallet: string): string | null {
  const score = game.finalScore;
  if (!score || game.player2Wallet !== wallet) return score;
  const [first, second] = score.split('-');
  return first !== undefined && second !== undefined ? `${second}-${first}` : score;
}

function gameFields(game: GameRow | undefined, wallet: string) {
  if (!game) {
    return {
      game_status: null,
      final_score: null,
      game_outcome: null,
      player_won: null,
      game_started_at: null,
      game_ended_at: null,
      game_duration: null,
      opponent: null,
    } as const;
  }
  const won = game.winner === wallet;
  return {
    game_status: game.completionStatus,
    final_score: ownScore(game, wallet),
    // An interrupted game (settled by a restart, both refunded) has no winner: neither a win nor a loss.
    game_outcome: game.winner === null ? null : won ? 'win' : 'loss',
    player_won: game.winner === null ? null : won,
    game_started_at: iso(game.startedAt),
    game_ended_at: iso(game.endedAt),
    game_duration: game.durationMs === null ? null : Math.round(game.durationMs / 1000),
    opponent: game.player1Wallet === wallet ? game.player2Wallet : game.player1Wallet,
  } as const;
}

/** 'Winner' or 'Loser' and 'Payout: {number}' (SPEC §3 admin_notes as the history shows them). */
function notesFor(game: GameRow, wallet: string): string {
  const won = game.winner === wallet;
  const payout = won && game.winnerPayoutLamports ? lamportsToSol(game.winnerPayoutLamports) : 0;
  if (game.winner === null) return 'Interrupted - Entry refunded';
  return `${won ? 'Winner' : 'Loser'} - Payout: ${payout}`;
}

function perspectiveOf(tx: TxRow): PlayerHistoryRow['perspective_type'] {
  if (tx.type === 'refund') return 'refund';
  if (tx.type === 'winner_payout' || tx.type === 'payout') return 'payout';
  return 'wager';
}

/**
 * A wallet's history, newest first: its ledger rows (entry fees, refunds, payouts) and one game record per
 * match it played, each joined with its game and queue entry. Keyset-paginated on created_at.
 */
export async function playerHistory(
  db: Database,
  wallet: string,
  options: { limit: number; before?: Date },
): Promise<HistoryPage> {
  const limit = options.limit;
  const beforeTx = options.before ? lt(transactions.createdAt, options.before) : undefined;
  const beforeGame = options.before ? lt(games.createdAt, options.before) : undefined;
  const [ledger, played] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(and(eq(transactions.walletAddress, wallet), ne(transactions.type, 'commission'), beforeTx))
      .orderBy(desc(transactions.createdAt))
      .limit(limit + 1),
    db
      .select()
      .from(games)
      .where(and(or(eq(games.player1Wallet, wallet), eq(games.player2Wallet, wallet)), beforeGame))
      .orderBy(desc(games.createdAt))
      .limit(limit + 1),
  ]);

  const gameIds = [...new Set(ledger.map((t) => t.gameId).filter((id): id is string => Boolean(id)))];
  const extraGames = gameIds.filter((id) => !played.some((g) => g.id === id));
  const linked =
    extraGames.length > 0 ? await db.select().from(games).where(inArray(games.id, extraGames)) : [];
  const gameById = new Map([...played, ...linked].map((g) => [g.id, g]));
  const entryIds = ledger.filter((t) => t.type === 'entry_fee').map((t) => t.id);
  const queues =
    entryIds.length > 0
      ? await db.select().from(queueSessions).where(inArray(queueSessions.transactionId, entryIds))
      : [];
  const queueByEntry = new Map(queues.map((q) => [q.transactionId, q]));

  const rows: PlayerHistoryRow[] = [];
  for (const tx of ledger) {
    const game = tx.gameId ? gameById.get(tx.gameId) : undefined;
    const queue = queueByEntry.get(tx.id) ?? queueByEntry.get(tx.originalTransactionId ?? '');
    const g = gameFields(game, wallet);
    rows.push({
      id: tx.id,
      type: tx.type,
      wallet_address: tx.walletAddress,
      amount: lamportsToSol(tx.amountLamports),
      status: tx.status,
      created_at: tx.createdAt.toISOString(),
      game_mode: tx.gameMode,
      game_id: tx.gameId ?? queue?.resultingGameId ?? null,
      transaction_signature: tx.transactionSignature,
      opponent_address: tx.opponentAddress ?? g.opponent,
      score: tx.score ?? g.final_score,
      game_completion_status: tx.gameCompletionStatus ?? g.game_status,
      game_verified_by_state: Boolean(game?.serverChecksum),
      has_game_association: Boolean(game),
      perspective_type: perspectiveOf(tx),
      admin_notes: game ? notesFor(game, wallet) : tx.adminNotes,
      queue_id: queue?.id ?? null,
      queue_status: queue?.status ?? null,
      queue_joined_at: iso(queue?.createdAt),
      queue_closed_at: iso(queue?.closedAt),
      reason: tx.reason,
      refund_percentage: tx.refundPercentage,
      original_transaction_id: tx.originalTransactionId,
      game_status: g.game_status,
      final_score: g.final_score,
      game_outcome: g.game_outcome,
      player_won: g.player_won,
      game_started_at: g.game_started_at,
      game_ended_at: g.game_ended_at,
      game_duration: g.game_duration,
      held_for_review: tx.resolutionStatus === HOLD_STATUS.held,
    });
  }
  for (const game of played) {
    const g = gameFields(game, wallet);
    const won = game.winner === wallet;
    rows.push({
      id: `game-${game.id}`,
      type: 'game_record',
      wallet_address: wallet,
      amount: won && game.winnerPayoutLamports ? lamportsToSol(game.winnerPayoutLamports) : 0,
      status: 'confirmed',
      created_at: game.createdAt.toISOString(),
      game_mode: game.mode,
      game_id: game.id,
      transaction_signature: null,
      opponent_address: g.opponent,
      score: g.final_score,
      game_completion_status: game.completionStatus,
      game_verified_by_state: Boolean(game.serverChecksum),
      has_game_association: true,
      perspective_type: won ? 'game_win' : 'game_loss',
      admin_notes: notesFor(game, wallet),
      queue_id: null,
      queue_status: null,
      queue_joined_at: null,
      queue_closed_at: null,
      reason: null,
      refund_percentage: null,
      original_transaction_id: null,
      held_for_review: false,
      ...withoutOpponent(g),
    });
  }
  rows.sort((x, y) =>
    x.created_at < y.created_at ? 1 : x.created_at > y.created_at ? -1 : x.id < y.id ? 1 : -1,
  );
  const page = rows.slice(0, limit);
  const more = rows.length > limit || ledger.length > limit || played.length > limit;
  return {
    transactions: page,
    nextCursor: more && page.length > 0 ? page[page.length - 1]!.created_at : null,
  };
}

function withoutOpponent(g: ReturnType<typeof gameFields>) {
  const { opponent: _opponent, ...rest } = g;
  return rest;
}
