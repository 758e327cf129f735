import { type Address, address } from '@solana/kit';
import { TRANSFER_NETWORK_FEE_LAMPORTS } from '../../../common/rules.ts';
import { after, now, type PayoutStepDeps } from './payout-deps.ts';
import { holdIfBanned } from './payout-hold.ts';
import type { ClaimedJob, ConfirmedPayout, SignedJob, StoredTransfer, UnsignedJob } from './payout-job.ts';
import { refusalOfLandedError, refusalOfSendError, refusalOfSigningError } from './payout-refusal.ts';
import { describeRpcError, send, toJsonValue } from './payout-rpc.ts';
import {
  refusalIsFinal,
  refuseForever,
  refuseTransfer,
  retryLater,
  waitForFunds,
} from './payout-setbacks.ts';
import { abandonTransfer, confirmPayout, releaseJob, storeSignedTransfer } from './payout-store.ts';
import { signPayoutTransfer } from './payout-transfer.ts';
import { judgeSignedTransfer, type SignedTransferVerdict } from './payout-verdict.ts';

/** Advances one claimed job by one step. Never throws: a failure leaves the job for a later retry. */
export async function advanceJob(deps: PayoutStepDeps, job: ClaimedJob): Promise<void> {
  try {
    switch (job.state) {
      case 'unsigned':
        return await signAndSend(deps, job);
      case 'signed':
        return await lookUp(deps, job);
      default: {
        const unknown: never = job;
        throw new Error(`unknown payout job state ${JSON.stringify(unknown)}`);
      }
    }
  } catch (error) {
    // RPC 429/5xx/timeouts and database errors: nothing was marked paid; back off and look again.
    deps.log(`payout job ${job.id}: step failed, will retry`, error);
    await retryLater(deps, job, describeRpcError(error)).catch((e: unknown) =>
      deps.log(`payout job ${job.id}: could not record the failure (the lease will free it)`, e),
    );
  }
}

async function signAndSend(deps: PayoutStepDeps, job: UnsignedJob): Promise<void> {
  const { rpc, houseWallet, rpcTimeoutMs } = deps;
  // RELIABILITY 35: checked here, the last moment before anything is signed (payout-hold.ts).
  const hold = await holdIfBanned(deps.db, job, now(deps));
  if (hold === 'claim-lost') return deps.log(`payout job ${job.id}: claim lost before the ban check`);
  if (hold === 'held') {
    deps.log(`payout job ${job.id}: held for review, the wallet ${job.walletAddress} is banned`);
    try {
      await deps.onHeld?.({
        jobId: job.id,
        kind: job.kind,
        walletAddress: job.walletAddress,
        amountLamports: job.amountLamports,
        transactionId: job.transactionId,
        gameId: job.gameId,
      });
    } catch (error) {
      deps.log(`payout job ${job.id}: the held listener failed (the payout itself is held)`, error);
    }
    return;
  }
  let recipient: Address;
  try {
    recipient = address(job.walletAddress);
  } catch {
    return refuseForever(
      deps,
      job,
      `the stored wallet ${JSON.stringify(job.walletAddress)} is not a Solana address`,
    );
  }

  const [{ value: balance }, rentMinimum] = await Promise.all([
    send(rpc.getBalance(houseWallet.address, { commitment: 'confirmed' }), rpcTimeoutMs),
    deps.rentExemptMinimum(),
  ]);
  const needed = job.amountLamports + TRANSFER_NETWORK_FEE_LAMPORTS + rentMinimum;
  if (balance < needed) {
    return waitForFunds(
      deps,
      job,
      `balance ${balance} lamports, needs ${needed} (amount + fee + rent reserve)`,
    );
  }

  const { value: lifetime } = await send(rpc.getLatestBlockhash({ commitment: 'confirmed' }), rpcTimeoutMs);
  let transfer: StoredTransfer;
  try {
    transfer = await signPayoutTransfer({
      house: houseWallet,
      recipient,
      lamports: job.amountLamports,
      lifetime,
    });
  } catch (error) {
    const refusal = refusalOfSigningError(error);
    if (!refusal) throw error;
    return refuseTransfer(deps, job, refusal, `the transfer cannot be built: ${describeRpcError(error)}`);
  }
  const signed = await storeSignedTransfer(deps.db, job, transfer, now(deps));
  if (!signed) {
    deps.log(`payout job ${job.id}: claim lost before storing; the transfer was not sent`);
    return;
  }
  await deps.hooks.afterStore?.(signed);
  // The player hears when the transfer is on its way, and again once confirmed.
  if (await sendStored(deps, signed))
    await announce(deps, deps.onSent, signed, signed.transfer.signature, 'sent');
}

/** Tells a listener about a payout; its failure never undoes what the worker already did. */
async function announce(
  deps: PayoutStepDeps,
  listener: PayoutStepDeps['onSent'],
  job: Pick<SignedJob, 'id' | 'kind' | 'walletAddress' | 'amountLamports' | 'transactionId' | 'gameId'>,
  signature: ConfirmedPayout['signature'],
  what: 'sent' | 'confirmed',
): Promise<void> {
  try {
    await listener?.({
      jobId: job.id,
      kind: job.kind,
      walletAddress: job.walletAddress,
      amountLamports: job.amountLamports,
      transactionId: job.transactionId,
      gameId: job.gameId,
      signature,
    });
  } catch (error) {
    deps.log(`payout job ${job.id}: the ${what} listener failed (the payout itself is ${what})`, error);
  }
}

