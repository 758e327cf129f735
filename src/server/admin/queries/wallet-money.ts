import { sql } from 'drizzle-orm';
import type { PayoutState } from '../../../common/api/admin-rows.ts';
import { PAYOUT_STATE_TEXTS } from '../../../common/api/admin-rows.ts';
import {
  refundCause,
  searchEnd,
  type WalletMoneyAnswer,
  type WalletMoneyKind,
  type WalletMoneyRow,
  type WalletMoneyTotals,
} from '../../../common/api/wallet-money.ts';
import { getGameMode, isGameModeId } from '../../../common/game-modes.ts';
import type { Database } from '../../db/database.ts';
import { afterCursor, type PageRequest, pageLimit, toPage } from './cursor.ts';
import { payoutStateOf } from './game-payout-state.ts';
import { isoTextSql, sol } from './json-values.ts';

export type { WalletMoneyAnswer, WalletMoneyRow, WalletMoneyTotals };

interface MoneySqlRow extends Record<string, unknown> {
  kind: WalletMoneyKind;
  id: string;
  row_key: string;
  cursor_at: string;
  at: string;
  mode: string | null;
  lamports: string | null;
  status: string;
  signature: string | null;
  confirmed_at: string | null;
  game_id: string | null;
  reason: string | null;
  refund_percentage: number | null;
  resolution: string | null;
  entry_id: string | null;
  entry_signature: string | null;
  ended_at: string | null;
  waited_ms: number | null;
  challenge_code: string | null;
  error_code: string | null;
  from_search: boolean | null;
  refund_reason: string | null;
  refund_percent: number | null;
  note_text: string | null;
  note_by: string | null;
}

/**
 * One statement, newest first: the wallet's searches (with the entry they were paid with and the refund they
 * owed), its ledger rows (entry fees, refunds, winner payouts, each with the entry it names), and the
 * commission rows that name one of its entries (what a cancel kept), and support's notes on it and on its
 * games. A row's key is its kind and id, so a
 * search and its entry's ledger row never collide in the cursor. Game ids for entry fees come from their
 * search or from the game that lists them, as the Transactions tab shows them.
 */
