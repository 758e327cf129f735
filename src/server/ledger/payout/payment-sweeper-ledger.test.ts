import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { airdropTo } from '../../../../test/support/local-chain-server.ts';
import { SOL } from '../../../../test/support/money.ts';
import { queueSessions } from '../../db/schema/index.ts';
import type { PaidEntry } from '../../game/matchmaker.ts';
import { insertEntryRow } from '../../game/store/queue-rows.ts';
import { createDrizzleMatchmaker } from '../../game/test-support/drizzle-matchmaker.ts';
import { PAYMENT_SWEEP_GRACE_MS } from './payment-sweeper.ts';
import { payEntry, readLedgerRow } from './test-support/payout-fixtures.ts';
import { usePayoutTestBed } from './test-support/payout-test-bed.ts';
import {
  deferred,
  eventsNaming,
  payAllAndCheck,
  queuePlayer,
  refundJobsFor,
  secondWaitsForALock,
  sweeperOn,
} from './test-support/sweeper-fixtures.ts';
import { sweepUnusedEntryFees, UNUSED_ENTRY_FEE_EVENT } from './unused-entry-sweep.ts';

const WAGER = 25_000_000n;

describeEachDatabase('the running sweeper refunds an entry fee nothing claims', (target) => {
  const bed = usePayoutTestBed(target, 10n * SOL);

  /** A real payment to the house and its entry_fee row, as the verifier records it; no search is written. */
  async function verifiedFee() {
    const player = await airdropTo(bed.server, SOL);
    const entry = await payEntry(bed.server, target.db, {
      player,
      house: bed.house.address,
      lamports: WAGER,
    });
    const row = await readLedgerRow(target.db, entry.entryTransactionId);
    const paid: PaidEntry = { transactionId: row.id, signature: entry.signature, lamports: WAGER };
    return { player, paid, recordedAt: row.createdAt.getTime() };
  }
  const refundsOf = async (paid: PaidEntry) =>
    (await refundJobsFor(target.db, paid.transactionId)).map((j) => [
      j.kind,
      j.amountLamports,
      j.walletAddress,
    ]);
  const searchesOf = (paid: PaidEntry) =>
    target.db.select().from(queueSessions).where(eq(queueSessions.transactionId, paid.transactionId));

  it('a verified entry fee never queued is refunded in full, once, when its age reaches the grace, with a warning event', async () => {
    const { player, paid, recordedAt } = await verifiedFee();
    const sweeper = sweeperOn(bed, target.db);

    bed.server.clock.set(recordedAt + PAYMENT_SWEEP_GRACE_MS - 1);
    expect((await sweeper.runOnce()).ledgerRefunds).toBe(0);
    expect(await refundsOf(paid)).toEqual([]);
    // Until the sweep, reconcile counts it.
    const before = await bed.reconcile();
    expect(before.summary.unaccountedPayments).toBe(1);
    expect(before.differences).toEqual([
      expect.objectContaining({
        kind: 'unaccounted-payment',
        source: 'ledger',
        entryTransactionId: paid.transactionId,
        why: 'verified entry fee never became a search',
      }),
    ]);

    bed.server.clock.set(recordedAt + PAYMENT_SWEEP_GRACE_MS);
    expect((await sweeper.runOnce()).ledgerRefunds).toBe(1);
    expect(await refundsOf(paid)).toEqual([['refund', WAGER, player.address]]);
    const events = await eventsNaming(
      target.db,
      UNUSED_ENTRY_FEE_EVENT,
      'entryTransactionId',
      paid.transactionId,
    );
    expect(events.map((e) => e.severity)).toEqual(['warning']);
    expect(events[0]?.message).toContain(player.address);
    expect(events[0]?.message).toContain(paid.signature);
    expect(events[0]?.message).toContain('verified entry fee never became a search');

    // The same sweeper again, and another node's: nothing more.
    expect((await sweeper.runOnce()).ledgerRefunds).toBe(0);
    expect((await sweeperOn(bed, target.db).runOnce()).ledgerRefunds).toBe(0);
    expect(await refundsOf(paid)).toHaveLength(1);
    await payAllAndCheck(bed, target.db);
  });

  it('a search closed with nothing owed for its fee (a second socket won the join) is refunded in full after the grace', async () => {
    const { player, paid, recordedAt } = await verifiedFee();
    // What the matchmaker leaves when another socket of the wallet joined while this one's row was written.
    await target.db.insert(queueSessions).values({
      walletAddress: player.address,
      gameMode: 'smol_shrimp',
      status: 'error',
      transactionId: paid.transactionId,
    });
    expect((await bed.reconcile()).summary.unaccountedPayments).toBe(1);

    bed.server.clock.set(recordedAt + PAYMENT_SWEEP_GRACE_MS);
    expect((await sweeperOn(bed, target.db).runOnce()).ledgerRefunds).toBe(1);
    expect(await refundsOf(paid)).toEqual([['refund', WAGER, player.address]]);
    const [event] = await eventsNaming(
      target.db,
      UNUSED_ENTRY_FEE_EVENT,
      'entryTransactionId',
      paid.transactionId,
    );
    expect(event?.message).toContain('its search was closed (error)');
    await payAllAndCheck(bed, target.db);
  });

  it('two nodes sweeping at the same instant refund each fee once', async () => {
    const fees = [await verifiedFee(), await verifiedFee(), await verifiedFee()];
    bed.server.clock.set(Math.max(...fees.map((f) => f.recordedAt)) + PAYMENT_SWEEP_GRACE_MS);
    const runs = await Promise.all([
      sweeperOn(bed, target.db).runOnce(),
      sweeperOn(bed, target.db).runOnce(),
    ]);
    expect(runs.reduce((sum, run) => sum + run.ledgerRefunds, 0)).toBe(3);
    for (const { player, paid } of fees) {
      expect(await refundsOf(paid)).toEqual([['refund', WAGER, player.address]]);
      expect(
        await eventsNaming(target.db, UNUSED_ENTRY_FEE_EVENT, 'entryTransactionId', paid.transactionId),
      ).toHaveLength(1);
    }
    await payAllAndCheck(bed, target.db);
  });

  it('a sweep holding the fee first: a search joining with it meanwhile is refused and the fee refunded once', async () => {
    const { player, paid, recordedAt } = await verifiedFee();
    bed.server.clock.set(recordedAt + PAYMENT_SWEEP_GRACE_MS);
    const matchmaker = createDrizzleMatchmaker({ db: target.db, clock: bed.server.clock });
    const holding = deferred();
    const go = deferred();
    const sweeping = target.db.transaction(async (tx) => {
      const at = new Date(bed.server.clock.now());
      const refunded = await sweepUnusedEntryFees(tx, { dueBy: new Date(recordedAt), at });
      holding.resolve();
      await go.promise;
      return refunded;
    });
    await holding.promise;
    const joining = matchmaker.join(queuePlayer(player.address), 'smol_shrimp', paid);
    await secondWaitsForALock(target);
    go.resolve();
    expect(await sweeping).toBe(1);
    expect(await joining).toEqual({ ok: false, reason: 'already_searching' });
    expect(await searchesOf(paid)).toEqual([]);
    expect(await refundsOf(paid)).toEqual([['refund', WAGER, player.address]]);
    await payAllAndCheck(bed, target.db);
  });

  it('a search holding the fee first: a sweep meanwhile refunds nothing and the search stays live', async () => {
    const { player, paid, recordedAt } = await verifiedFee();
    bed.server.clock.set(recordedAt + PAYMENT_SWEEP_GRACE_MS);
    const holding = deferred();
    const go = deferred();
    // What a join writes, held uncommitted: the fee's row taken in key-share mode and the new search.
    const searching = target.db.transaction(async (tx) => {
      const id = await insertEntryRow(tx, {
        player: queuePlayer(player.address),
        mode: 'smol_shrimp',
        paid,
        joinedAt: bed.server.clock.now(),
        nodeId: null,
      });
      holding.resolve();
      await go.promise;
      return id;
    });
    await holding.promise;
    const sweeping = sweeperOn(bed, target.db).runOnce();
    // PostgreSQL: the sweep skips the fee a search holds, without waiting for it. PGlite: it waits its turn.
    if (target.kind === 'postgres') expect((await sweeping).ledgerRefunds).toBe(0);
    go.resolve();
    expect(await searching).not.toBeNull();
    expect((await sweeping).ledgerRefunds).toBe(0);
    expect((await searchesOf(paid)).map((s) => s.status)).toEqual(['active']);
    expect(await refundsOf(paid)).toEqual([]);
    await payAllAndCheck(bed, target.db);
  });

  it('joins and a sweep racing freely: each fee ends as a live search or a refund, never both, never neither', async () => {
    const fees = [await verifiedFee(), await verifiedFee(), await verifiedFee()];
    bed.server.clock.set(Math.max(...fees.map((f) => f.recordedAt)) + PAYMENT_SWEEP_GRACE_MS);
    const matchmaker = createDrizzleMatchmaker({ db: target.db, clock: bed.server.clock });
    await Promise.all([
      ...fees.map(({ player, paid }) => matchmaker.join(queuePlayer(player.address), 'smol_shrimp', paid)),
      sweeperOn(bed, target.db).runOnce(),
    ]);
    for (const { paid } of fees) {
      const live = (await searchesOf(paid)).filter((s) => s.status === 'active');
      expect(live.length + (await refundsOf(paid)).length).toBe(1);
    }
    await payAllAndCheck(bed, target.db);
  });
});
