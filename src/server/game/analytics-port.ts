import type { StoreTx } from './store/store-tx.ts';

/**
 * What is derived from a wallet's games and money (the back-office's wallet analytics, SPEC §3), told inside
 * the database transaction that changed them: a recorded result, an entry fee, a confirmed payout or refund.
 * It changes in the same commit, or not at all. Declared here for the game and the ledger, implemented by the
 * back-office (admin/analytics), passed in by the composition root.
 */
export interface WalletAnalytics {
  walletsChanged(tx: StoreTx, wallets: readonly string[]): Promise<void>;
}
