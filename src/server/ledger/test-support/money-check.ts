import type { FakeClock } from '../../../common/clock.ts';
import { UNUSED_ENTRY_GRACE_MS } from '../../../common/rules.ts';
import type { Database } from '../../db/database.ts';
import { createMatchMoney } from '../match-money.ts';
import { checkLedgerBalance, type LedgerImbalance } from '../reconcile/ledger-balance.ts';
import { type ReconcileDifference, type ReconcileOptions, reconcile } from '../reconcile/reconcile.ts';

export interface MoneyCheck {
  /** The ledger balance check (RELIABILITY 27): entry fees not accounted for to the lamport. */
  ledger: LedgerImbalance[];
  /** Reconcile (`npm run reconcile`): where the ledger and the house wallet's chain history disagree. */
  chain: ReconcileDifference[];
  /** Ledger rows reconcile found on chain as recorded, so a check that read nothing cannot pass unnoticed. */
  matchedOnChain: number;
}

/**
 * Test support for "the money checks agree after a fault": after a fault, the two money checks the operator runs, together. A
 * test expects `{ ledger: [], chain: [], matchedOnChain: n }`: both agree there is nothing to explain.
 */
export async function checkMoney(options: ReconcileOptions): Promise<MoneyCheck> {
  const [ledger, report] = await Promise.all([checkLedgerBalance(options.db), reconcile(options)]);
  return { ledger, chain: report.differences, matchedOnChain: report.summary.matched };
}

/**
 * The product's sweep of unused entry fees, run as a running server would once its grace has passed: the
 * clock moves past the grace, and every verified entry fee that never became a queue entry nor a refund is
 * refunded in full. Returns how many it refunded.
 */
export async function sweepUnusedEntriesAfterGrace(options: {
  db: Database;
  clock: FakeClock;
  houseWallet: string;
}): Promise<number> {
  options.clock.advance(UNUSED_ENTRY_GRACE_MS + 1);
  const now = options.clock.now();
  const money = createMatchMoney({ houseWallet: options.houseWallet });
  return options.db.transaction((tx) =>
    money.sweepUnusedEntries(tx, new Date(now - UNUSED_ENTRY_GRACE_MS), new Date(now)),
  );
}
