/**
 * The refusal codes the lobby's first page reads (a restriction, a passing refusal, a refund), apart from the
 * whole list in wire-codes.ts so that page does not carry every code. wire-codes.ts lists these among all.
 */

/** A banned wallet or address; its text is the ban's own (security/bans.ts). */
export const ACCOUNT_RESTRICTED_CODE = 'account_restricted';

/**
 * Error codes of a paid `findMatch` refused for a passing reason: nothing was recorded and the payment was not
 * used, so the client keeps the signature and submits the same `findMatch` again with backoff (it never asks
 * the wallet to pay twice for one search). Every other refusal of a search is final.
 */
export const PASSING_REFUSAL_CODES = [
  /** The server has as many verifications in flight as it may (per wallet or overall). */
  'verification_busy',
  /** The chain does not show the transaction at `confirmed` yet (or not its time). */
  'payment_not_visible',
  /** The RPC could not be asked (HTTP 429 / 5xx, a timeout): nothing is known. */
  'payment_rpc_unavailable',
  /** The database could not record the payment (nor check it). */
  'payment_not_recorded',
] as const;
export type PassingRefusalCode = (typeof PASSING_REFUSAL_CODES)[number];

export function isPassingRefusal(code: string | null | undefined): code is PassingRefusalCode {
  return (PASSING_REFUSAL_CODES as readonly string[]).includes(code ?? '');
}

/**
 * Final refusals of a paid `findMatch` whose payment was recorded: the error's `refundLamports` says how much.
 * `entry_refunded`: the fee is owed back in full now (a payout job exists). `entry_refund_pending`: even the
 * refund could not be written; the server's sweep of unused entry fees refunds it within minutes.
 */
export const REFUND_REFUSAL_CODES = {
  refunded: 'entry_refunded',
  refundPending: 'entry_refund_pending',
} as const;
