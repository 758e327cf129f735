import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PayingPlayers, payingPlayers } from '../../../../test/support/paying-players.ts';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.ts';
import { createFakeClock } from '../../../common/clock.ts';
import { getGameMode } from '../../../common/game-modes.ts';
import { payoutJobs, systemEvents, transactions } from '../../db/schema/index.ts';
import { PAYMENT_SWEEP_GRACE_MS } from './payment-sweeper.ts';
import { UNCLAIMED_PAYMENT_EVENT } from './unclaimed-transfer-settle.ts';
import { UNUSED_ENTRY_FEE_EVENT } from './unused-entry-sweep.ts';

const WAGER = getGameMode('smol_shrimp').wagerLamports;

/**
 * The composition root runs the sweeper: the real server, on a fake clock, refunds while it runs (no restart).
 * Its loop runs every 20 ms of real time here instead of every minute, so the test waits for a refund to
 * appear rather than for a minute to pass; the grace and the chain pass's 5 minutes are on the fake clock.
 */
describe('the running server refunds player payments nothing claims, without a restart', () => {
  const clock = createFakeClock();
  let server: TestServer;
  let players: PayingPlayers;

  beforeAll(async () => {
    server = await startTestServer({ clock, noPayoutWorker: true, paymentSweeper: { intervalMs: 20 } });
    players = await payingPlayers(server, clock);
  });
  afterAll(async () => {
    for (const player of players?.connected ?? []) player.close();
    await server?.stop();
  });

  it('a player who paid and closed the tab, and a verified fee never queued, are each refunded in full once past the grace', async () => {
    const leaver = await players.fundedPlayer();
    const leftWith = await players.payEntry(leaver.wallet, WAGER);
    leaver.player.close();
    const stalled = await players.fundedPlayer();
    const stalledWith = await players.payEntry(stalled.wallet, WAGER);
    // Verified and recorded, but the search was never written (the process stalled between the two).
    const [fee] = await server.db
      .insert(transactions)
      .values({
        type: 'entry_fee',
        walletAddress: stalled.wallet.address,
        amountLamports: WAGER,
        transactionSignature: stalledWith,
        gameMode: 'smol_shrimp',
        createdAt: new Date(clock.now()),
      })
      .returning({ id: transactions.id });
    stalled.player.close();
    const before = await players.checkMoney();
    expect(before.chain.filter((d) => d.kind === 'unaccounted-payment')).toHaveLength(2);

    clock.advance(PAYMENT_SWEEP_GRACE_MS);
    const wallets = [leaver.wallet.address, stalled.wallet.address];
    const refunds = () =>
      server.db
        .select()
        .from(payoutJobs)
        .where(and(eq(payoutJobs.kind, 'refund'), inArray(payoutJobs.walletAddress, wallets)));
    await vi.waitFor(async () => expect(await refunds()).toHaveLength(2), { timeout: 20_000, interval: 20 });
    expect((await refunds()).map((j) => [j.walletAddress, j.amountLamports]).sort()).toEqual(
      wallets.map((w) => [w, WAGER]).sort(),
    );
    const events = await server.db
      .select({ type: systemEvents.eventType, message: systemEvents.message })
      .from(systemEvents)
      .where(inArray(systemEvents.eventType, [UNCLAIMED_PAYMENT_EVENT, UNUSED_ENTRY_FEE_EVENT]));
    expect(events).toHaveLength(2);
    expect(events.find((e) => e.type === UNCLAIMED_PAYMENT_EVENT)?.message).toContain(leftWith);
    expect(events.find((e) => e.type === UNUSED_ENTRY_FEE_EVENT)?.message).toContain(fee!.id);

    await players.runWorker();
    expect(await players.checkMoney()).toEqual({ ledger: [], chain: [], matchedOnChain: expect.any(Number) });
    // Still once, however long the server runs on.
    clock.advance(PAYMENT_SWEEP_GRACE_MS);
    await players.runWorker(2);
    expect(await refunds()).toHaveLength(2);
  });
});
