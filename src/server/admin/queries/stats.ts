import { sql } from 'drizzle-orm';
import { formatSol, lamportsToSol } from '../../../common/format.ts';
import type { Database } from '../../db/database.ts';
import { walletUniverse } from './wallet-universe.ts';

/** SPEC §3 admin stats, for the four stat cards: SOL as SPEC §5 shows it, lamports beside it. */
export interface AdminStats {
  /** Confirmed entry fees, e.g. '0.05 SOL'. */
  totalVolume: string;
  totalVolumeLamports: string;
  /** Every ledger row. */
  totalTransactions: number;
  /** Wallets with a ledger row or a recorded game (the Wallets tab's rows). */
  uniqueWallets: number;
  /** Confirmed winner payouts, e.g. '0.0375 SOL'. */
  totalPayouts: string;
  totalPayoutsLamports: string;
}

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
