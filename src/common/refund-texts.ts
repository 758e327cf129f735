import { formatLamports } from './format.ts';

/**
 * What a player is told when a paid search is refused after its payment was recorded: the refusal is final
 * and says, with the exact amount, that the fee comes back in full (or will, by the server's own sweep).
 */

/** Exact SOL text of a lamport amount: one lamport short must not round to the wager it missed. */
export function solText(lamports: bigint): string {
  return formatLamports(lamports);
}

export const REFUND_TEXTS = {
  /** Appended to a final refusal (banned, already searching, restricted) whose payment is refunded. */
  withRefund: (message: string, lamports: bigint) =>
    `${message.replace(/[.!]?$/, '.')} Your entry fee of ${solText(lamports)} is being refunded to your wallet in full.`,
  /** The same, when not even the refund could be written: the sweep of unused entry fees returns it. */
  withRefundPending: (message: string, lamports: bigint) =>
    `${message.replace(/[.!]?$/, '.')} Your entry fee of ${solText(lamports)} will be refunded to your wallet in full automatically within minutes.`,
  /** The search could not be written after its fee was recorded; the refund is written. */
  searchNotStarted: (lamports: bigint) =>
    `Your search could not be started. Your entry fee of ${solText(lamports)} is being refunded to your wallet in full.`,
  /** Not even the refund could be written: the sweep of unused entry fees returns it. */
  searchNotStartedRefundPending: (lamports: bigint) =>
    `Your search could not be started. Your entry fee of ${solText(lamports)} will be refunded to your wallet in full automatically within minutes.`,
} as const;
