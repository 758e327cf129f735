import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { AdminTransactionRow } from '../../../common/api/admin-rows.ts';
import type { Database } from '../../db/database.ts';
import { queueSessions, transactions } from '../../db/schema/index.ts';
import {
  afterCursor,
  cursorText,
  newestFirst,
  type Page,
  type PageRequest,
  pageLimit,
  toPage,
} from './cursor.ts';
import { iso, isoOrNull, lamportsText, sol } from './json-values.ts';
import { type SearchTerm, searchTerm } from './search-term.ts';

export type { AdminTransactionRow };

export interface TransactionListRequest extends PageRequest {
  /** A wallet address, a transaction signature, a transaction id or a game id. */
  search?: string | null;
}

/**
 * An entry fee names no game; its queue entry, or the game row that lists it, does. Qualified by hand, as
 * Drizzle may leave the outer query's columns unqualified, which the subquery would rebind to its own.
 */
const entryGameId = sql`(
  SELECT g.id FROM games g
  WHERE g.player1_entry_transaction_id = transactions.id OR g.player2_entry_transaction_id = transactions.id
  LIMIT 1)`;

function matching(term: SearchTerm): SQL | undefined {
  const byText = or(
    eq(transactions.walletAddress, term.text),
    eq(transactions.transactionSignature, term.text),
    eq(transactions.opponentAddress, term.text),
  );
  if (!term.id) return byText;
  return or(
    byText,
    eq(transactions.id, term.id),
    eq(transactions.gameId, term.id),
    eq(transactions.originalTransactionId, term.id),
    eq(queueSessions.resultingGameId, term.id),
    sql`${transactions.id} IN (
      SELECT player1_entry_transaction_id FROM games WHERE id = ${term.id}
      UNION ALL SELECT player2_entry_transaction_id FROM games WHERE id = ${term.id})`,
  );
}

/** The ledger, newest first, optionally narrowed by the search box; keyset-paginated on (created_at, id). */
export async function listTransactions(
  db: Database,
  request: TransactionListRequest = {},
): Promise<Page<AdminTransactionRow>> {
  const limit = pageLimit(request.limit);
  const term = searchTerm(request.search);
  const rows = await db
    .select({
      tx: transactions,
      gameId: sql<
        string | null
      >`COALESCE(${transactions.gameId}, ${queueSessions.resultingGameId}, ${entryGameId})`,
      cursorAt: cursorText(transactions.createdAt),
    })
    .from(transactions)
    .leftJoin(queueSessions, eq(queueSessions.transactionId, transactions.id))
    .where(
      and(
        term ? matching(term) : undefined,
        afterCursor(request.cursor, transactions.createdAt, transactions.id, 'uuid'),
      ),
    )
    .orderBy(...newestFirst(transactions.createdAt, transactions.id))
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    (row) => row.tx.id,
    ({ tx, gameId }) => ({
      id: tx.id,
      type: tx.type,
      wallet_address: tx.walletAddress,
      amount: sol(tx.amountLamports),
      amount_lamports: lamportsText(tx.amountLamports),
      status: tx.status,
      created_at: iso(tx.createdAt),
      updated_at: iso(tx.updatedAt),
      confirmed_at: isoOrNull(tx.confirmedAt),
      transaction_signature: tx.transactionSignature,
      game_mode: tx.gameMode,
      game_id: gameId,
      opponent_address: tx.opponentAddress,
      score: tx.score,
      reason: tx.reason,
      refund_percentage: tx.refundPercentage,
      original_transaction_id: tx.originalTransactionId,
      error_code: tx.errorCode,
      error_message: tx.errorMessage,
      retry_count: tx.retryCount,
      ip_address: tx.ipAddress,
      admin_notes: tx.adminNotes,
    }),
  );
}
