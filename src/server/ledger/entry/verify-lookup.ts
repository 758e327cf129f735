import type { Signature } from '@solana/kit';
import type { Clock } from '../../../common/clock.ts';
import type { ChainRpc } from '../../chain/chain-rpc.ts';
import type { Logger } from '../../logger.ts';

/**
 * How a payment is looked up (RELIABILITY 7, 26, 29). A signature the RPC does not know costs one call: the
 * verifier answers at once that it is not visible yet (a passing refusal) and the client, which keeps the
 * signature, submits it again with backoff; so a made-up signature holds a verification slot for one call,
 * never for a retry sequence. Only an RPC failure (HTTP 429 / 5xx, a timeout), where nothing is known, is
 * retried here, briefly.
 */
export interface LookupPolicy {
  /** Total time, by the injected clock, for retrying RPC failures: the player is then told to try again. */
  budgetMs: number;
  /** The first wait after a failure; each wait doubles up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** One RPC call is abandoned (AbortSignal) after this long, then retried within the budget. */
  callTimeoutMs: number;
}

export const DEFAULT_LOOKUP_POLICY: LookupPolicy = {
  budgetMs: 8_000,
  firstDelayMs: 500,
  maxDelayMs: 4_000,
  callTimeoutMs: 5_000,
};

/** Far more than an 8 s budget with a 0.5 s first wait can use. */
const MAX_ATTEMPTS = 100;

export type Sleep = (ms: number) => Promise<void>;

export const timerSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export type LookupRpc = Pick<ChainRpc, 'getTransaction'>;

/**
 * A transaction as the entry check reads it (jsonParsed, at `confirmed`), typed as Kit answers it: what
 * `checkPayment` takes, no cast. Null when the RPC does not know the signature.
 */
export function fetchParsedTransaction(rpc: LookupRpc, signature: Signature, abortSignal?: AbortSignal) {
  return rpc
    .getTransaction(signature, {
      commitment: 'confirmed',
      encoding: 'jsonParsed',
      maxSupportedTransactionVersion: 0,
    })
    .send(abortSignal ? { abortSignal } : {});
}

export type FoundTransaction = NonNullable<Awaited<ReturnType<typeof fetchParsedTransaction>>>;

export type LookupOutcome =
  | { kind: 'found'; transaction: FoundTransaction; attempts: number }
  /** The RPC answered that it does not know the signature (at `confirmed`). Asked once: never retried here. */
  | { kind: 'not_found'; attempts: number }
  /** Every attempt within the budget failed (HTTP 429 / 5xx, a timeout, a JSON-RPC error): nothing is known. */
  | { kind: 'unavailable'; attempts: number; error: unknown };

export interface LookupDeps {
  rpc: LookupRpc;
  clock: Clock;
  sleep: Sleep;
  policy: LookupPolicy;
  log: Logger;
}

/**
 * Looks a signature up at `confirmed`. An answer (the transaction, or none) is returned at once; a failed call
 * is retried with backoff for up to the budget: attempts at 0, 0.5, 1.5, 3.5, 7.5 s and a last one at the
 * budget's end. An error never reads as "not found" and never as found: the caller refuses without
 * accepting or recording anything.
 */
export async function lookUpTransaction(deps: LookupDeps, signature: Signature): Promise<LookupOutcome> {
  const { clock, policy } = deps;
  const start = clock.now();
  let delay = policy.firstDelayMs;
  let attempts = 0;
  for (;;) {
    attempts++;
    let error: unknown;
    try {
      // A whole call timeout even for the last attempt: the budget may be overrun by at most one call.
      const abortSignal = AbortSignal.timeout(policy.callTimeoutMs);
      const transaction = await fetchParsedTransaction(deps.rpc, signature, abortSignal);
      return transaction ? { kind: 'found', transaction, attempts } : { kind: 'not_found', attempts };
    } catch (thrown) {
      deps.log(`getTransaction ${signature} failed (attempt ${attempts})`, thrown);
      error = thrown;
    }
    const left = policy.budgetMs - (clock.now() - start);
    // The attempt cap guards against a clock that a misconfigured sleep never moves.
    if (left <= 0 || attempts >= MAX_ATTEMPTS) return { kind: 'unavailable', attempts, error };
    await deps.sleep(Math.min(delay, left));
    delay = Math.min(delay * 2, policy.maxDelayMs);
  }
}
