import {
  type Commitment,
  type GetBlockHeightApi,
  type GetEpochInfoApi,
  type GetSignatureStatusesApi,
  type GetTransactionApi,
  isSolanaError,
  type Rpc,
  type RpcSubscriptions,
  type Signature,
  type SignatureNotificationsApi,
  type SlotNotificationsApi,
  SOLANA_ERROR__BLOCK_HEIGHT_EXCEEDED,
  SolanaError,
} from '@solana/kit';
import {
  createBlockHeightExceedencePromiseFactory,
  createRecentSignatureConfirmationPromiseFactory,
} from '@solana/transaction-confirmation';
import { PaymentError, transactionFailed, transactionProcessedButFailed } from './payment-errors.ts';

export type ConfirmRpc = Rpc<
  GetSignatureStatusesApi & GetTransactionApi & GetBlockHeightApi & GetEpochInfoApi
>;
export type ConfirmSubscriptions = RpcSubscriptions<SignatureNotificationsApi & SlotNotificationsApi>;

export interface ConfirmPaymentDeps {
  rpc: ConfirmRpc;
  /** null where the RPC has no PubSub endpoint: polling alone then confirms. */
  rpcSubscriptions: ConfirmSubscriptions | null;
  /** Waits between polls; tests pass one that resolves at once. */
  sleep?: (ms: number) => Promise<void>;
  pollIntervalMs?: number;
  /**
   * Polls before giving up with a timeout (with the default interval: 90 s, past a blockhash's life).
   * 0 turns polling off, leaving the subscriptions alone (tests prove them this way).
   */
  maxPolls?: number;
}

export interface ConfirmPaymentInput {
  signature: Signature;
  lastValidBlockHeight: bigint;
}

const COMMITMENT: Commitment = 'confirmed';
const DEFAULT_POLL_MS = 1000;
const DEFAULT_MAX_POLLS = 90;
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The chain's verdict on the transaction (it ran and failed), as opposed to trouble reaching the chain. */
function isTransactionOutcome(error: unknown): boolean {
  if (!isSolanaError(error)) return false;
  const code = error.context.__code as number;
  return (code >= 4615000 && code < 4616000) || (code >= 7050000 && code < 7051000);
}

export function describeTransactionError(err: unknown): string {
  if (err instanceof Error) return err.message;
  return JSON.stringify(err, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
}

/** Never settles: a strategy that lost its transport leaves the race to the others. */
const never = new Promise<never>(() => {});

/** One poll: true once confirmed; throws the transaction's failure or the blockhash's expiry. */
async function pollOnce(input: ConfirmPaymentInput, rpc: ConfirmRpc, abortSignal: AbortSignal, poll: number) {
  const { value } = await rpc.getSignatureStatuses([input.signature]).send({ abortSignal });
  const status = value[0];
  if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) {
    if (status.err)
      throw new PaymentError(transactionFailed(describeTransactionError(status.err)), 'generic');
    return true;
  }
  if (!status && poll % 5 === 4) {
    const height = await rpc.getBlockHeight({ commitment: COMMITMENT }).send({ abortSignal });
    if (height > input.lastValidBlockHeight) {
      throw new SolanaError(SOLANA_ERROR__BLOCK_HEIGHT_EXCEEDED, {
        currentBlockHeight: height,
        lastValidBlockHeight: input.lastValidBlockHeight,
      });
    }
  }
  return false;
}

/**
 * Kit's confirmation helpers over RPC subscriptions (signature notifications, block height exceedence)
 * raced with polling of getSignatureStatuses, so a missing or broken PubSub endpoint only slows it down.
 */
async function waitForConfirmation(
  input: ConfirmPaymentInput,
  deps: ConfirmPaymentDeps,
  abortSignal: AbortSignal,
) {
  const sleep = deps.sleep ?? defaultSleep;
  const interval = deps.pollIntervalMs ?? DEFAULT_POLL_MS;
  const maxPolls = deps.maxPolls ?? DEFAULT_MAX_POLLS;
  const strategies: Promise<void>[] = [];

  if (deps.rpcSubscriptions) {
    const onlyOutcomes = (promise: Promise<void>) =>
      promise.catch((error: unknown) => {
        if (isTransactionOutcome(error) || isSolanaError(error, SOLANA_ERROR__BLOCK_HEIGHT_EXCEEDED))
          throw error;
        if (!abortSignal.aborted)
          console.warn('Payment confirmation: subscription unavailable, polling', error);
        return never;
      });
    const signatureConfirmed = createRecentSignatureConfirmationPromiseFactory({
      rpc: deps.rpc,
      rpcSubscriptions: deps.rpcSubscriptions,
    } as never);
    const blockHeightExceeded = createBlockHeightExceedencePromiseFactory({
      rpc: deps.rpc,
      rpcSubscriptions: deps.rpcSubscriptions,
    } as never);
    strategies.push(
      onlyOutcomes(signatureConfirmed({ abortSignal, commitment: COMMITMENT, signature: input.signature })),
    );
    strategies.push(
      onlyOutcomes(
        blockHeightExceeded({
          abortSignal,
          commitment: COMMITMENT,
          lastValidBlockHeight: input.lastValidBlockHeight,
        }),
      ),
    );
  }

  if (maxPolls === 0) {
    await Promise.race(strategies);
    return;
  }
  strategies.push(
    (async () => {
      let lastTransportError: unknown = null;
      for (let poll = 0; poll < maxPolls && !abortSignal.aborted; poll++) {
        if (poll > 0) await sleep(interval);
        try {
          if (await pollOnce(input, deps.rpc, abortSignal, poll)) return;
          lastTransportError = null;
        } catch (error) {
          // The chain's answers end the wait; a failed request is tried again at the next poll.
          if (error instanceof PaymentError || isSolanaError(error, SOLANA_ERROR__BLOCK_HEIGHT_EXCEEDED))
            throw error;
          lastTransportError = error;
        }
      }
      if (abortSignal.aborted) return;
      throw lastTransportError ?? new PaymentError('Transaction confirmation timed out', 'timeout');
    })(),
  );
  await Promise.race(strategies);
}

/**
 * SPEC §7: wait for the entry transfer at 'confirmed'. If confirmation errors, look the transaction up and
 * succeed if it exists without an error; one that ran and failed is 'Transaction processed but failed'.
 */
export async function confirmPayment(input: ConfirmPaymentInput, deps: ConfirmPaymentDeps): Promise<void> {
  const controller = new AbortController();
  try {
    await waitForConfirmation(input, deps, controller.signal);
  } catch (error) {
    const found = await deps.rpc
      .getTransaction(input.signature, {
        commitment: COMMITMENT,
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
      })
      .send()
      .catch(() => null);
    if (found && !found.meta?.err) return;
    if (found?.meta?.err) {
      throw new PaymentError(
        transactionProcessedButFailed(describeTransactionError(found.meta.err)),
        'generic',
        {
          cause: error,
        },
      );
    }
    if (isTransactionOutcome(error)) {
      throw new PaymentError(transactionFailed(describeTransactionError(error)), 'generic', { cause: error });
    }
    throw error;
  } finally {
    controller.abort();
  }
}
