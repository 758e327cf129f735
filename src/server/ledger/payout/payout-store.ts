import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { payoutJobs, transactions } from '../../db/schema/index.ts';
import type { WalletAnalytics } from '../../game/analytics-port.ts';
import { recordSystemEvent, type SystemEventInput } from '../../operations-log/system-events.ts';
import { recordSettlementOnGame } from './game-settlement-audit.ts';
import {
  type ClaimedJob,
  claimedJobFromRow,
  type SignedJob,
  type StoredTransfer,
  type UnsignedJob,
} from './payout-job.ts';
import { toJsonValue } from './payout-rpc.ts';

/**
 * The payout worker's database writes. Each is one short transaction, never held across an RPC call, and
 * each is guarded by the claim (locked_by + locked_at): a worker whose lease was taken over writes nothing.
 */

export function claimGuard(job: ClaimedJob) {
  return and(
    eq(payoutJobs.id, job.id),
    eq(payoutJobs.lockedBy, job.lockedBy),
    eq(payoutJobs.lockedAt, job.lockedAt),
  );
}

/**
 * Claims the next due job: pending, processing (only a stale claim) or sent (due for a look-up), with no
 * live claim. FOR UPDATE SKIP LOCKED lets several workers (processes) claim side by side without waiting.
 */
export async function claimNextJob(
  db: Database,
  options: { workerId: string; now: Date; leaseMs: number },
): Promise<ClaimedJob | undefined> {
  const staleBefore = new Date(options.now.getTime() - options.leaseMs);
  return db.transaction(async (tx) => {
    const [candidate] = await tx
      .select({ id: payoutJobs.id })
      .from(payoutJobs)
      .where(
        and(
          inArray(payoutJobs.status, ['pending', 'processing', 'sent']),
          lte(payoutJobs.nextAttemptAt, options.now),
          or(isNull(payoutJobs.lockedBy), lte(payoutJobs.lockedAt, staleBefore)),
        ),
      )
      .orderBy(asc(payoutJobs.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!candidate) return undefined;
    const [row] = await tx
      .update(payoutJobs)
      .set({
        lockedBy: options.workerId,
        lockedAt: options.now,
        status: sql`CASE WHEN ${payoutJobs.signature} IS NULL THEN 'processing'::payout_job_status ELSE ${payoutJobs.status} END`,
      })
      .where(eq(payoutJobs.id, candidate.id))
      .returning();
    return row && claimedJobFromRow(row);
  });
}

/** Stores the signed bytes before they are sent (ARCHITECTURE invariant 3). False: the claim was lost. */
export async function storeSignedTransfer(
  db: Database,
  job: UnsignedJob,
  transfer: StoredTransfer,
  now: Date,
): Promise<SignedJob | undefined> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(payoutJobs)
      .set({
        status: 'sent',
        signature: transfer.signature,
        signedTransaction: transfer.wire,
        lastValidBlockHeight: transfer.lastValidBlockHeight,
      })
      .where(and(claimGuard(job), isNull(payoutJobs.signature)))
      .returning({ id: payoutJobs.id });
    if (updated.length === 0) return undefined;
    if (job.transactionId) {
      await tx
        .update(transactions)
        .set({
          status: 'processing',
          transactionSignature: transfer.signature,
          processedAt: sql`COALESCE(${transactions.processedAt}, ${now})`,
        })
        .where(eq(transactions.id, job.transactionId));
    }
    return { ...job, state: 'signed', transfer };
  });
}

/** Ends the step and gives the job back, due again at `nextAttemptAt`; optionally with a system event. */
export async function releaseJob(
  db: Database,
  job: ClaimedJob,
  options: {
    nextAttemptAt: Date;
    lastError: string | null;
    countAttempt: boolean;
    /** The chain refused the transfer: one more toward the worker's bound. */
    countRefusal?: boolean;
    event?: SystemEventInput;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const released = await tx
      .update(payoutJobs)
      .set({
        // From the row, not the caller's copy: a step that failed after storing its signature is 'sent'.
        status: sql`CASE WHEN ${payoutJobs.signature} IS NULL THEN 'pending'::payout_job_status ELSE 'sent'::payout_job_status END`,
        nextAttemptAt: options.nextAttemptAt,
        lastError: options.lastError,
        ...(options.countAttempt ? { attempts: sql`${payoutJobs.attempts} + 1` } : {}),
        ...(options.countRefusal ? { refusals: sql`${payoutJobs.refusals} + 1` } : {}),
        lockedBy: null,
        lockedAt: null,
      })
      .where(claimGuard(job))
      .returning({ id: payoutJobs.id });
    if (released.length > 0 && options.event) await recordSystemEvent(tx, options.event);
    if (released.length > 0 && options.lastError && job.transactionId) {
      await tx
        .update(transactions)
        .set({ errorMessage: options.lastError })
        .where(eq(transactions.id, job.transactionId));
    }
  });
}

