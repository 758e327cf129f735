import { PAYOUT_TRANSACTION_TYPES } from '../../common/rules.ts';
import type { TransactionNotice } from '../state/game-api.ts';
import {
  dispatchWalletTransaction,
  type WalletTransactionDetail,
} from '../state/wallet-transaction-event.ts';
import type { Timers } from './timers.ts';

/** SPEC §4: a notification is re-dispatched at once, after 500 ms and after 1500 ms. */
export const REDISPATCH_DELAYS_MS = [500, 1_500] as const;
/** Ids remembered for de-duplication: bounded, far more than a session's money movements. */
export const SEEN_NOTICE_LIMIT = 500;

/**
 * What makes a notification news: its transaction (its record id, else its signature) AND its status, or null
 * if it names no transaction. The server tells a payout or refund under one id when it is sent and again when
 * it is confirmed (ledger/wire-money.ts): the second is news (the game over's 'paid', the balance), so only
 * the same transaction in the same status is a duplicate, as the history judges it (history/notice-filter.ts).
 */
function noticeKey(transaction: TransactionNotice): string | null {
  const id = transaction.id;
  const status = `|${transaction.status ?? ''}`;
  if (typeof id === 'string' || typeof id === 'number') return `id:${id}${status}`;
  const signature = transaction.transaction_signature;
  return typeof signature === 'string' && signature ? `sig:${signature}${status}` : null;
}

/** SPEC §4: a missing wallet address is filled from storage; payout types without status are confirmed. */
export function normaliseNotice(
  transaction: TransactionNotice,
  walletAddress: string | null,
): TransactionNotice {
  const next = { ...transaction };
  if (
    (next.wallet_address === undefined || next.wallet_address === null || next.wallet_address === '') &&
    walletAddress
  ) {
    next.wallet_address = walletAddress;
  }
  if (
    typeof next.type === 'string' &&
    PAYOUT_TRANSACTION_TYPES.has(next.type) &&
    (next.status === undefined || next.status === null)
  ) {
    next.status = 'confirmed';
  }
  return next;
}

export interface TransactionNotices {
  /** The normalised notice, or null for a duplicate (same transaction in the same status). */
  handle(transaction: TransactionNotice): TransactionNotice | null;
  dispose(): void;
}

function dispatchToWindow(detail: WalletTransactionDetail): void {
  if (typeof window !== 'undefined') dispatchWalletTransaction(detail);
}

/**
 * `transaction_notification` from the game channel (SPEC §4/§5): duplicates (same id, and same status) are dropped; each new
 * one goes out as a `wallet-transaction` window event at once, after 500 ms and after 1500 ms, plus a
 * manual trigger, so the balance and the history hear of it even if they were busy the first time.
 */
export function createTransactionNotices(options: {
  timers: Timers;
  walletAddress: () => string | null;
  dispatch?: (detail: WalletTransactionDetail) => void;
}): TransactionNotices {
  const dispatch = options.dispatch ?? dispatchToWindow;
  const seen = new Set<string>();
  const pending = new Set<unknown>();
  return {
    handle(transaction) {
      const notice = normaliseNotice(transaction, options.walletAddress());
      // After normalising: a payout without status is the confirmed one (SPEC §4).
      const key = noticeKey(notice);
      if (key !== null) {
        if (seen.has(key)) return null;
        seen.add(key);
        // A Set iterates in insertion order: the oldest ids go first.
        if (seen.size > SEEN_NOTICE_LIMIT) seen.delete(seen.values().next().value as string);
      }
      dispatch({ kind: 'transaction_notification', transaction: notice });
      dispatch({ kind: 'manual_trigger' });
      for (const delay of REDISPATCH_DELAYS_MS) {
        const handle = options.timers.setTimeout(() => {
          pending.delete(handle);
          dispatch({ kind: 'transaction_notification', transaction: notice });
        }, delay);
        pending.add(handle);
      }
      return notice;
    },
    dispose() {
      for (const handle of pending) options.timers.clearTimeout(handle);
      pending.clear();
    },
  };
}
