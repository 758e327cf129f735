import type { Signature } from '@solana/kit';
import type { Clock } from '../../common/clock.ts';
import type { ChainRpc } from '../chain/chain-rpc.ts';

/** How long and how often a payment that the RPC does not show yet is looked for (RELIABILITY 7, 26). */
export interface LookupPolicy {
  /** Total time, by the injected clock, before giving up: the player is then told to try again. */
  budgetMs: number;
  /** The first wait; each wait doubles up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** One RPC call is abandoned (AbortSignal) after this long, then retried within the budget. */
  callTimeoutMs: number;
}

export const DEFAULT_LOOKUP_POLICY: LookupPolicy = {
  budgetMs: 30_000,
  firstDelayMs: 500,
  maxDelayMs: 4_000,
  callTimeoutMs: 5_000,
};

/** Far more than a 30 s budget with a 0.5 s first wait can use. */
const MAX_ATTEMPTS = 1_000;

export type Sleep = (ms: number) => Promise<void>;

export const timerSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export type LookupRpc = Pick<ChainRpc, 'getTransaction'>;

function fetchParsed(rpc: LookupRpc, signature: Signature, abortSignal: AbortSignal) {
  return rpc
    .getTransaction(signature, {
      commitment: 'confirmed',
      encoding: 'jsonParsed',
      maxSupportedTransactionVersion: 0,
    })
    .send({ abortSignal });
}

export type FoundTransaction = NonNullable<Awaited<ReturnType<typeof fetchParsed>>>;

export type LookupOutcome =
  | { kind: 'found'; transaction: FoundTransaction; attempts: number }
  /** The RPC answered, every time, that it does not know the signature (at `confirmed`). */
  | { kind: 'not_found'; attempts: number }
  /** The last attempt failed (HTTP 429 / 5xx, a timeout, a JSON-RPC error): nothing is known. */
  | { kind: 'unavailable'; attempts: number; error: unknown };

export interface LookupDeps {
  rpc: LookupRpc;
  clock: Clock;
  sleep: Sleep;
  policy: LookupPolicy;
  log: (message: string, error?: unknown) => void;
}

/**
 * Looks a signature up at `confirmed`, waiting with backoff while the RPC does not show it or fails, for up to
 * the budget: attempts at 0, 0.5, 1.5, 3.5, 7.5 s … and a last one at the budget's end. An error never reads
 * as "not found" and never as found: the caller refuses without accepting or recording anything.
 */
export async function lookUpTransaction(deps: LookupDeps, signature: Signature): Promise<LookupOutcome> {
  const { clock, policy } = deps;
  const start = clock.now();
  let delay = policy.firstDelayMs;
  let attempts = 0;
  for (;;) {
    attempts++;
    let outcome: LookupOutcome;
    try {
      // A whole call timeout even for the last attempt: the budget may be overrun by at most one call.
      const abortSignal = AbortSignal.timeout(policy.callTimeoutMs);
      const transaction = await fetchParsed(deps.rpc, signature, abortSignal);
      if (transaction) return { kind: 'found', transaction, attempts };
      outcome = { kind: 'not_found', attempts };
    } catch (error) {
      deps.log(`getTransaction ${signature} failed (attempt ${attempts})`, error);
      outcome = { kind: 'unavailable', attempts, error };
    }
    const left = policy.budgetMs - (clock.now() - start);
    // The attempt cap guards against a clock that a misconfigured sleep never moves.
    if (left <= 0 || attempts >= MAX_ATTEMPTS) return outcome;
    await deps.sleep(Math.min(delay, left));
    delay = Math.min(delay * 2, policy.maxDelayMs);
  }
}
