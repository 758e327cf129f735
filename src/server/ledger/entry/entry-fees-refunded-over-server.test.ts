import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PayingPlayers, payingPlayers } from '../../../../test/support/paying-players.ts';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.ts';
import { createFakeClock } from '../../../common/clock.ts';
import { getGameMode } from '../../../common/game-modes.ts';
import { payoutJobs } from '../../db/schema/index.ts';
import { ENTRY_RECENCY_WINDOW_MS } from './entry-verifier.ts';

const MODE = getGameMode('smol_shrimp');

/**
 * RELIABILITY 28 through the whole running product (real sockets, its embedded database and local chain):
 * a payment that was verified but could not become a search, and one presented after it can no longer be
 * used, are each refunded in full, once, while the server runs: no restart, no operator.
 */
describe('the running server refunds payments that cannot become a search', () => {
  const clock = createFakeClock();
  let server: TestServer;
  let players: PayingPlayers;

  beforeAll(async () => {
    // The sweeper's loop is slowed so that the refunds seen here are the answers' own, not its catch-all's.
    server = await startTestServer({
      clock,
      noPayoutWorker: true,
      paymentSweeper: { intervalMs: 3_600_000 },
    });
    players = await payingPlayers(server, clock);
  });
  afterAll(async () => {
    for (const player of players?.connected ?? []) player.close();
    await server?.stop();
  });

  const refundsOf = (wallet: string) =>
    server.db
      .select({ amount: payoutJobs.amountLamports, status: payoutJobs.status })
      .from(payoutJobs)
      .where(and(eq(payoutJobs.kind, 'refund'), eq(payoutJobs.walletAddress, wallet)));

  it('a paid findMatch whose queue write fails, and a confirmed payment submitted 11 minutes late, are each refunded in full once', async () => {
    // The database itself refuses this player's search (a real fault at the queue write, not a stub).
    const stuck = await players.fundedPlayer();
    await server.db.execute(
      sql.raw(`CREATE FUNCTION refuse_search() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'injected fault: the queue write failed'; END $$`),
    );
    await server.db.execute(
      sql.raw(`CREATE TRIGGER refuse_search BEFORE INSERT ON queue_sessions FOR EACH ROW
        WHEN (NEW.wallet_address = '${stuck.wallet.address}') EXECUTE FUNCTION refuse_search()`),
    );
    const stuckPaid = await players.payEntry(stuck.wallet, MODE.wagerLamports);
    stuck.player.send({ type: 'findMatch', gameMode: MODE.id, paymentSignature: stuckPaid });
    const stuckAnswer = await stuck.player.next('error', 20_000);
    expect(stuckAnswer.data).toMatchObject({
      code: 'entry_refunded',
      refundLamports: MODE.wagerLamports.toString(),
    });
    expect(stuck.player.all('joinQueue')).toEqual([]);

    // Paid, then presented only after the 10-minute recency window.
    const late = await players.fundedPlayer();
    const latePaid = await players.payEntry(late.wallet, MODE.wagerLamports);
    clock.advance(ENTRY_RECENCY_WINDOW_MS + 60_000);
    late.player.send({ type: 'findMatch', gameMode: MODE.id, paymentSignature: latePaid });
    const lateAnswer = await late.player.next('error', 20_000);
    expect(lateAnswer.data.refundLamports).toBe(MODE.wagerLamports.toString());
    expect(late.player.all('joinQueue')).toEqual([]);

    // The worker of the same running server sends both refunds; the chain and the ledger agree.
    const before = {
      stuck: await players.balance(stuck.wallet.address),
      late: await players.balance(late.wallet.address),
    };
    await players.runWorker();
    expect(await refundsOf(stuck.wallet.address)).toEqual([
      { amount: MODE.wagerLamports, status: 'confirmed' },
    ]);
    expect(await refundsOf(late.wallet.address)).toEqual([
      { amount: MODE.wagerLamports, status: 'confirmed' },
    ]);
    expect(await players.balance(stuck.wallet.address)).toBe(before.stuck + MODE.wagerLamports);
    expect(await players.balance(late.wallet.address)).toBe(before.late + MODE.wagerLamports);
    expect(await players.checkMoney()).toEqual({ ledger: [], chain: [], matchedOnChain: expect.any(Number) });

    // Presented again, a refunded payment is refused as used and refunded no second time.
    stuck.player.send({ type: 'findMatch', gameMode: MODE.id, paymentSignature: stuckPaid });
    expect((await stuck.player.next('error', 20_000)).data.refundLamports).toBeUndefined();
    await players.runWorker(2);
    expect(await refundsOf(stuck.wallet.address)).toHaveLength(1);
    expect(await refundsOf(late.wallet.address)).toHaveLength(1);
    expect(await players.checkMoney()).toEqual({ ledger: [], chain: [], matchedOnChain: expect.any(Number) });
  });
});
