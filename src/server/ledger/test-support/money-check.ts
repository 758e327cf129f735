import { checkLedgerBalance, type LedgerImbalance } from '../ledger-balance.ts';
import { type ReconcileDifference, type ReconcileOptions, reconcile } from '../reconcile.ts';

export interface MoneyCheck {
  /** The ledger balance check (RELIABILITY 27): entry fees not accounted for to the lamport. */
  ledger: LedgerImbalance[];
  /** Reconcile (`npm run reconcile`): where the ledger and the house wallet's chain history disagree. */
  chain: ReconcileDifference[];
  /** Ledger rows reconcile found on chain as recorded, so a check that read nothing cannot pass unnoticed. */
  matchedOnChain: number;
}

/**
 * Test support for issue 8 fault 14: after a fault, the two money checks the operator runs, together. A
 * test expects `{ ledger: [], chain: [], matchedOnChain: n }`: both agree there is nothing to explain.
 */
export async function checkMoney(options: ReconcileOptions): Promise<MoneyCheck> {
  const [ledger, report] = await Promise.all([checkLedgerBalance(options.db), reconcile(options)]);
  return { ledger, chain: report.differences, matchedOnChain: report.summary.matched };
}
