import { and, eq, inArray, lte, notExists, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { GameModeId } from '../../../common/game-modes.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import type { QueueStatus } from '../../db/schema/enums.ts';
import { payoutJobs, queueSessions, transactions } from '../../db/schema/index.ts';
import { recordSystemEvent } from '../../operations-log/system-events.ts';
import { owePayment } from './owe-payment.ts';

/**
 * The ledger pass of the sweeper of last resort (ARCHITECTURE invariant 10). An entry fee ends as a live
 * search (its queue entry active), a played match (matched), a refund, or a cancel's retained share (both
 * name the fee). One that is none of these is unaccounted: it never became a search (the process stopped
 * between verifying and queueing, the queue write failed, the reply was lost and the player paid again) or
 * its search was closed with nothing owed for it. Once older than the grace it is refunded in full, once.
 */

/** A search that still holds its fee: searching, or played (a match under way or recorded). */
const HOLDING_STATUSES = ['active', 'matched'] as const satisfies readonly QueueStatus[];

export const UNUSED_ENTRY_FEE_EVENT = 'unused_entry_fee_refunded';

export interface UnaccountedEntryFee {
  entryTransactionId: string;
  walletAddress: string;
  lamports: bigint;
  signature: string | null;
  gameMode: GameModeId | null;
  /** The status its queue entry was closed with, or null when no search ever used it. */
  closedSearchStatus: QueueStatus | null;
  createdAt: Date;
}

/** Why nothing accounts for the fee, in words an admin reads in the system event and reconcile prints. */
export function whyUnaccounted(fee: Pick<UnaccountedEntryFee, 'closedSearchStatus'>): string {
  return fee.closedSearchStatus === null
    ? 'verified entry fee never became a search'
    : `its search was closed (${fee.closedSearchStatus}) with nothing refunded or kept`;
}

/** Entry fees no outcome accounts for, recorded at or before `dueBy` when given; `entryTransactionId` picks one. */
export async function readUnaccountedEntryFees(
  db: Database,
  filter: { dueBy?: Date; entryTransactionId?: string } = {},
): Promise<UnaccountedEntryFee[]> {
  const claims = alias(transactions, 'claims');
  const conditions: SQL[] = [
    eq(transactions.type, 'entry_fee'),
    // A refund owed (pending, paid or failed: the worker and the failed-job report own it from here).
    notExists(db.select().from(payoutJobs).where(eq(payoutJobs.entryTransactionId, transactions.id))),
    // A refund row or the share a cancel keeps.
    notExists(db.select().from(claims).where(eq(claims.originalTransactionId, transactions.id))),
    notExists(
      db
        .select()
        .from(queueSessions)
        .where(
          and(
            eq(queueSessions.transactionId, transactions.id),
            inArray(queueSessions.status, [...HOLDING_STATUSES]),
          ),
        ),
    ),
  ];
  if (filter.dueBy) conditions.push(lte(transactions.createdAt, filter.dueBy));
  if (filter.entryTransactionId) conditions.push(eq(transactions.id, filter.entryTransactionId));
  const rows = await db
    .select({
      entryTransactionId: transactions.id,
      walletAddress: transactions.walletAddress,
      lamports: transactions.amountLamports,
      signature: transactions.transactionSignature,
      gameMode: transactions.gameMode,
      closedSearchStatus: queueSessions.status,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .leftJoin(queueSessions, eq(queueSessions.transactionId, transactions.id))
    .where(and(...conditions))
    .orderBy(transactions.createdAt);
  return rows;
}

/**
 * Refunds one unaccounted fee in full with a warning system event, in the caller's transaction. The fee's
 * row is taken FOR UPDATE SKIP LOCKED and the fee checked again under that lock: a search being written from
 * it right now holds the row in key-share mode (game/store/queue-rows.ts), and another node sweeping it holds it
 * too, so either this skips it or the other finds the refund. Whether this call refunded it.
 */
async function refundIfStillUnaccounted(tx: Database, entryTransactionId: string, at: Date) {
  const [locked] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.id, entryTransactionId))
    .for('update', { skipLocked: true });
  if (!locked) return false;
  const [fee] = await readUnaccountedEntryFees(tx, { entryTransactionId });
  if (!fee) return false;
  const owed = await owePayment(
    tx,
    {
      kind: 'refund',
      walletAddress: fee.walletAddress,
      amountLamports: fee.lamports,
      reason: 'system_error',
      refundPercentage: 100,
      entryTransactionId: fee.entryTransactionId,
      ...(fee.gameMode ? { gameMode: fee.gameMode } : {}),
    },
    at,
  );
  if (!owed.created) return false;
  const why = whyUnaccounted(fee);
  await recordSystemEvent(tx, {
    severity: 'warning',
    eventType: UNUSED_ENTRY_FEE_EVENT,
    message:
      `Entry fee ${fee.entryTransactionId} of ${fee.lamports} lamports from wallet ${fee.walletAddress} ` +
      `(payment ${fee.signature ?? 'without signature'}): ${why}; refunded in full`,
    details: {
      entryTransactionId: fee.entryTransactionId,
      walletAddress: fee.walletAddress,
      lamports: fee.lamports.toString(),
      signature: fee.signature,
      closedSearchStatus: fee.closedSearchStatus,
      why,
      refundTransactionId: owed.transactionId,
      refundJobId: owed.jobId,
    },
  });
  return true;
}

/**
 * Refunds every unaccounted fee recorded at or before `dueBy`, each in a transaction of its own (a savepoint
 * inside the caller's, at restart), so one that fails leaves the others refunded. Returns how many it refunded.
 */
export async function sweepUnusedEntryFees(
  db: Database,
  options: { dueBy: Date; at: Date },
): Promise<number> {
  const candidates = await readUnaccountedEntryFees(db, { dueBy: options.dueBy });
  let refunded = 0;
  for (const candidate of candidates) {
    try {
      const done = await db.transaction((tx) =>
        refundIfStillUnaccounted(tx, candidate.entryTransactionId, options.at),
      );
      if (done) refunded += 1;
    } catch (error) {
      // The same debt written at this instant elsewhere (a refused join refunding its fee): it exists once.
      if (!isUniqueViolation(error, 'payout_jobs_idempotency_key_unique')) throw error;
    }
  }
  return refunded;
}
