import { sql } from 'drizzle-orm';
import type { LossLimitKind } from '../../common/player-limits.ts';
import { LOSS_LIMIT_DAY_WINDOW_MS, LOSS_LIMIT_WEEK_WINDOW_MS } from '../../common/rules.ts';
import type { Database } from '../db/database.ts';

/** How far back each loss limit looks (rules.ts: rolling windows ending now). */
export const LOSS_WINDOWS_MS: Record<LossLimitKind, number> = {
  daily: LOSS_LIMIT_DAY_WINDOW_MS,
  weekly: LOSS_LIMIT_WEEK_WINDOW_MS,
};

/**
 * A wallet's net paid-mode loss since `since` (exclusive), from the ledger in lamports: the entry fees it paid
 * less what came back to it (refunds and winner payouts, owed or sent; a held payout an admin cancelled, marked
 * redundant, never came). A lost match counts its entry, a won one its entry less its payout (a net win), a
 * cancelled search the 3% kept, a refused or refunded one nothing. Negative: a net win. Each amount counts at
 * the time its ledger row was written, so an entry and its payout a few minutes apart may fall either side of
 * a window's start. Practice writes no ledger rows. `without` leaves out one entry fee (the ledger row's id):
 * an open search's own fee, so its stake is judged as a new search's would be.
 */
export async function netPaidLoss(
  db: Database,
  walletAddress: string,
  since: Date,
  without?: string,
): Promise<bigint> {
  const result = await db.execute<{ loss: string }>(sql`
    select coalesce(sum(case when type = 'entry_fee' then amount_lamports else -amount_lamports end), 0)::text
      as loss
    from transactions
    where wallet_address = ${walletAddress}
      and created_at > ${since.toISOString()}::timestamptz
      ${without === undefined ? sql`` : sql`and id <> ${without}::uuid`}
      and (type = 'entry_fee' or (type in ('refund', 'winner_payout', 'payout') and status <> 'redundant'))`);
  return BigInt(result.rows[0]?.loss ?? '0');
}

/** The net loss of each loss-limit window ending at `now` (`without` one entry fee: see netPaidLoss). */
export async function lossesAt(
  db: Database,
  walletAddress: string,
  now: number,
  without?: string,
): Promise<Record<LossLimitKind, bigint>> {
  const [daily, weekly] = await Promise.all([
    netPaidLoss(db, walletAddress, new Date(now - LOSS_WINDOWS_MS.daily), without),
    netPaidLoss(db, walletAddress, new Date(now - LOSS_WINDOWS_MS.weekly), without),
  ]);
  return { daily, weekly };
}
