import { after, type PayoutStepDeps } from './payout-deps.ts';
import { backoffMs, type ClaimedJob } from './payout-job.ts';
import type { TransferRefusal } from './payout-refusal.ts';
import { toJsonValue } from './payout-rpc.ts';
import { failJob, releaseJob } from './payout-store.ts';

/** What a step does when it cannot go on: wait and retry, wait for funds, or give up for an admin. */

export async function retryLater(deps: PayoutStepDeps, job: ClaimedJob, lastError: string): Promise<void> {
  const delay = backoffMs(job.attempts + 1, deps.backoff);
  await releaseJob(deps.db, job, {
    nextAttemptAt: after(deps, delay),
    lastError,
    countAttempt: true,
    event: retryEvent(deps, job, lastError, delay),
  });
}

/** Every payout retry is a system event (a warning: the job is kept and tried again). */
function retryEvent(deps: PayoutStepDeps, job: ClaimedJob, lastError: string, delay: number) {
  return {
    severity: 'warning' as const,
    eventType: 'payout_retry',
    message: `Payout job ${job.id} (${job.kind} of ${job.amountLamports} lamports to ${job.walletAddress}) will be retried in ${Math.round(delay / 1000)} s: ${lastError}`,
    details: backoffDetails(deps, job, delay, { lastError }),
  };
}

/** RELIABILITY 15: the job waits with backoff and one critical event per backoff step, never dropped. */
export async function waitForFunds(deps: PayoutStepDeps, job: ClaimedJob, detail: string): Promise<void> {
  const delay = backoffMs(job.attempts + 1, deps.backoff);
  const lastError = `insufficient house funds: ${detail}`;
  await releaseJob(deps.db, job, {
    nextAttemptAt: after(deps, delay),
    lastError,
    countAttempt: true,
    event: {
      severity: 'critical',
      eventType: 'house_wallet_insufficient_funds',
      message: `The house wallet cannot pay ${job.kind} job ${job.id} (${job.amountLamports} lamports to ${job.walletAddress}): ${detail}. Retrying in ${Math.round(delay / 1000)} s.`,
      details: backoffDetails(deps, job, delay),
    },
  });
}

/** What an event about a job put off for `delay` says of it. */
function backoffDetails(deps: PayoutStepDeps, job: ClaimedJob, delay: number, extra: object = {}) {
  return toJsonValue({
    jobId: job.id,
    kind: job.kind,
    walletAddress: job.walletAddress,
    amountLamports: job.amountLamports,
    houseWallet: deps.houseWallet.address,
    attempt: job.attempts + 1,
    retryInMs: delay,
    ...extra,
  }) as Record<string, unknown>;
}

/** A debt no retry can pay: the job fails and a critical event asks an admin to look. Never used for funds. */
export async function refuseForever(
  deps: PayoutStepDeps,
  job: ClaimedJob,
  reason: string,
  options: { refusals?: number } = {},
): Promise<void> {
  await failJob(
    deps.db,
    job,
    reason,
    {
      severity: 'critical',
      eventType: 'payout_job_failed',
      message: `Payout job ${job.id} cannot be paid (${job.kind} of ${job.amountLamports} lamports to ${job.walletAddress}): ${reason}. Pay or re-queue it by hand, then resolve this event.`,
      details: toJsonValue({
        jobId: job.id,
        kind: job.kind,
        walletAddress: job.walletAddress,
        amountLamports: job.amountLamports,
        transactionId: job.transactionId,
        signature: job.state === 'signed' ? job.transfer.signature : null,
        refusals: options.refusals ?? job.refusals,
      }) as Record<string, unknown>,
    },
    options,
  );
}

/** Whether this refusal ends the job: at once when the recipient can never be paid, else at the bound. */
export function refusalIsFinal(deps: PayoutStepDeps, job: ClaimedJob, refusal: TransferRefusal): boolean {
  return refusal.kind === 'never-payable' || job.refusals + 1 >= deps.maxRefusals;
}

/**
 * The chain refused the transfer. A refusal no retry can change fails the job now; any
 * other is counted and retried with backoff until the bound, where the job fails. Either way the failure
 * records one critical event, and reconcile lists the job until an admin resolves it.
 */
export async function refuseTransfer(
  deps: PayoutStepDeps,
  job: ClaimedJob,
  refusal: TransferRefusal,
  detail: string,
): Promise<void> {
  const refusals = job.refusals + 1;
  if (refusalIsFinal(deps, job, refusal)) {
    const why = refusal.kind === 'never-payable' ? '' : ` (refused ${refusals} times)`;
    return refuseForever(deps, job, `${refusal.reason}${why}; ${detail}`, { refusals });
  }
  const delay = backoffMs(job.attempts + 1, deps.backoff);
  const lastError = `refused by the chain (${refusals} of ${deps.maxRefusals}): ${refusal.reason}; ${detail}`;
  await releaseJob(deps.db, job, {
    nextAttemptAt: after(deps, delay),
    lastError,
    countAttempt: true,
    countRefusal: true,
    event: retryEvent(deps, job, lastError, delay),
  });
}
