import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  games,
  payoutHolds,
  payoutJobs,
  queueSessions,
  systemEvents,
  transactions,
} from '../../db/schema/index.ts';
import { owePayment } from './owe-payment.ts';
import { HOLD_STATUS, PAYOUT_HELD_EVENT } from './payout-hold.ts';

/**
 * An admin's decision on a held winner payout (payout-hold.ts), each taken once, in one transaction with
 * everything it changes; a second decision on the same hold finds it decided and changes nothing.
 *
 * - release: the job is pending again and the worker pays it once, as any job (it is not held again).
 * - refund the loser instead: the held payout is cancelled (job 'cancelled', its ledger row 'redundant', the
 *   game's winner payout cleared),
 *   the loser's entry is refunded in full through an ordinary refund job, and the house keeps the winner's
 *   entry, since the winner was banned for cause. The money invariant holds: the loser's fee ends as a
 *   refund; the winner's fee ends as the played match's commission (the commission recorded when the match
 *   ended plus the payout no longer owed, less the loser's refund, which is the winner's entry exactly).
 */

export type HoldDecision = 'released' | 'refunded_loser';

export interface HoldDecisionInput {
  jobId: string;
  by: string;
  reason: string;
  at: Date;
}

export type HoldDecisionOutcome =
  | {
      ok: true;
      decision: HoldDecision;
      jobId: string;
      gameId: string;
      walletAddress: string;
      /** refunded_loser: the wallet refunded and its refund job. */
      refund?: { walletAddress: string; amountLamports: bigint; jobId: string };
    }
  | { ok: false; why: 'not-found' | 'already-decided' | 'no-loser-entry' };

/** Claims the undecided hold for `decision`; undefined when there is none (or it was decided meanwhile). */
async function decide(tx: Database, input: HoldDecisionInput, decision: HoldDecision) {
  const [hold] = await tx
    .update(payoutHolds)
    .set({ resolution: decision, resolvedAt: input.at, resolvedBy: input.by, resolutionReason: input.reason })
    .where(and(eq(payoutHolds.jobId, input.jobId), isNull(payoutHolds.resolution)))
    .returning();
  return hold;
}

async function whyNot(tx: Database, jobId: string): Promise<'not-found' | 'already-decided'> {
  const [hold] = await tx
    .select({ id: payoutHolds.id })
    .from(payoutHolds)
    .where(eq(payoutHolds.jobId, jobId));
  return hold ? 'already-decided' : 'not-found';
}

/** The hold's critical event is dealt with once an admin decided. */
async function resolveHeldEvent(tx: Database, input: HoldDecisionInput, note: string) {
  await tx
    .update(systemEvents)
    .set({ resolvedAt: input.at, resolvedBy: input.by, resolutionNotes: note })
    .where(
      and(
        eq(systemEvents.eventType, PAYOUT_HELD_EVENT),
        isNull(systemEvents.resolvedAt),
        sql`${systemEvents.details}->>'jobId' = ${input.jobId}`,
      ),
    );
}

/** Releases a held payout: the worker pays it once, as any job. */
export async function releaseHeldPayout(
  db: Database,
  input: HoldDecisionInput,
): Promise<HoldDecisionOutcome> {
  return db.transaction(async (tx) => {
    const hold = await decide(tx, input, 'released');
    if (!hold) return { ok: false, why: await whyNot(tx, input.jobId) };
    const [job] = await tx
      .update(payoutJobs)
      .set({ status: 'pending', nextAttemptAt: input.at, lastError: null })
      .where(and(eq(payoutJobs.id, input.jobId), eq(payoutJobs.status, 'held')))
      .returning({ transactionId: payoutJobs.transactionId });
    if (!job) throw new Error(`payout hold of job ${input.jobId} is undecided but its job is not held`);
    if (job.transactionId) {
      await tx
        .update(transactions)
        .set({
          resolutionStatus: HOLD_STATUS.released,
          errorMessage: null,
          adminResolution: `Released by ${input.by}: ${input.reason}`,
          resolutionTimestamp: input.at,
        })
        .where(eq(transactions.id, job.transactionId));
    }
    await resolveHeldEvent(tx, input, `Released by ${input.by}: ${input.reason}`);
    return {
      ok: true,
      decision: 'released',
      jobId: input.jobId,
      gameId: hold.gameId,
      walletAddress: hold.walletAddress,
    };
  });
}