/**
 * Sends the stored bytes (the first time or again). Preflight stays on: a transfer the house cannot pay is
 * refused at once with the chain's reason instead of being dropped silently, and a refused transfer never
 * lands. Whatever happens, the signature stays stored: only its expiry allows a new one.
 */
async function sendStored(deps: PayoutStepDeps, job: SignedJob): Promise<boolean> {
  try {
    await send(
      deps.rpc.sendTransaction(job.transfer.wire, {
        encoding: 'base64',
        skipPreflight: false,
        preflightCommitment: 'confirmed',
      }),
      deps.rpcTimeoutMs,
    );
  } catch (error) {
    const refusal = refusalOfSendError(error);
    const detail = `send of ${job.transfer.signature} failed: ${describeRpcError(error)}`;
    if (refusal?.kind === 'house-shortfall') await waitForFunds(deps, job, describeRpcError(error));
    // Refused in preflight: these bytes were not forwarded, so failing the job cannot strand a transfer.
    else if (refusal) await refuseTransfer(deps, job, refusal, detail);
    // A timeout may hide a transfer that landed: the look-up, not this error, decides.
    else await retryLater(deps, job, detail);
    return false;
  }
  await deps.hooks.afterSend?.(job);
  await releaseJob(deps.db, job, {
    nextAttemptAt: after(deps, deps.pollMs),
    lastError: null,
    countAttempt: false,
  });
  return true;
}

async function statusOf(deps: PayoutStepDeps, job: SignedJob) {
  const { value } = await send(
    deps.rpc.getSignatureStatuses([job.transfer.signature], { searchTransactionHistory: true }),
    deps.rpcTimeoutMs,
  );
  return value[0] ?? null;
}

async function lookUp(deps: PayoutStepDeps, job: SignedJob): Promise<void> {
  const { lastValidBlockHeight } = job.transfer;
  const [status, blockHeight] = await Promise.all([
    statusOf(deps, job),
    send(deps.rpc.getBlockHeight({ commitment: 'confirmed' }), deps.rpcTimeoutMs),
  ]);
  let verdict: SignedTransferVerdict = judgeSignedTransfer(status, blockHeight, lastValidBlockHeight);
  // Look once more after seeing the expired height: a transfer that landed in time is visible by now.
  if (verdict.kind === 'expired') {
    verdict = judgeSignedTransfer(await statusOf(deps, job), blockHeight, lastValidBlockHeight);
  }
  switch (verdict.kind) {
    case 'paid':
      return confirm(deps, job, verdict);
    case 'awaiting-confirmation':
      return releaseJob(deps.db, job, {
        nextAttemptAt: after(deps, deps.pollMs),
        lastError: null,
        countAttempt: false,
      });
    case 'resend':
      await sendStored(deps, job);
      return;
    case 'failed-awaiting-expiry': {
      const landed = `${job.transfer.signature} landed with error ${JSON.stringify(toJsonValue(verdict.err))}`;
      const refusal = refusalOfLandedError(verdict.err);
      if (refusal?.kind === 'house-shortfall') return waitForFunds(deps, job, landed);
      // A signature that landed failing never lands again: a recipient that can never be paid fails now.
      if (refusal?.kind === 'never-payable') return refuseTransfer(deps, job, refusal, landed);
      return releaseJob(deps.db, job, {
        nextAttemptAt: after(deps, deps.pollMs),
        lastError: `${landed}; waiting for its blockhash to expire`,
        countAttempt: false,
      });
    }
    case 'expired': {
      const why = verdict.err
        ? `landed with error ${JSON.stringify(toJsonValue(verdict.err))}`
        : 'not on chain';
      const reason = `${why} and its blockhash expired (block height ${blockHeight} > ${lastValidBlockHeight})`;
      // A transfer the chain ran and refused counts once, here, where it would be replaced.
      const refusal = verdict.err ? refusalOfLandedError(verdict.err) : undefined;
      const refused = refusal !== undefined && refusal.kind !== 'house-shortfall';
      if (refused && refusalIsFinal(deps, job, refusal)) return refuseTransfer(deps, job, refusal, reason);
      const unsigned = await abandonTransfer(deps.db, job, reason, now(deps), { countRefusal: refused });
      if (!unsigned)
        return deps.log(`payout job ${job.id}: claim lost before abandoning ${job.transfer.signature}`);
      return signAndSend(deps, unsigned);
    }
    default: {
      const unknown: never = verdict;
      throw new Error(`unknown verdict ${JSON.stringify(unknown)}`);
    }
  }
}

async function confirm(
  deps: PayoutStepDeps,
  job: SignedJob,
  verdict: Extract<SignedTransferVerdict, { kind: 'paid' }>,
): Promise<void> {
  const { signature } = job.transfer;
  const landed = await send(
    deps.rpc.getTransaction(signature, {
      commitment: 'confirmed',
      encoding: 'json',
      maxSupportedTransactionVersion: 0,
    }),
    deps.rpcTimeoutMs,
  );
  const facts = {
    signature,
    slot: verdict.slot,
    confirmationStatus: verdict.status,
    fee: landed?.meta?.fee ?? null,
    blockTime: landed?.blockTime ?? null,
  };
  if (!(await confirmPayout(deps.db, deps.analytics, job, facts, now(deps)))) {
    return deps.log(`payout job ${job.id}: claim lost before recording its confirmation`);
  }
  await announce(deps, deps.onConfirmed, job, signature, 'confirmed');
}
