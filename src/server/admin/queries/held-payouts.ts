import { desc, eq } from 'drizzle-orm';
import { HELD_PAYOUT_MESSAGES, type HeldPayoutAnswer } from '../../../common/api/admin-actions.ts';
import type { AdminHeldPayoutRow } from '../../../common/api/admin-rows.ts';
import type { Clock } from '../../../common/clock.ts';
import type { Database } from '../../db/database.ts';
import { payoutHolds, payoutJobs } from '../../db/schema/index.ts';
import { holdStateOf } from '../../ledger/payout/payout-hold.ts';
import {
  type HoldDecisionOutcome,
  refundLoserInstead,
  releaseHeldPayout,
} from '../../ledger/payout/payout-hold-actions.ts';
import { type ActionResult, actionInput, refused, requiredTextField } from './action-result.ts';
import type { Page } from './cursor.ts';
import { iso, isoOrNull, lamportsText, sol } from './json-values.ts';

export type { AdminHeldPayoutRow, HeldPayoutAnswer };

const LIST_LIMIT = 200;

/** Held payouts, newest first, decided ones too (their state says so); at most the latest 200. */
export async function listHeldPayouts(db: Database): Promise<Page<AdminHeldPayoutRow>> {
  const rows = await db
    .select({ hold: payoutHolds, jobStatus: payoutJobs.status })
    .from(payoutHolds)
    .innerJoin(payoutJobs, eq(payoutJobs.id, payoutHolds.jobId))
    .orderBy(desc(payoutHolds.heldAt))
    .limit(LIST_LIMIT);
  return {
    items: rows.map(({ hold, jobStatus }) => ({
      jobId: hold.jobId,
      gameId: hold.gameId,
      walletAddress: hold.walletAddress,
      amount: sol(hold.amountLamports),
      amountLamports: lamportsText(hold.amountLamports),
      banReason: hold.banReason,
      bannedBy: hold.bannedBy,
      heldAt: iso(hold.heldAt),
      state: holdStateOf(hold).state,
      jobStatus,
      resolvedAt: isoOrNull(hold.resolvedAt),
      resolvedBy: hold.resolvedBy,
      resolutionReason: hold.resolutionReason,
    })),
    nextCursor: null,
  };
}

export const HELD_PAYOUT_ERRORS = {
  reasonRequired: 'A reason is required',
  notFound: 'No held payout for this job',
  alreadyDecided: 'This held payout has already been released or refunded',
  noLoserEntry: "The loser's paid entry of this game was not found",
} as const;

export { HELD_PAYOUT_MESSAGES };

/** A decision's reason: required, as every admin action's. */
export const HELD_PAYOUT_REASON = requiredTextField(HELD_PAYOUT_ERRORS.reasonRequired);

/** Release, or refund the loser instead: a reason is required; the decision is taken once. */
export async function decideHeldPayoutAction(
  deps: { db: Database; clock: Clock },
  admin: { by: string },
  input: { jobId: string; reason: unknown },
  decision: 'released' | 'refunded_loser',
): Promise<ActionResult<HeldPayoutAnswer>> {
  const checked = actionInput(HELD_PAYOUT_REASON, input.reason);
  if (!checked.ok) return checked;
  const reason = checked.body;
  const decide = decision === 'released' ? releaseHeldPayout : refundLoserInstead;
  const outcome: HoldDecisionOutcome = await decide(deps.db, {
    jobId: input.jobId,
    by: admin.by,
    reason,
    at: new Date(deps.clock.now()),
  });
  if (!outcome.ok) {
    switch (outcome.why) {
      case 'not-found':
        return refused(404, HELD_PAYOUT_ERRORS.notFound);
      case 'already-decided':
        return refused(409, HELD_PAYOUT_ERRORS.alreadyDecided);
      case 'no-loser-entry':
        return refused(409, HELD_PAYOUT_ERRORS.noLoserEntry);
      default: {
        const unknown: never = outcome.why;
        throw new Error(`unknown refusal ${String(unknown)}`);
      }
    }
  }
  return {
    ok: true,
    body: {
      success: true,
      message: decision === 'released' ? HELD_PAYOUT_MESSAGES.released : HELD_PAYOUT_MESSAGES.refundedLoser,
      jobId: outcome.jobId,
      gameId: outcome.gameId,
      walletAddress: outcome.walletAddress,
      decision: outcome.decision,
      refund: outcome.refund
        ? { ...outcome.refund, amountLamports: lamportsText(outcome.refund.amountLamports) }
        : null,
    },
  };
}
