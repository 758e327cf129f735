/**
 * SPEC §7/§4: every transaction notification from the game channel is re-dispatched on `window` as a
 * `wallet-transaction` event (at once, after 500 ms and after 1500 ms, plus a manual trigger), so the wallet
 * (balance) and the history panel hear of money movements without depending on the game provider.
 */
export const WALLET_TRANSACTION_EVENT = 'wallet-transaction';

export type WalletTransactionKind =
  | 'transaction_created'
  | 'transaction_notification'
  | 'manual_trigger'
  | 'refund_processed';

export interface WalletTransactionDetail {
  kind: WalletTransactionKind;
  /** The notification's transaction (absent on a manual trigger). */
  transaction?: Record<string, unknown>;
}

export function dispatchWalletTransaction(
  detail: WalletTransactionDetail,
  target: EventTarget = window,
): void {
  target.dispatchEvent(new CustomEvent<WalletTransactionDetail>(WALLET_TRANSACTION_EVENT, { detail }));
}

/** Listens for wallet-transaction events; returns the unsubscribe. */
export function onWalletTransaction(
  listener: (detail: WalletTransactionDetail) => void,
  target: EventTarget = window,
): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<WalletTransactionDetail>).detail);
  target.addEventListener(WALLET_TRANSACTION_EVENT, handler);
  return () => target.removeEventListener(WALLET_TRANSACTION_EVENT, handler);
}