/** The chain confirmed the transfer: the job and its ledger row say so, with the chain's facts. */
export async function confirmPayout(
  db: Database,
  analytics: WalletAnalytics,
  job: SignedJob,
  chainFacts: Record<string, unknown>,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = await tx
      .update(payoutJobs)
      .set({ status: 'confirmed', lastError: null, lockedBy: null, lockedAt: null, nextAttemptAt: now })
      .where(and(claimGuard(job), eq(payoutJobs.signature, job.transfer.signature)))
      .returning({ id: payoutJobs.id, gameId: payoutJobs.gameId });
    if (!done[0]) return false;
    if (job.transactionId) {
      const facts = JSON.stringify(toJsonValue(chainFacts));
      await tx
        .update(transactions)
        .set({
          status: 'confirmed',
          confirmedAt: now,
          errorMessage: null,
          transactionSignature: job.transfer.signature,
          rawBlockchainData: sql`COALESCE(${transactions.rawBlockchainData}, '{}'::jsonb) || ${facts}::jsonb`,
        })
        .where(eq(transactions.id, job.transactionId));
    }
    // The admin's game audit row and the wallet's analytics change with the money.
    await recordSettlementOnGame(tx, {
      kind: job.kind,
      gameId: done[0].gameId,
      walletAddress: job.walletAddress,
      amountLamports: job.amountLamports,
      transactionId: job.transactionId,
      signature: job.transfer.signature,
    });
    await analytics.walletsChanged(tx, [job.walletAddress]);
    return true;
  });
}

/**
 * Gives up a signature that can never land (its blockhash expired and the chain does not have it as a
 * success). The job keeps its claim and goes back to unsigned; the old signature is appended to the
 * ledger row's raw_blockchain_data.abandonedSignatures (the job's history) and named in last_error.
 */
export async function abandonTransfer(
  db: Database,
  job: SignedJob,
  reason: string,
  now: Date,
  /** The abandoned transfer landed refused by the chain: one more toward the bound. */
  options: { countRefusal?: boolean } = {},
): Promise<UnsignedJob | undefined> {
  const { signature, lastValidBlockHeight } = job.transfer;
  const note = `abandoned ${signature}: ${reason}`;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(payoutJobs)
      .set({
        status: 'processing',
        signature: null,
        signedTransaction: null,
        lastValidBlockHeight: null,
        attempts: sql`${payoutJobs.attempts} + 1`,
        ...(options.countRefusal ? { refusals: sql`${payoutJobs.refusals} + 1` } : {}),
        lastError: note,
      })
      .where(and(claimGuard(job), eq(payoutJobs.signature, signature)))
      .returning({ attempts: payoutJobs.attempts, refusals: payoutJobs.refusals });
    if (!updated[0]) return undefined;
    if (job.transactionId) {
      const entry = JSON.stringify(
        toJsonValue({ signature, lastValidBlockHeight, reason, at: now.toISOString() }),
      );
      await tx
        .update(transactions)
        .set({
          status: 'pending',
          transactionSignature: null,
          retryCount: sql`${transactions.retryCount} + 1`,
          errorMessage: note,
          rawBlockchainData: sql`jsonb_set(COALESCE(${transactions.rawBlockchainData}, '{}'::jsonb), '{abandonedSignatures}', COALESCE(${transactions.rawBlockchainData}->'abandonedSignatures', '[]'::jsonb) || jsonb_build_array(${entry}::jsonb))`,
        })
        .where(eq(transactions.id, job.transactionId));
    }
    const { transfer: _old, ...rest } = job;
    return { ...rest, state: 'unsigned', attempts: updated[0].attempts, refusals: updated[0].refusals };
  });
}

/**
 * A debt that no retry can pay (the stored wallet is not an address, the chain refuses the transfer): an
 * admin must look. A signed job keeps its signature: the caller knows those bytes cannot move money now,
 * and should they ever land, reconcile reports the failed row whose transfer landed.
 */
export async function failJob(
  db: Database,
  job: ClaimedJob,
  reason: string,
  event: SystemEventInput,
  options: { refusals?: number } = {},
): Promise<void> {
  const sameSignature =
    job.state === 'signed' ? eq(payoutJobs.signature, job.transfer.signature) : isNull(payoutJobs.signature);
  await db.transaction(async (tx) => {
    const failed = await tx
      .update(payoutJobs)
      .set({
        status: 'failed',
        lastError: reason,
        lockedBy: null,
        lockedAt: null,
        ...(options.refusals === undefined ? {} : { refusals: options.refusals }),
      })
      .where(and(claimGuard(job), sameSignature))
      .returning({ id: payoutJobs.id });
    if (failed.length === 0) return;
    await recordSystemEvent(tx, event);
    if (job.transactionId) {
      await tx
        .update(transactions)
        .set({ status: 'failed', errorMessage: reason })
        .where(eq(transactions.id, job.transactionId));
    }
  });
}
