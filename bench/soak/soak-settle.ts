import { count, inArray } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/open-database.ts';
import { gameSessions, payoutJobs, queueSessions, transactions } from '../../src/server/db/schema/index.ts';
import { checkLedgerBalance } from '../../src/server/ledger/reconcile/ledger-balance.ts';

/** A search's reconnection window (SPEC §9) plus a match's 30 s: what an away player may still hold. */
const AWAY_WINDOW_MS = 35_000;
const POLL_MS = 2_000;
const SETTLE_TIMEOUT_MS = 6 * 60_000;

interface SettleOptions {
  databaseUrl: string | undefined;
  /** The sweeper settings the server runs with (seconds, as strings). */
  env: Readonly<Record<string, string>>;
  /** Every confirmed entry payment of the run: each must reach the ledger. */
  signatures: readonly string[];
  log: (line: string) => void;
}

/**
 * Waits until the running server has settled everything the bots left: no open search or match, no refund or
 * payout still owed, the ledger balanced, and every payment on the ledger (the sweeper's chain pass records
 * the ones never submitted). On PostgreSQL that is read from the database while the server runs; the
 * embedded PGlite has one process, so there the wait is the sweeper's grace and schedule plus the windows.
 * True when the settled state was seen (PostgreSQL), false when the fixed wait was used.
 */
export async function waitUntilSettled(options: SettleOptions): Promise<boolean> {
  const seconds = (name: string) => Number(options.env[name] ?? '0') * 1000;
  if (!options.databaseUrl) {
    const wait =
      AWAY_WINDOW_MS +
      seconds('CHALLENGE_EXPIRY_MINUTES') * 60 +
      seconds('PAYMENT_SWEEP_GRACE_SECONDS') +
      Math.max(seconds('PAYMENT_SWEEP_INTERVAL_SECONDS'), seconds('PAYMENT_SWEEP_CHAIN_SECONDS')) +
      15_000;
    options.log(`embedded database: waiting ${wait / 1000} s for the windows, the sweeper and the worker`);
    await new Promise((resolve) => setTimeout(resolve, wait));
    return false;
  }
  const opened = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: '' });
  try {
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    let last = '';
    while (Date.now() < deadline) {
      const [open] = await opened.db
        .select({ n: count() })
        .from(queueSessions)
        .where(inArray(queueSessions.status, ['active']));
      const [playing] = await opened.db
        .select({ n: count() })
        .from(gameSessions)
        .where(inArray(gameSessions.status, ['preparing', 'playing', 'paused']));
      const [owed] = await opened.db
        .select({ n: count() })
        .from(payoutJobs)
        .where(inArray(payoutJobs.status, ['pending', 'processing', 'sent']));
      const recorded = options.signatures.length
        ? await opened.db
            .select({ signature: transactions.transactionSignature })
            .from(transactions)
            .where(inArray(transactions.transactionSignature, [...options.signatures]))
        : [];
      const imbalances = await checkLedgerBalance(opened.db);
      const unrecorded = options.signatures.length - recorded.length;
      last =
        `${open?.n ?? 0} open search(es), ${playing?.n ?? 0} match(es) under way, ${owed?.n ?? 0} ` +
        `transfer(s) owed, ${unrecorded} payment(s) not in the ledger, ${imbalances.length} imbalance(s)`;
      if (!open?.n && !playing?.n && !owed?.n && unrecorded === 0 && imbalances.length === 0) {
        options.log(`settled: ${last}`);
        return true;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new Error(`the server did not settle within ${SETTLE_TIMEOUT_MS / 1000} s: ${last}`);
  } finally {
    await opened.close();
  }
}
