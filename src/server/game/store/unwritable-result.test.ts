import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { until } from '../../../../test/support/until.ts';
import type { Database } from '../../db/database.ts';
import { gameSessions, games, systemEvents } from '../../db/schema/index.ts';
import { failingWrites } from '../../db/test-support/failing-writes.ts';
import {
  expectMoneyAccountedFor,
  houseWalletForSuite,
  localChainForFile,
  PAID_MODE,
  payoutJobsOf,
  type SearchBed,
  searchBed,
} from '../test-support/paid-search-bed.ts';
import { SAME_FAILURE_LIMIT } from './write-failure.ts';

const chain = localChainForFile();

/** Both players paid and matched; the match is under way. */
async function pairedMatch(bed: SearchBed) {
  const [a, b] = [await bed.link(), await bed.link()];
  await bed.findPaidMatch(a);
  await bed.findPaidMatch(b);
  await until(() => bed.game.matches().length === 1, { what: 'the match starts' });
  return { a, b, gameId: bed.game.matches()[0]!.id };
}

const eventsOf = async (db: Database, gameId: string) =>
  (await db.select().from(systemEvents).where(eq(systemEvents.eventType, 'match_result_unwritable'))).filter(
    (e) => (e.details as { gameId?: string } | null)?.gameId === gameId,
  );

/**
 * RELIABILITY 30: a result the database can never accept is not retried forever (the winner unpaid, both
 * fees waiting for the next restart). It is written again without the players' own text, so the honest
 * winner is paid; if even that is refused for good, the match is settled as interrupted with both entries
 * refunded in full. Either way a critical system event says so. A stop never waits out a retry's backoff.
 */
describeEachDatabase('a match result the database refuses for good', (target) => {
  const house = houseWalletForSuite();

  it('a display name with a NUL taken onto a seat: PostgreSQL refuses the result, which is written without the names, and the winner is paid once', async () => {
    const bed = await searchBed(chain(), target.db, { houseWallet: house() });
    const [a, b] = [await bed.link(), await bed.link()];
    await bed.findPaidMatch(a);
    // A's socket goes; a new socket of A's wallet takes the search back with a name no database stores.
    await bed.game.disconnected(a);
    const back = await bed.link({ wallet: a.wallet });
    Object.assign(back, { displayName: 'Eve\u0000' });
    await bed.game.connected(back);
    await bed.findPaidMatch(b);
    await until(() => bed.game.matches().length === 1, { what: 'the match starts' });
    const gameId = bed.game.matches()[0]!.id;

    await bed.game.handle(b, { type: 'exit', gameId });
    await until(async () => (await payoutJobsOf(target.db, [a, b])).length > 0, {
      what: 'the result is recorded',
    });
    expect(
      (await payoutJobsOf(target.db, [a, b])).map((j) => [j.kind, j.walletAddress, j.amountLamports]),
    ).toEqual([['winner_payout', a.wallet.address, PAID_MODE.winLamports]]);
    const [row] = await target.db.select().from(games).where(eq(games.id, gameId));
    const names = [row!.player1DisplayName, row!.player2DisplayName];
    expect(names).toContain(`Player-${a.wallet.address.slice(0, 4)}`);
    expect(row).toMatchObject({ completionStatus: 'forfeited', winner: a.wallet.address });
    // The event is written once the result is, not in its transaction: waited for, then exactly one.
    await until(async () => (await eventsOf(target.db, gameId)).length > 0, {
      what: 'the critical event of the result written without the names',
    });
    const events = await eventsOf(target.db, gameId);
    expect(events.map((e) => [e.severity, (e.details as { outcome: string }).outcome])).toEqual([
      ['critical', 'recorded_without_player_text'],
    ]);
    expect((events[0]!.details as { sqlState: string }).sqlState).toBe('22021');
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('the same refusal again and again, even without the players’ text: the match is settled as interrupted and both entries refunded in full', async () => {
    const faults = failingWrites(target.db);
    const bed = await searchBed(chain(), faults.db, { sleep: async () => {}, houseWallet: house() });
    const { a, b, gameId } = await pairedMatch(bed);
    // Every write of the result is refused, while the database answers everything else.
    faults.failInserts(games, 2 * SAME_FAILURE_LIMIT);
    await bed.game.handle(b, { type: 'exit', gameId });
    await until(async () => (await payoutJobsOf(target.db, [a, b])).length >= 2, {
      what: 'the match is settled',
    });
    expect(faults.refused()).toBe(2 * SAME_FAILURE_LIMIT);

    const jobs = await payoutJobsOf(target.db, [a, b]);
    expect(jobs.map((j) => [j.kind, j.walletAddress, j.amountLamports]).sort()).toEqual(
      [a, b].map((p) => ['refund', p.wallet.address, PAID_MODE.wagerLamports]).sort(),
    );
    const [session] = await target.db.select().from(gameSessions).where(eq(gameSessions.id, gameId));
    expect(session).toMatchObject({ status: 'interrupted', outcome: 'interrupted' });
    const [row] = await target.db.select().from(games).where(eq(games.id, gameId));
    expect(row).toMatchObject({ completionStatus: 'interrupted', winner: null });
    // The critical event is written after the refunds, in its own write: waited for, not assumed.
    await until(async () => (await eventsOf(target.db, gameId)).length > 0, {
      what: 'the critical event is written',
    });
    const events = await eventsOf(target.db, gameId);
    expect(events.map((e) => [e.severity, (e.details as { outcome: string }).outcome])).toEqual([
      ['critical', 'interrupted_and_refunded'],
    ]);
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('a stop during a result’s backoff does not wait it out; the next start settles the match, both refunded in full', async () => {
    const faults = failingWrites(target.db);
    // A backoff that would never end by itself.
    let waiting = false;
    const sleep = () => {
      waiting = true;
      return new Promise<void>(() => {});
    };
    const bed = await searchBed(chain(), faults.db, { sleep, houseWallet: house() });
    const { a, b, gameId } = await pairedMatch(bed);
    faults.failInserts(games, 1_000);
    await bed.game.handle(b, { type: 'exit', gameId });
    await until(() => waiting, { what: 'the first write is refused and its retry waits' });

    await bed.game.shutdown();
    // Woken by the stop, the write was tried once more and refused; nothing was settled yet.
    expect(faults.refused()).toBe(2);
    expect(await payoutJobsOf(target.db, [a, b])).toEqual([]);

    faults.failInserts(games, 0);
    const next = await searchBed(chain(), target.db, { houseWallet: house() });
    await next.game.recoverAfterRestart();
    const jobs = await payoutJobsOf(target.db, [a, b]);
    expect(jobs.map((j) => [j.kind, j.walletAddress, j.amountLamports]).sort()).toEqual(
      [a, b].map((p) => ['refund', p.wallet.address, PAID_MODE.wagerLamports]).sort(),
    );
    await expectMoneyAccountedFor(target.db, chain(), house());
  });
});
