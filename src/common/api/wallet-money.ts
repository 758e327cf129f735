import { z } from 'zod';
import { PAYOUT_STATES } from './admin-rows.ts';
import { count, instant, lamportsText, solNumber } from './wire-values.ts';

/**
 * A wallet's money as the back-office tells it (GET /api/admin/wallets/{wallet}/money): every search it
 * made, every entry fee it paid, every refund and payout the house owes or sent it, and each share the house
 * kept from its entries, newest first, with the totals the ledger gives. What an operator answers "I paid and
 * was never refunded" from, on one page.
 */

/**
 * search: a queue entry (joined, how long it waited, how it ended, its game). entry: a confirmed entry fee.
 * refund: money back to the player, with its reason, its share and the entry it returns. payout: a winner's
 * 1.5x. kept: what the house retained from one of this wallet's entries (a cancel's 3%). note: what support
 * wrote on the wallet or one of its games (its text is the row's `cause`, its author `by`).
 */
export const WALLET_MONEY_KINDS = ['search', 'entry', 'refund', 'payout', 'kept', 'note'] as const;
export type WalletMoneyKind = (typeof WALLET_MONEY_KINDS)[number];

export const walletMoneyRowSchema = z.object({
  id: z.string(),
  kind: z.enum(WALLET_MONEY_KINDS),
  /** When the search started, or the ledger row was written (the debt owed, the fee verified). */
  at: instant,
  mode: z.string().nullable(),
  /** What the row moved, exactly; for a search its entry fee (null in practice). */
  amount: solNumber.nullable(),
  amountLamports: lamportsText.nullable(),
  /** The ledger row's status (pending, confirmed, failed, redundant), or the search's (active, matched, ...). */
  status: z.string(),
  /** A payout's state from its ledger row (held, released, sent, refunded to the loser instead, ...). */
  payoutState: z.enum(PAYOUT_STATES).nullable(),
  /** The chain transfer: the entry's payment, the refund's or payout's transfer once sent. */
  signature: z.string().nullable(),
  /** When the chain confirmed it (ledger rows). */
  confirmedAt: instant.nullable(),
  gameId: z.string().nullable(),
  /** A refund's or a kept share's reason as the ledger stores it (SPEC §4), and the whole percent returned. */
  reason: z.string().nullable(),
  refundPercentage: z.number().int().nullable(),
  /** Why, in words: a refund's cause, a search's end, a payout's state. */
  cause: z.string(),
  /** The entry fee a refund returns, a share was kept from, or a search was paid with: its row and payment. */
  entryId: z.string().nullable(),
  entrySignature: z.string().nullable(),
  /** A search's end and how long it waited. */
  endedAt: instant.nullable(),
  waitedMs: count.nullable(),
  /** A private search (challenge) by its code. */
  challengeCode: z.string().nullable(),
  /** A note's author. */
  by: z.string().nullable(),
});
export type WalletMoneyRow = z.infer<typeof walletMoneyRowSchema>;

/**
 * The wallet's totals from the ledger: paid in (confirmed entry fees), refunded and paid out (confirmed
 * transfers to it), owed (refunds and payouts not sent yet, held ones included), kept (the house's shares of
 * its entries) and net (refunded + paid out - paid in: what the wallet is up or down, money owed left out).
 */
export const walletMoneyTotalsSchema = z.object({
  paidInLamports: lamportsText,
  refundedLamports: lamportsText,
  paidOutLamports: lamportsText,
  owedLamports: lamportsText,
  keptLamports: lamportsText,
  netLamports: lamportsText,
});
export type WalletMoneyTotals = z.infer<typeof walletMoneyTotalsSchema>;

export const walletMoneyAnswerSchema = z.object({
  items: z.array(walletMoneyRowSchema),
  nextCursor: z.string().nullable(),
  totals: walletMoneyTotalsSchema,
});
export type WalletMoneyAnswer = z.infer<typeof walletMoneyAnswerSchema>;

/**
 * What ended a search, in the operator's words (queue_status, SPEC §4), told apart by the refund it owed
 * where one status covers several causes (a cancel by the player, by a ban, by the player's own limits).
 */
export function searchEnd(status: string, refund: { reason: string | null; percent: number | null }): string {
  switch (status) {
    case 'active':
      return 'Searching now';
    case 'matched':
      return 'Paired: the match was played';
    case 'cancelled':
      if (refund.reason === 'admin_initiated') return 'Closed by an operator (a ban)';
      if (refund.reason === 'cancelled_search' && refund.percent === 100)
        return "Closed by the player's own limit or self-exclusion";
      return 'Cancelled by the player';
    case 'disconnected':
      return 'Left while searching (the socket closed)';
    case 'timed_out':
      return 'Expired: the challenge was never accepted';
    case 'error':
      return 'Closed by the server (a restart or a fault)';
    default:
      return status;
  }
}

/** Where a refund came from, beside its reason: a search, a match, or a payment that never became either. */
export interface RefundOrigin {
  reason: string | null;
  refundPercentage: number | null;
  fromSearch: boolean;
  fromGame: boolean;
}

/** Why a refund was made and why it is the share it is, in words (match-money.ts's REFUND_TERMS). */
export function refundCause({ reason, refundPercentage, fromSearch, fromGame }: RefundOrigin): string {
  const returned =
    refundPercentage === null || refundPercentage === 100
      ? 'the entry returned in full'
      : `${refundPercentage}% of the entry returned, ${100 - refundPercentage}% kept, as the terms say`;
  switch (reason) {
    case 'cancelled_search':
      return refundPercentage === 100
        ? `Search closed by the player's own limit or self-exclusion: ${returned}`
        : `Search cancelled by the player: ${returned}`;
    case 'player_disconnect':
      return `The player left while searching: ${returned}`;
    case 'admin_initiated':
      return fromGame
        ? `The winner's payout was cancelled after review, the loser refunded: ${returned}`
        : `Search closed by an operator (a ban): ${returned}`;
    case 'timeout':
      return `The challenge expired unaccepted: ${returned}`;
    case 'game_error':
      return `The match was interrupted (the server stopped or failed): ${returned}`;
    case 'system_error':
      if (fromSearch) return `The server restarted during the search: ${returned}`;
      return `The payment never became a search (refunded by the sweeper): ${returned}`;
    default:
      return `Refund: ${returned}`;
  }
}
