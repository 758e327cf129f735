import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DatabaseUnderTest } from '../../../../../test/support/database-bed.ts';
import type { Database } from '../../../db/database.ts';
import { payoutJobs, systemEvents } from '../../../db/schema/index.ts';
import type { QueuePlayer } from '../../../game/matchmaker.ts';
import { checkLedgerBalance } from '../../reconcile/ledger-balance.ts';
import type { ReconcileReport } from '../../reconcile/reconcile.ts';
import { createPaymentSweeper, type PaymentSweeperOptions } from '../payment-sweeper.ts';
import type { PayoutTestBed } from './payout-test-bed.ts';

/** Test support for the payment sweeper: a node's sweeper on the bed's chain and clock, and what it left. */

/** A game node's sweeper on the bed (a new one is a node that has not swept yet); the chain pass always due. */
export function sweeperOn(
  bed: PayoutTestBed,
  db: Database,
  options: Partial<Pick<PaymentSweeperOptions, 'fundingAddresses' | 'rpc'>> = {},
) {
  return createPaymentSweeper({
    db,
    clock: bed.server.clock,
    rpc: options.rpc ?? bed.server.rpc,
    houseWallet: bed.house.address,
    fundingAddresses: options.fundingAddresses ?? [bed.server.chain.faucetAddress],
    chainIntervalMs: 0,
    log: () => {},
  });
}

/** The refunds owed for one entry fee. */
export function refundJobsFor(db: Database, entryTransactionId: string) {
  return db.select().from(payoutJobs).where(eq(payoutJobs.entryTransactionId, entryTransactionId));
}

/** The system events of one type whose details name `value` under `key`. */
export function eventsNaming(db: Database, eventType: string, key: string, value: string) {
  return db
    .select()
    .from(systemEvents)
    .where(and(eq(systemEvents.eventType, eventType), sql`${systemEvents.details}->>${key} = ${value}`));
}

/**
 * Pays every refund and payout owed (the worker on the bed's clock); then the ledger balances and reconcile
 * (the bed's, or one that knows more funding addresses) finds no difference and no unaccounted payment.
 */
export async function payAllAndCheck(
  bed: PayoutTestBed,
  db: Database,
  reconcile: () => Promise<ReconcileReport> = () => bed.reconcile(),
): Promise<void> {
  const worker = bed.worker();
  for (let run = 0; run < 60; run++) {
    const open = await db
      .select({ id: payoutJobs.id })
      .from(payoutJobs)
      .where(inArray(payoutJobs.status, ['pending', 'processing', 'sent']));
    if (open.length === 0) break;
    await worker.runOnce();
    bed.server.clock.advance(2_000);
  }
  expect(await checkLedgerBalance(db)).toEqual([]);
  const report = await reconcile();
  expect(report.differences).toEqual([]);
  expect(report.summary.unaccountedPayments).toBe(0);
}

export function queuePlayer(walletAddress: string): QueuePlayer {
  return {
    linkId: randomUUID(),
    playerSessionId: randomUUID(),
    walletAddress,
    displayName: 'Sweeper test',
    ip: null,
    userAgent: null,
  };
}

export function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * On PostgreSQL, waits until a transaction is blocked on a lock: the second of two racing writers has reached
 * the row the first holds. PGlite runs one transaction at a time, so there the second simply waits its turn.
 */
export async function secondWaitsForALock(target: DatabaseUnderTest): Promise<void> {
  if (target.kind !== 'postgres') return;
  for (let poll = 0; poll < 500; poll++) {
    const { rows } = await target.db.execute<{ waiting: number }>(
      sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((rows[0]?.waiting ?? 0) > 0) return;
  }
  throw new Error('the second writer never reached the row the first one holds');
}