function walletMoneyStatement(wallet: string, request: PageRequest): ReturnType<typeof sql> {
  const limit = pageLimit(request.limit);
  const cursor = afterCursor(request.cursor, sql.raw('m.at'), sql.raw('m.row_key'), 'text');
  return sql`
    WITH m AS (
      SELECT 'search' AS kind, q.id::text AS id, 'search:' || q.id::text AS row_key, q.created_at AS at,
             q.game_mode::text AS mode, e.amount_lamports AS lamports, q.status::text AS status,
             NULL::text AS signature, NULL::timestamptz AS confirmed_at, q.resulting_game_id::text AS game_id,
             NULL::text AS reason, NULL::int AS refund_percentage, NULL::text AS resolution,
             q.transaction_id::text AS entry_id, e.transaction_signature AS entry_signature,
             q.closed_at AS ended_at, q.time_in_queue_ms AS waited_ms, q.challenge_code,
             NULL::text AS error_code, NULL::boolean AS from_search,
             r.reason::text AS refund_reason, r.refund_percentage AS refund_percent,
             NULL::text AS note_text, NULL::text AS note_by
      FROM queue_sessions q
      LEFT JOIN transactions e ON e.id = q.transaction_id
      LEFT JOIN LATERAL (
        SELECT t.reason, t.refund_percentage FROM transactions t
        WHERE t.type = 'refund' AND e.id IS NOT NULL AND t.original_transaction_id = e.id
        ORDER BY t.created_at LIMIT 1) r ON true
      WHERE q.wallet_address = ${wallet}
      UNION ALL
      SELECT CASE t.type WHEN 'entry_fee' THEN 'entry' WHEN 'refund' THEN 'refund' ELSE 'payout' END,
             t.id::text, t.type::text || ':' || t.id::text, t.created_at,
             t.game_mode::text, t.amount_lamports, t.status::text,
             t.transaction_signature, t.confirmed_at,
             COALESCE(t.game_id, s.resulting_game_id,
               (SELECT g.id FROM games g
                 WHERE g.player1_entry_transaction_id = t.id OR g.player2_entry_transaction_id = t.id LIMIT 1),
               (SELECT g.id FROM games g
                 WHERE g.player1_entry_transaction_id = t.original_transaction_id
                    OR g.player2_entry_transaction_id = t.original_transaction_id LIMIT 1))::text,
             t.reason::text, t.refund_percentage, t.resolution_status,
             t.original_transaction_id::text, o.transaction_signature,
             NULL, NULL, NULL, t.error_code,
             EXISTS (SELECT 1 FROM queue_sessions qs
               WHERE qs.transaction_id = t.original_transaction_id),
             NULL, NULL, NULL, NULL
      FROM transactions t
      LEFT JOIN transactions o ON o.id = t.original_transaction_id
      LEFT JOIN queue_sessions s ON s.transaction_id = t.id
      WHERE t.wallet_address = ${wallet} AND t.type IN ('entry_fee', 'refund', 'winner_payout', 'payout')
      UNION ALL
      SELECT 'kept', c.id::text, 'kept:' || c.id::text, c.created_at,
             c.game_mode::text, c.amount_lamports, c.status::text,
             NULL, c.confirmed_at, c.game_id::text,
             c.reason::text, NULL, NULL,
             c.original_transaction_id::text, o.transaction_signature,
             NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
      FROM transactions c
      JOIN transactions o ON o.id = c.original_transaction_id
      WHERE c.type = 'commission' AND o.wallet_address = ${wallet}
      UNION ALL
      SELECT 'note', n.id::text, 'note:' || n.id::text, n.created_at,
             NULL, NULL, 'note', NULL, NULL,
             CASE WHEN n.target_kind = 'game' THEN n.target END,
             NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
             n.body, n.author_email
      FROM support_notes n
      WHERE (n.target_kind = 'wallet' AND n.target = ${wallet})
         OR (n.target_kind = 'game' AND n.target IN (
               SELECT g.id::text FROM games g WHERE g.player1_wallet = ${wallet} OR g.player2_wallet = ${wallet}))
    )
    SELECT m.kind, m.id, m.row_key, m.at::text AS cursor_at, ${isoTextSql(sql.raw('m.at'))} AS at,
           m.mode, m.lamports::text AS lamports, m.status, m.signature,
           CASE WHEN m.confirmed_at IS NULL THEN NULL ELSE ${isoTextSql(sql.raw('m.confirmed_at'))} END AS confirmed_at,
           m.game_id, m.reason, m.refund_percentage, m.resolution, m.entry_id, m.entry_signature,
           CASE WHEN m.ended_at IS NULL THEN NULL ELSE ${isoTextSql(sql.raw('m.ended_at'))} END AS ended_at,
           m.waited_ms, m.challenge_code, m.error_code, m.from_search, m.refund_reason, m.refund_percent,
           m.note_text, m.note_by
    FROM m
    ${cursor ? sql`WHERE ${cursor}` : sql``}
    ORDER BY m.at DESC, m.row_key DESC
    LIMIT ${limit + 1}`;
}

/** Why an entry fee row reads as it does: a normal entry, or a payment the sweeper found unclaimed. */
const ENTRY_CAUSES: Record<string, string> = {
  unclaimed_payment: 'Confirmed on chain but never presented to findMatch (the player left after paying)',
  blink_payment_unused: 'A Blink (Solana Action) payment never used before its challenge closed',
  wrong_amount: 'The payment did not match the mode’s entry fee',
};

function causeOf(row: MoneySqlRow, payoutState: PayoutState | null): string {
  const mode = row.mode && isGameModeId(row.mode) ? getGameMode(row.mode).name : null;
  switch (row.kind) {
    case 'search': {
      const end = searchEnd(row.status, { reason: row.refund_reason, percent: row.refund_percent });
      return row.challenge_code ? `Challenge ${row.challenge_code}: ${end}` : end;
    }
    case 'entry':
      return (row.error_code && ENTRY_CAUSES[row.error_code]) ?? `Entry fee${mode ? ` for ${mode}` : ''}`;
    case 'refund':
      return refundCause({
        reason: row.reason,
        refundPercentage: row.refund_percentage,
        fromSearch: row.from_search === true,
        fromGame: row.game_id !== null,
      });
    case 'payout':
      return `Winner's payout: ${PAYOUT_STATE_TEXTS[payoutState ?? 'owed']}`;
    case 'note':
      return row.note_text ?? '';
    case 'kept':
      return row.game_id
        ? "The house's commission on the match"
        : 'Kept by the house from the cancelled entry, as the terms say';
  }
}