/** Cancels a held payout and refunds the loser's entry in full instead (the policy above). */
export async function refundLoserInstead(
  db: Database,
  input: HoldDecisionInput,
): Promise<HoldDecisionOutcome> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(payoutHolds).where(eq(payoutHolds.jobId, input.jobId));
    if (!found) return { ok: false, why: 'not-found' };
    // The loser's verified entry: the other paid queue entry matched into this game.
    const [loser] = await tx
      .select({
        walletAddress: queueSessions.walletAddress,
        entryId: transactions.id,
        amount: transactions.amountLamports,
        mode: transactions.gameMode,
      })
      .from(queueSessions)
      .innerJoin(transactions, eq(transactions.id, queueSessions.transactionId))
      .where(
        and(
          eq(queueSessions.resultingGameId, found.gameId),
          ne(queueSessions.walletAddress, found.walletAddress),
          isNotNull(queueSessions.transactionId),
        ),
      );
    if (!loser) return { ok: false, why: found.resolution === null ? 'no-loser-entry' : 'already-decided' };
    const hold = await decide(tx, input, 'refunded_loser');
    if (!hold) return { ok: false, why: 'already-decided' };
    const [job] = await tx
      .update(payoutJobs)
      .set({ status: 'cancelled', lastError: `cancelled by ${input.by}: loser's entry refunded instead` })
      .where(and(eq(payoutJobs.id, input.jobId), eq(payoutJobs.status, 'held')))
      .returning({ transactionId: payoutJobs.transactionId });
    if (!job) throw new Error(`payout hold of job ${input.jobId} is undecided but its job is not held`);
    if (job.transactionId) {
      await tx
        .update(transactions)
        .set({
          status: 'redundant',
          resolutionStatus: HOLD_STATUS.refundedLoser,
          errorMessage: 'Payout cancelled after review',
          adminResolution: `Cancelled by ${input.by}, loser's entry refunded: ${input.reason}`,
          resolutionTimestamp: input.at,
        })
        .where(eq(transactions.id, job.transactionId));
    }
    // The game owes its winner nothing now: what its row says it paid follows the ledger (the amount stays on
    // the payout's ledger row, marked redundant), so no list, ranking or export counts a payout never made.
    await tx.update(games).set({ winnerPayoutLamports: null }).where(eq(games.id, hold.gameId));
    const refund = await owePayment(
      tx,
      {
        kind: 'refund',
        walletAddress: loser.walletAddress,
        amountLamports: loser.amount,
        reason: 'admin_initiated',
        refundPercentage: 100,
        entryTransactionId: loser.entryId,
        gameId: hold.gameId,
        ...(loser.mode ? { gameMode: loser.mode } : {}),
      },
      input.at,
    );
    // What the house keeps of the game grows by the payout it no longer owes, less the loser's refund.
    const kept = hold.amountLamports - loser.amount;
    if (kept !== 0n) {
      await tx.insert(transactions).values({
        type: 'commission',
        walletAddress: (await houseOfGame(tx, hold.gameId)) ?? hold.walletAddress,
        amountLamports: kept,
        status: 'confirmed',
        createdAt: input.at,
        updatedAt: input.at,
        confirmedAt: input.at,
        gameMode: loser.mode,
        gameId: hold.gameId,
        reason: 'admin_initiated',
      });
    }
    await tx.update(payoutHolds).set({ refundJobId: refund.jobId }).where(eq(payoutHolds.id, hold.id));
    await resolveHeldEvent(tx, input, `Loser's entry refunded by ${input.by}: ${input.reason}`);
    return {
      ok: true,
      decision: 'refunded_loser',
      jobId: input.jobId,
      gameId: hold.gameId,
      walletAddress: hold.walletAddress,
      refund: { walletAddress: loser.walletAddress, amountLamports: loser.amount, jobId: refund.jobId },
    };
  });
}

/** The wallet the match's commission was recorded on (the house), so the added share sits beside it. */
async function houseOfGame(tx: Database, gameId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ wallet: transactions.walletAddress })
    .from(transactions)
    .where(and(eq(transactions.gameId, gameId), eq(transactions.type, 'commission')))
    .limit(1);
  return row?.wallet;
}
