import { sql } from 'drizzle-orm';
import type { HouseMoney } from '../../../common/api/admin-views.ts';
import type { Database } from '../../db/database.ts';

interface HouseMoneyRow extends Record<string, unknown> {
  volume_in: string;
  refunded: string;
  paid_out: string;
  owed: string;
  kept: string;
  live: string;
}

/**
 * The house's money from the ledger, gross and net, all time, in one statement (sums in lamports by the
 * database): entry fees in, refunds and winner payouts out, what is still owed (pending, held), what the
 * house kept (commission rows: a match's quarter, a cancel's 3%, a payout cancelled after review), and the
 * fees of live searches and matches. Each confirmed entry is one of those, so net = kept + owed + live.
 */
export async function houseMoney(db: Database): Promise<HouseMoney> {
  const result = await db.execute<HouseMoneyRow>(sql`
    SELECT
      (SELECT COALESCE(sum(amount_lamports), 0)::text FROM transactions
        WHERE type = 'entry_fee' AND status = 'confirmed') AS volume_in,
      (SELECT COALESCE(sum(amount_lamports), 0)::text FROM transactions
        WHERE type = 'refund' AND status = 'confirmed') AS refunded,
      (SELECT COALESCE(sum(amount_lamports), 0)::text FROM transactions
        WHERE type IN ('winner_payout', 'payout') AND status = 'confirmed') AS paid_out,
      (SELECT COALESCE(sum(amount_lamports), 0)::text FROM transactions
        WHERE type IN ('refund', 'winner_payout', 'payout') AND status IN ('pending', 'processing')) AS owed,
      (SELECT COALESCE(sum(amount_lamports), 0)::text FROM transactions
        WHERE type = 'commission' AND status = 'confirmed') AS kept,
      (SELECT COALESCE(sum(e.amount_lamports), 0)::text FROM queue_sessions q
        JOIN transactions e ON e.id = q.transaction_id
        WHERE q.status = 'active' OR (q.status = 'matched' AND q.in_play)) AS live`);
  const row = result.rows[0];
  if (!row) throw new Error('the house money query returned no row');
  const [volumeIn, refunded, paidOut] = [BigInt(row.volume_in), BigInt(row.refunded), BigInt(row.paid_out)];
  return {
    volumeInLamports: volumeIn.toString(),
    refundedLamports: refunded.toString(),
    paidOutLamports: paidOut.toString(),
    owedLamports: BigInt(row.owed).toString(),
    keptLamports: BigInt(row.kept).toString(),
    liveLamports: BigInt(row.live).toString(),
    netLamports: (volumeIn - refunded - paidOut).toString(),
  };
}
