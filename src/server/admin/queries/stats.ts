import { sql } from 'drizzle-orm';
import type { AdminStats } from '../../../common/api/admin-views.ts';
import { formatSol, lamportsToSol } from '../../../common/format.ts';
import type { Database } from '../../db/database.ts';
import { walletUniverse } from './wallet-universe.ts';

export type { AdminStats };

interface StatsRow extends Record<string, unknown> {
  volume: string;
  transactions: number | string;
  wallets: number | string;
  payouts: string;
}

/** One SQL statement: the sums are made by the database, in lamports, never in floating point. */
export async function adminStats(db: Database): Promise<AdminStats> {
  const result = await db.execute<StatsRow>(sql`
    SELECT
      (SELECT COALESCE(sum(amount_lamports), 0)::text FROM transactions
        WHERE type = 'entry_fee' AND status = 'confirmed') AS volume,
      (SELECT count(*)::int FROM transactions) AS transactions,
      (SELECT count(*)::int FROM (${walletUniverse}) w) AS wallets,
      (SELECT COALESCE(sum(amount_lamports), 0)::text FROM transactions
        WHERE type IN ('winner_payout', 'payout') AND status = 'confirmed') AS payouts`);
  const row = result.rows[0];
  if (!row) throw new Error('the stats query returned no row');
  const volume = BigInt(row.volume);
  const payouts = BigInt(row.payouts);
  return {
    totalVolume: formatSol(lamportsToSol(volume)),
    totalVolumeLamports: volume.toString(),
    totalTransactions: Number(row.transactions),
    uniqueWallets: Number(row.wallets),
    totalPayouts: formatSol(lamportsToSol(payouts)),
    totalPayoutsLamports: payouts.toString(),
  };
}
