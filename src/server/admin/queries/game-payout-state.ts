import { type SQL, sql } from 'drizzle-orm';
import type { PayoutState } from '../../../common/api/admin-rows.ts';
import { HOLD_STATUS } from '../../ledger/payout/payout-hold.ts';

/**
 * A game's winner payout as its ledger row holds it, selected beside each game as one JSON text (both drivers
 * hand text back alike): its status, the hold's resolution, its amount, and an admin's decision and when. The
 * outer table is `games`, unaliased, in every query that selects it.
 */
export const payoutOfGame: SQL<string | null> = sql<string | null>`(
  SELECT json_build_object(
    'status', t.status,
    'resolution', t.resolution_status,
    'lamports', t.amount_lamports::text,
    'decision', t.admin_resolution,
    'decidedAt', t.resolution_timestamp
  )::text
  FROM transactions t
  WHERE t.game_id = games.id AND t.type = 'winner_payout'
  ORDER BY t.created_at DESC
  LIMIT 1)`;

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

/** The state a payout row says: confirmed is sent, whatever review came before; a cancelled one says why. */
export function payoutStateOf(row: Pick<PayoutRow, 'status' | 'resolution'>): PayoutState {
  if (row.status === 'confirmed') return 'sent';
  if (row.status === 'failed') return 'failed';
  if (row.resolution === HOLD_STATUS.refundedLoser) return 'refunded_loser';
  if (row.resolution === HOLD_STATUS.held) return 'held';
  if (row.resolution === HOLD_STATUS.released) return 'released';
  return 'owed';
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
