import { after, type PayoutStepDeps } from './payout-deps.ts';
import { backoffMs, type ClaimedJob } from './payout-job.ts';
import { toJsonValue } from './payout-rpc.ts';
import { failJob, releaseJob } from './payout-store.ts';

/** What a step does when it cannot go on: wait and retry, wait for funds, or give up for an admin. */

export async function retryLater(deps: PayoutStepDeps, job: ClaimedJob, lastError: string): Promise<void> {
  const delay = backoffMs(job.attempts + 1, deps.backoff);
  await releaseJob(deps.db, job, { nextAttemptAt: after(deps, delay), lastError, countAttempt: true });
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
      details: toJsonValue({
        jobId: job.id,
        kind: job.kind,
        walletAddress: job.walletAddress,
        amountLamports: job.amountLamports,
        houseWallet: deps.houseWallet.address,
        attempt: job.attempts + 1,
        retryInMs: delay,
      }) as Record<string, unknown>,
    },
  });
}

/** A debt no retry can pay: the job fails and a critical event asks an admin to look. Never used for funds. */
export async function refuseForever(deps: PayoutStepDeps, job: ClaimedJob, reason: string): Promise<void> {
  await failJob(deps.db, job, reason, {
    severity: 'critical',
    eventType: 'payout_job_failed',
    message: `Payout job ${job.id} cannot be paid: ${reason}.`,
    details: { jobId: job.id, kind: job.kind },
  });
}
