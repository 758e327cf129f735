import { type SQL, sql } from 'drizzle-orm';
import type { PayoutState } from '../../../common/api/admin-rows.ts';
import { HOLD_STATUS } from '../../ledger/payout/payout-hold.ts';

/**
 * A game's winner payout row in the ledger: its newest, of the outer table `games` (unaliased in every query
 * that reads it), selecting `what` of it as `t`.
 */
const ofGamePayout = (what: SQL) => sql`(
  SELECT ${what}
  FROM transactions t
  WHERE t.game_id = games.id AND t.type = 'winner_payout'
  ORDER BY t.created_at DESC, t.id DESC
  LIMIT 1)`;

/**
 * A game's winner payout as its ledger row holds it, selected beside each game as one JSON text (both drivers
 * hand text back alike): its status, the hold's resolution, its amount, and an admin's decision and when.
 */
export const payoutOfGame: SQL<string | null> = sql<string | null>`${ofGamePayout(sql`json_build_object(
    'status', t.status,
    'resolution', t.resolution_status,
    'lamports', t.amount_lamports::text,
    'decision', t.admin_resolution,
    'decidedAt', t.resolution_timestamp
  )::text`)}`;

/**
 * The state a payout row says, the first rule that holds deciding: confirmed is sent, whatever review came
 * before; a cancelled one says why; a row no rule names is owed. One list for the row read here and for the
 * SQL the Games filter compares (`payoutStateSql`), so the filter finds what the column shows.
 */
const PAYOUT_RULES = [
  { field: 'status', equals: 'confirmed', state: 'sent' },
  { field: 'status', equals: 'failed', state: 'failed' },
  { field: 'resolution', equals: HOLD_STATUS.refundedLoser, state: 'refunded_loser' },
  { field: 'resolution', equals: HOLD_STATUS.held, state: 'held' },
  { field: 'resolution', equals: HOLD_STATUS.released, state: 'released' },
] as const satisfies readonly { field: 'status' | 'resolution'; equals: string; state: PayoutState }[];

const RULE_COLUMNS = { status: sql.raw('t.status'), resolution: sql.raw('t.resolution_status') };

/** A game's payout state in SQL: `PAYOUT_RULES` over its newest payout row, 'none' when it has none. */
export const payoutStateSql: SQL<PayoutState> = sql<PayoutState>`COALESCE(${ofGamePayout(
  sql`CASE ${sql.join(
    PAYOUT_RULES.map((r) => sql`WHEN ${RULE_COLUMNS[r.field]}::text = ${r.equals} THEN ${r.state}`),
    sql` `,
  )} ELSE 'owed' END`,
)}, 'none')`;

export interface GamePayout {
  payoutState: PayoutState;
  payoutLedgerLamports: string | null;
  payoutDecision: string | null;
  payoutDecidedAt: string | null;
}

interface PayoutRow {
  status: string;
  resolution: string | null;
  lamports: string;
  decision: string | null;
  decidedAt: string | null;
}

/** The state a payout row says (`PAYOUT_RULES`). */
export function payoutStateOf(row: Pick<PayoutRow, 'status' | 'resolution'>): PayoutState {
  return PAYOUT_RULES.find((rule) => row[rule.field] === rule.equals)?.state ?? 'owed';
}

/** Reads `payoutOfGame`'s text; no row is no payout. */
export function gamePayoutOf(text: string | null): GamePayout {
  if (text === null) {
    return { payoutState: 'none', payoutLedgerLamports: null, payoutDecision: null, payoutDecidedAt: null };
  }
  const row = JSON.parse(text) as PayoutRow;
  return {
    payoutState: payoutStateOf(row),
    payoutLedgerLamports: row.lamports,
    payoutDecision: row.decision,
    payoutDecidedAt: row.decidedAt === null ? null : new Date(row.decidedAt).toISOString(),
  };
}
