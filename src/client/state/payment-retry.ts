import type { GameView } from './game-view.ts';
import { backToLobby, withNotice } from './view-changes.ts';

/**
 * A paid search refused for a passing reason (protocol.ts PASSING_REFUSAL_CODES: busy, not visible on chain
 * yet, RPC or database away) recorded nothing: the client keeps the payment's signature and sends the same
 * findMatch again, waiting 1 s, 2 s, 4 s, then 8 s between tries, for about two minutes in all. The wallet is
 * never asked to pay again for this search. Given up, the player is told plainly that the payment comes back
 * on its own if it cannot be used.
 */
export const PAYMENT_RETRY = {
  firstDelayMs: 1_000,
  maxDelayMs: 8_000,
  /** From the first passing refusal: no try is sent once this has passed. */
  budgetMs: 120_000,
} as const;

/** The wait before try number `attempt` + 1 (attempt 1 is the wait after the first passing refusal). */
export function paymentRetryDelayMs(attempt: number): number {
  const doubled = PAYMENT_RETRY.firstDelayMs * 2 ** Math.max(0, attempt - 1);
  return Math.min(doubled, PAYMENT_RETRY.maxDelayMs);
}

export const PAYMENT_UNCONFIRMED_TEXT =
  'Your payment could not be confirmed in time, so no search was started. Do not pay again for it: if the payment went through, it is refunded to your wallet in full automatically within minutes.';

/** The search's payment is kept and tried again, or, past the budget, given up with a plain word why. */
export function retryOrGiveUp(view: GameView, at: number): GameView {
  const since = view.paymentRetry?.since ?? at;
  const attempt = (view.paymentRetry?.attempt ?? 0) + 1;
  if (at - since + paymentRetryDelayMs(attempt) > PAYMENT_RETRY.budgetMs) return givenUp(view);
  return { ...view, paymentRetry: { attempt, since } };
}

/** The search ends without a queue entry while its payment was still being confirmed. */
export function givenUp(view: GameView): GameView {
  return withNotice(backToLobby(view), { kind: 'paymentUnconfirmed' });
}
