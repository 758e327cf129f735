import { and, eq, isNull } from 'drizzle-orm';
import { HISTORY_TEXTS } from '../../../common/api/history-texts.ts';
import type { Database } from '../../db/database.ts';
import { bannedWallets, payoutHolds, payoutJobs, transactions } from '../../db/schema/index.ts';
import { recordSystemEvent } from '../../operations-log/system-events.ts';
import type { UnsignedJob } from './payout-job.ts';
import { toJsonValue } from './payout-rpc.ts';
import { claimGuard } from './payout-store.ts';

/**
 * RELIABILITY 35, the policy for a winner banned before the house pays: the match may finish and its result
 * stands, but the worker never signs a winner payout for a wallet that is banned at the moment it would sign
 * it (so a ban at any time before that, during the match or after it, holds the payout). The job is held
 * (status 'held'), a critical system event names the game, the wallet, the amount and the ban, and the
 * ledger row stays pending, marked held for review. An admin then either releases it (it is paid once, as
 * any job) or refunds the loser's entry instead (payout-hold-actions.ts). A transfer already signed is not
 * held: its bytes may be on their way and can land whatever the ledger says. Refunds are never held: a
 * banned wallet is owed its money back.
 */

/** The ledger row's resolution_status while a payout is held, and after an admin decided. */
export const HOLD_STATUS = {
  held: 'held_for_review',
  released: 'released_after_review',
  refundedLoser: 'cancelled_loser_refunded',
} as const;

/** A hold's lifecycle (STYLE.md 5), as payout_holds stores it. */
export type PayoutHoldState =
  | { state: 'held' }
  | { state: 'released'; at: Date; by: string; reason: string | null }
  | { state: 'refunded_loser'; at: Date; by: string; reason: string | null; refundJobId: string | null };

export function holdStateOf(row: typeof payoutHolds.$inferSelect): PayoutHoldState {
  if (row.resolution === null) return { state: 'held' };
  const decided = { at: row.resolvedAt as Date, by: row.resolvedBy ?? '', reason: row.resolutionReason };
  if (row.resolution === 'released') return { state: 'released', ...decided };
  if (row.resolution === 'refunded_loser')
    return { state: 'refunded_loser', ...decided, refundJobId: row.refundJobId };
  throw new Error(`payout hold ${row.id} has an unknown resolution ${row.resolution}`);
}

export const PAYOUT_HELD_EVENT = 'payout_held_banned_wallet';

export type HoldVerdict = 'pay' | 'held' | 'claim-lost';

/**
 * Before the worker signs a job: a winner payout to a wallet banned now, and not released by an admin, is
 * held in one transaction with its event and its ledger row. 'pay' lets the worker go on.
 */
export async function holdIfBanned(db: Database, job: UnsignedJob, now: Date): Promise<HoldVerdict> {
  if (job.kind !== 'winner_payout') return 'pay';
  return db.transaction(async (tx) => {
    const [ban] = await tx
      .select()
      .from(bannedWallets)
      .where(and(eq(bannedWallets.walletAddress, job.walletAddress), eq(bannedWallets.isBanned, true)));
    if (!ban) return 'pay';
    const [earlier] = await tx.select().from(payoutHolds).where(eq(payoutHolds.jobId, job.id));
    // An admin released it: paid as any job, however the wallet stands now.
    if (earlier && holdStateOf(earlier).state === 'released') return 'pay';
    const [held] = await tx
      .update(payoutJobs)
      .set({
        status: 'held',
        lockedBy: null,
        lockedAt: null,
        lastError: `held for review: wallet banned (${ban.reason ?? 'no reason given'})`,
      })
      .where(and(claimGuard(job), isNull(payoutJobs.signature)))
      .returning({ gameId: payoutJobs.gameId });
    if (!held) return 'claim-lost';
    const gameId = held.gameId as string; // a winner payout always names its game (CHECK owner_present)
    await tx.insert(payoutHolds).values({
      jobId: job.id,
      gameId,
      walletAddress: job.walletAddress,
      amountLamports: job.amountLamports,
      banReason: ban.reason,
      bannedBy: ban.bannedBy,
      heldAt: now,
    });
    if (job.transactionId) {
      await tx
        .update(transactions)
        .set({
          status: 'pending',
          resolutionStatus: HOLD_STATUS.held,
          errorMessage: HISTORY_TEXTS.payoutHeld,
        })
        .where(eq(transactions.id, job.transactionId));
    }
    await recordSystemEvent(tx, {
      severity: 'critical',
      eventType: PAYOUT_HELD_EVENT,
      message: `Winner payout of ${job.amountLamports} lamports for game ${gameId} to banned wallet ${job.walletAddress} is held for review (banned by ${ban.bannedBy ?? 'unknown'} at ${ban.bannedAt.toISOString()}: ${ban.reason ?? 'no reason given'}). Release it or refund the loser's entry in the back-office.`,
      details: toJsonValue({
        jobId: job.id,
        gameId,
        walletAddress: job.walletAddress,
        amountLamports: job.amountLamports,
        transactionId: job.transactionId,
        ban: { reason: ban.reason, bannedBy: ban.bannedBy, bannedAt: ban.bannedAt.toISOString() },
      }) as Record<string, unknown>,
    });
    return 'held';
  });
}
