import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createThrowawayDatabase,
  TEST_DATABASE_URL,
  type ThrowawayDatabase,
} from '../../../test/support/database-bed.ts';
import { type PayingPlayers, payingPlayers } from '../../../test/support/paying-players.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { watched } from '../../../test/support/until.ts';
import { createFakeClock } from '../../common/clock.ts';
import { TICK_MS } from '../../common/game/constants.ts';
import { getGameMode } from '../../common/game-modes.ts';
import { games, payoutJobs, transactions } from '../db/schema/index.ts';

/** Runs SQL on the server's maintenance database, to take one test database away and give it back. */
async function asAdmin(sql: string): Promise<void> {
  const admin = new URL(TEST_DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const MODE = getGameMode('tiny_tuna');

/**
 * RELIABILITY 25: the database goes away while a paid match is played (every connection killed, new ones
 * refused). The match carries on in memory; its result is written once the database is back, exactly once,
 * and the winner is paid once. Then the ledger balance check and reconcile both find
 * every lamport of the two entry fees accounted for, on the ledger and on the local chain.
 */
describe('a database outage during a paid match', () => {
  // Starts at the real time: the throwaway PostgreSQL database stamps rows with its own now().
  const clock = createFakeClock();
  let database: ThrowawayDatabase;
  let server: TestServer;
  let paying: PayingPlayers;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    server = await startTestServer({
      clock,
      noPayoutWorker: true,
      env: { DATABASE_URL: database.url, LOG_LEVEL: 'fatal' },
    });
    paying = await payingPlayers(server, clock);
  });
  afterAll(async () => {
    for (const p of paying?.connected ?? []) p.close();
    const name = new URL(database.url).pathname.slice(1);
    await watched(
      'connections allowed again',
      asAdmin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`),
    ).catch(() => {});
    await server?.stop();
    if (database) await watched('the throwaway database dropped', database.drop());
  });

  it('the result is recorded once the database is back; the winner is paid once and the money checks agree', async () => {
    const [payerA, payerB] = [await paying.fundedPlayer(), await paying.fundedPlayer()];
    const [a, b] = [payerA.player, payerB.player];
    const feeOfA = await paying.payEntry(payerA.wallet, MODE.wagerLamports);
    a.send({ type: 'findMatch', gameMode: MODE.id, paymentSignature: feeOfA });
    await a.next('joinQueue');
    const feeOfB = await paying.payEntry(payerB.wallet, MODE.wagerLamports);
    b.send({ type: 'findMatch', gameMode: MODE.id, paymentSignature: feeOfB });
    const { gameId } = await a.next('matched');
    await b.next('matched');

    const name = new URL(database.url).pathname.slice(1);
    await asAdmin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    await asAdmin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);

    // The match goes on without the database and ends: both players are told at once.
    for (let i = 0; i < 120; i++) {
      clock.advance(TICK_MS);
      server.game.game.tick();
    }
    b.send({ type: 'exit', gameId });
    await b.next('gameOver');
    expect((await a.next('gameOver')).finalResult).toBe('win');
    await new Promise((resolve) => setTimeout(resolve, 800));

    await asAdmin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    let rows: Array<typeof games.$inferSelect> = [];
    for (let i = 0; i < 100 && rows.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await server.db
        .select()
        .from(games)
        .where(eq(games.id, gameId))
        .catch(() => []);
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ completionStatus: 'forfeited', winner: a.wallet.address });

    // The winner is owed 1.5x once, and paid once however often the worker runs.
    const jobs = await server.db.select().from(payoutJobs).where(eq(payoutJobs.gameId, gameId));
    expect(jobs.map((j) => [j.kind, j.walletAddress, j.amountLamports])).toEqual([
      ['winner_payout', a.wallet.address, MODE.winLamports],
    ]);
    const before = await paying.balance(a.wallet.address);
    await paying.runWorker();
    await paying.runWorker();
    expect((await paying.balance(a.wallet.address)) - before).toBe(MODE.winLamports);
    const payouts = await server.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.gameId, gameId), eq(transactions.type, 'winner_payout')));
    expect(payouts.map((p) => p.status)).toEqual(['confirmed']);

    // Two entry fees in and one payout out, each on chain as recorded; nothing else to explain.
    expect(await paying.checkMoney()).toEqual({ ledger: [], chain: [], matchedOnChain: 3 });
  }, 60_000);
});
