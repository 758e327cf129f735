import { and, asc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { EXPORT_COLUMNS, type ExportKind } from '../../../common/api/admin-exports.ts';
import { lamportsToSolString } from '../../../common/format.ts';
import type { Database } from '../../db/database.ts';
import { games, queueSessions, transactions } from '../../db/schema/index.ts';
import { cursorText } from '../queries/cursor.ts';
import { gamePayoutOf, payoutOfGame } from '../queries/game-payout-state.ts';
import { type GameFilter, gamesWhere } from '../queries/games-list.ts';
import {
  queueEntryOfTransaction,
  type TransactionFilter,
  transactionGameId,
  transactionsWhere,
} from '../queries/transactions-list.ts';
import type { CsvValue } from './csv.ts';

/** Rows read per query: the export never holds more than one page in memory. */
export const EXPORT_PAGE_ROWS = 500;

const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * Oldest first by (created_at, id), one page after another: the next page starts strictly after the last
 * row's created_at as PostgreSQL stores it (microseconds) and its id, so rows sharing a timestamp are neither
 * skipped nor repeated, and rows written meanwhile past the range never enter it.
 */
async function* keyset<Row extends { cursorAt: string; id: string }>(
  page: (after: SQL | undefined) => Promise<Row[]>,
  createdAt: PgColumn,
  id: PgColumn,
): AsyncGenerator<Row> {
  let after: SQL | undefined;
  for (;;) {
    const rows = await page(after);
    yield* rows;
    const last = rows.at(-1);
    if (rows.length < EXPORT_PAGE_ROWS || !last) return;
    after = sql`(${createdAt}, ${id}) > (${last.cursorAt}::timestamptz, ${last.id}::uuid)`;
  }
}

/**
 * What an export holds: the days asked for (`createdFrom`, `createdBefore`), narrowed as the tab it was asked
 * from shows its rows (its search and filters), through the tab's own condition.
 */
export type ExportRequest =
  | { kind: 'transactions'; filter: TransactionFilter }
  | { kind: 'games'; filter: GameFilter };

function transactionRows(db: Database, filter: TransactionFilter) {
  const t = transactions;
  const where = transactionsWhere(filter);
  return keyset(
    (after) =>
      db
        .select({
          id: t.id,
          cursorAt: cursorText(t.createdAt),
          createdAt: t.createdAt,
          type: t.type,
          status: t.status,
          walletAddress: t.walletAddress,
          amountLamports: t.amountLamports,
          gameMode: t.gameMode,
          gameId: transactionGameId,
          signature: t.transactionSignature,
          reason: t.reason,
          refundPercentage: t.refundPercentage,
          originalTransactionId: t.originalTransactionId,
          opponentAddress: t.opponentAddress,
          score: t.score,
          adminNotes: t.adminNotes,
        })
        .from(t)
        .leftJoin(queueSessions, queueEntryOfTransaction)
        .where(and(where, after))
        .orderBy(asc(t.createdAt), asc(t.id))
        .limit(EXPORT_PAGE_ROWS),
    t.createdAt,
    t.id,
  );
}

function gameRows(db: Database, filter: GameFilter) {
  const g = games;
  const where = gamesWhere(filter);
  return keyset(
    (after) =>
      db
        .select({
          id: g.id,
          cursorAt: cursorText(g.createdAt),
          createdAt: g.createdAt,
          endedAt: g.endedAt,
          mode: g.mode,
          player1Wallet: g.player1Wallet,
          player2Wallet: g.player2Wallet,
          winner: g.winner,
          finalScore: g.finalScore,
          completionStatus: g.completionStatus,
          entryFeeLamports: g.entryFeeLamports,
          winnerPayoutLamports: g.winnerPayoutLamports,
          winnerPayoutSignature: g.winnerPayoutSignature,
          payout: payoutOfGame,
          player1RefundLamports: g.player1RefundLamports,
          player2RefundLamports: g.player2RefundLamports,
        })
        .from(g)
        .where(and(where, after))
        .orderBy(asc(g.createdAt), asc(g.id))
        .limit(EXPORT_PAGE_ROWS),
    g.createdAt,
    g.id,
  );
}

/** One export's lines in EXPORT_COLUMNS order, and the lamports each adds to the export's total. */
export async function* exportLines(
  db: Database,
  request: ExportRequest,
): AsyncGenerator<{ values: CsvValue[]; lamports: bigint }> {
  if (request.kind === 'transactions') {
    for await (const r of transactionRows(db, request.filter)) {
      yield {
        lamports: r.amountLamports,
        values: [
          r.id,
          iso(r.createdAt),
          r.type,
          r.status,
          r.walletAddress,
          r.amountLamports,
          lamportsToSolString(r.amountLamports),
          r.gameMode,
          r.gameId,
          r.signature,
          r.reason,
          r.refundPercentage,
          r.originalTransactionId,
          r.opponentAddress,
          r.score,
          r.adminNotes,
        ],
      };
    }
    return;
  }
  for await (const r of gameRows(db, request.filter)) {
    const payout = gamePayoutOf(r.payout);
    yield {
      lamports: r.entryFeeLamports,
      values: [
        r.id,
        iso(r.createdAt),
        iso(r.endedAt),
        r.mode,
        r.player1Wallet,
        r.player2Wallet,
        r.winner,
        r.finalScore,
        r.completionStatus,
        r.entryFeeLamports,
        r.winnerPayoutLamports,
        payout.payoutState,
        r.winnerPayoutSignature,
        r.player1RefundLamports,
        r.player2RefundLamports,
      ],
    };
  }
}

export const exportHeader = (kind: ExportKind) => [...EXPORT_COLUMNS[kind]];
