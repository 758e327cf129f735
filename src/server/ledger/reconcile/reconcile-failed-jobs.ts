import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { PayoutJobKind } from '../../db/schema/enums.ts';
import { payoutJobs, systemEvents } from '../../db/schema/index.ts';

/** A payout or refund the worker gave up on: the house still owes it. */
export interface FailedPayoutJob {
  jobId: string;
  jobKind: PayoutJobKind;
  walletAddress: string;
  amountLamports: bigint;
  /** Its ledger row (status failed). */
  ledgerId: string | null;
  lastError: string | null;
}

/**
 * Failed payout jobs nobody has dealt with yet. Failing a job records a critical `payout_job_failed` system
 * event naming it; an admin who paid it by hand (or re-queued it) resolves that event (resolved_at). Until
 * every such event of the job is resolved, reconcile lists it and `npm run reconcile` exits 1.
 */
export async function readUnresolvedFailedJobs(db: Database): Promise<FailedPayoutJob[]> {
  const failed = await db
    .select({
      jobId: payoutJobs.id,
      jobKind: payoutJobs.kind,
      walletAddress: payoutJobs.walletAddress,
      amountLamports: payoutJobs.amountLamports,
      ledgerId: payoutJobs.transactionId,
      lastError: payoutJobs.lastError,
    })
    .from(payoutJobs)
    .where(eq(payoutJobs.status, 'failed'));
  if (failed.length === 0) return [];
  const jobIdOf = sql<string>`${systemEvents.details}->>'jobId'`;
  const events = await db
    .select({ jobId: jobIdOf, resolvedAt: systemEvents.resolvedAt })
    .from(systemEvents)
    .where(
      and(
        eq(systemEvents.eventType, 'payout_job_failed'),
        inArray(
          jobIdOf,
          failed.map((job) => job.jobId),
        ),
      ),
    );
  return failed.filter((job) => {
    const mine = events.filter((event) => event.jobId === job.jobId);
    return mine.length === 0 || mine.some((event) => event.resolvedAt === null);
  });
}