function toRow(row: MoneySqlRow): WalletMoneyRow {
  const lamports = row.lamports === null ? null : BigInt(row.lamports);
  const payoutState =
    row.kind === 'payout' ? payoutStateOf({ status: row.status, resolution: row.resolution }) : null;
  return {
    id: row.id,
    kind: row.kind,
    at: row.at,
    mode: row.mode,
    amount: lamports === null ? null : sol(lamports),
    amountLamports: lamports === null ? null : lamports.toString(),
    status: row.status,
    payoutState,
    signature: row.signature,
    confirmedAt: row.confirmed_at,
    gameId: row.game_id,
    reason: row.reason,
    refundPercentage: row.refund_percentage === null ? null : Number(row.refund_percentage),
    cause: causeOf(row, payoutState),
    entryId: row.entry_id,
    entrySignature: row.entry_signature,
    endedAt: row.ended_at,
    waitedMs: row.waited_ms === null ? null : Number(row.waited_ms),
    challengeCode: row.challenge_code,
    by: row.note_by,
  };
}

interface TotalsSqlRow extends Record<string, unknown> {
  paid_in: string;
  refunded: string;
  paid_out: string;
  owed: string;
  kept: string;
}

/** The wallet's totals, summed by the database in lamports (never floating point). */
export async function walletMoneyTotals(db: Database, wallet: string): Promise<WalletMoneyTotals> {
  const result = await db.execute<TotalsSqlRow>(sql`
    SELECT
      (SELECT COALESCE(sum(amount_lamports), 0)::text FROM transactions
        WHERE wallet_address = ${wallet} AND type = 'entry_fee' AND status = 'confirmed') AS paid_in,
      (SELECT COALESCE(sum(amount_lamports), 0)::text FROM transactions
        WHERE wallet_address = ${wallet} AND type = 'refund' AND status = 'confirmed') AS refunded,
      (SELECT COALESCE(sum(amount_lamports), 0)::text FROM transactions
        WHERE wallet_address = ${wallet} AND type IN ('winner_payout', 'payout') AND status = 'confirmed') AS paid_out,
      (SELECT COALESCE(sum(amount_lamports), 0)::text FROM transactions
        WHERE wallet_address = ${wallet} AND type IN ('refund', 'winner_payout', 'payout')
          AND status IN ('pending', 'processing')) AS owed,
      (SELECT COALESCE(sum(c.amount_lamports), 0)::text FROM transactions c
        JOIN transactions o ON o.id = c.original_transaction_id
        WHERE c.type = 'commission' AND c.status = 'confirmed' AND o.wallet_address = ${wallet}) AS kept`);
  const row = result.rows[0];
  if (!row) throw new Error('the wallet money totals query returned no row');
  const [paidIn, refunded, paidOut] = [BigInt(row.paid_in), BigInt(row.refunded), BigInt(row.paid_out)];
  return {
    paidInLamports: paidIn.toString(),
    refundedLamports: refunded.toString(),
    paidOutLamports: paidOut.toString(),
    owedLamports: BigInt(row.owed).toString(),
    keptLamports: BigInt(row.kept).toString(),
    netLamports: (refunded + paidOut - paidIn).toString(),
  };
}

/** The wallet's money timeline, a page at a time, newest first, with its totals. */
export async function walletMoney(
  db: Database,
  wallet: string,
  request: PageRequest = {},
): Promise<WalletMoneyAnswer> {
  const limit = pageLimit(request.limit);
  const [result, totals] = await Promise.all([
    db.execute<MoneySqlRow>(walletMoneyStatement(wallet, request)),
    walletMoneyTotals(db, wallet),
  ]);
  const rows = result.rows.map((row) => ({ ...row, cursorAt: row.cursor_at }));
  const page = toPage(rows, limit, (row) => row.row_key, toRow);
  return { ...page, totals };
}
