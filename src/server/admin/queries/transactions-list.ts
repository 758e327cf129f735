import { and, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { TransactionFilterValues } from '../../../common/api/admin-list-filters.ts';
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
import { idText, matchesParts, type SearchTerm, searchTerm, unionOf } from './search-term.ts';

export type { AdminTransactionRow };

/**
 * What narrows the ledger, on the Transactions tab and in its export alike: the search, the tab's filters
 * (type, status, game mode, an amount from minLamports to maxLamports, both included) and the export's days.
 */
export interface TransactionFilter extends TransactionFilterValues {
  /** 4+ characters of a wallet address, a signature or a game id (start, end or shortened form), or a whole id. */
  search?: string | null;
  /** Rows created at or after this instant, and before `createdBefore` (the export's days). */
  createdFrom?: Date;
  createdBefore?: Date;
}

export interface TransactionListRequest extends PageRequest, TransactionFilter {}

/**
 * An entry fee names no game; its queue entry, or the game row that lists it, does. Qualified by hand, as
 * Drizzle may leave the outer query's columns unqualified, which the subquery would rebind to its own.
 */
const entryGameId = sql`(
  SELECT g.id FROM games g
  WHERE g.player1_entry_transaction_id = transactions.id OR g.player2_entry_transaction_id = transactions.id
  LIMIT 1)`;

/**
 * The ledger rows a term finds: by wallet address, by signature, or by game id (the game's rows and its
 * entry fees, which name no game); a whole UUID also finds the transaction of that id. Each arm of the union
 * is answered by a search index of its own.
 */
function matchingIds(term: SearchTerm): SQL {
  const gamesOfTerm = sql`SELECT id FROM games WHERE ${matchesParts(idText('id'), term.idParts)}`;
  const arms = [
    sql`SELECT id FROM transactions WHERE ${matchesParts('wallet_address', term.parts)}`,
    sql`SELECT id FROM transactions WHERE ${matchesParts('transaction_signature', term.parts)}`,
  ];
  if (term.idParts.length > 0) {
    arms.push(
      sql`SELECT id FROM transactions WHERE game_id IN (${gamesOfTerm})`,
      sql`SELECT player1_entry_transaction_id FROM games WHERE ${matchesParts(idText('id'), term.idParts)}`,
      sql`SELECT player2_entry_transaction_id FROM games WHERE ${matchesParts(idText('id'), term.idParts)}`,
    );
  }
  if (term.id) {
    arms.push(
      sql`SELECT id FROM transactions WHERE id = ${term.id}::uuid OR game_id = ${term.id}::uuid`,
      sql`SELECT player1_entry_transaction_id FROM games WHERE id = ${term.id}::uuid`,
      sql`SELECT player2_entry_transaction_id FROM games WHERE id = ${term.id}::uuid`,
    );
  }
  // ANY(ARRAY(...)): the matches first, through the search indexes, then fetched by key (games-list.ts says why).
  return sql`${transactions.id} = ANY(ARRAY(${unionOf(arms)}))`;
}

/**
 * A row's game as the tab shows it: its own, its queue entry's, or (an entry fee) the game that lists it.
 * Needs the query's left join of queue_sessions on the entry (`withQueueEntry`).
 */
export const transactionGameId = sql<
  string | null
>`COALESCE(${transactions.gameId}, ${queueSessions.resultingGameId}, ${entryGameId})`;

/** The join `transactionGameId` reads. */
export const queueEntryOfTransaction = eq(queueSessions.transactionId, transactions.id);

/** The filter's condition on `transactions`; undefined when it narrows nothing. */
export function transactionsWhere(filter: TransactionFilter): SQL | undefined {
  const term = searchTerm(filter.search);
  return and(
    term ? matchingIds(term) : undefined,
    filter.type ? eq(transactions.type, filter.type) : undefined,
    filter.status ? eq(transactions.status, filter.status) : undefined,
    filter.mode ? eq(transactions.gameMode, filter.mode) : undefined,
    filter.minLamports !== undefined ? gte(transactions.amountLamports, filter.minLamports) : undefined,
    filter.maxLamports !== undefined ? lte(transactions.amountLamports, filter.maxLamports) : undefined,
    filter.createdFrom ? gte(transactions.createdAt, filter.createdFrom) : undefined,
    filter.createdBefore ? lt(transactions.createdAt, filter.createdBefore) : undefined,
  );
}

/**
 * The ledger, newest first, optionally narrowed by the search box and the filters; keyset-paginated on
 * (created_at, id).
 */
export async function listTransactions(
  db: Database,
  request: TransactionListRequest = {},
): Promise<Page<AdminTransactionRow>> {
  const limit = pageLimit(request.limit);
  const rows = await transactionsQuery(db, request, limit);
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

/** The statement the list runs (the search tests read its plan). */
export const transactionsListStatement = (db: Database, request: TransactionListRequest = {}): SQL =>
  transactionsQuery(db, request, pageLimit(request.limit)).getSQL();

function transactionsQuery(db: Database, request: TransactionListRequest, limit: number) {
  return db
    .select({
      tx: transactions,
      gameId: transactionGameId,
      cursorAt: cursorText(transactions.createdAt),
    })
    .from(transactions)
    .leftJoin(queueSessions, queueEntryOfTransaction)
    .where(
      and(
        transactionsWhere(request),
        afterCursor(request.cursor, transactions.createdAt, transactions.id, 'uuid'),
      ),
    )
    .orderBy(...newestFirst(transactions.createdAt, transactions.id))
    .limit(limit + 1);
}
