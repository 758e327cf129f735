import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { gameSessions } from '../db/schema/index.ts';
import { checkLedgerBalance } from '../ledger/reconcile/ledger-balance.ts';
import { localChainForFile, PAID_MODE, payoutJobsOf, searchBed } from './test-support/paid-search-bed.ts';

const chain = localChainForFile();

/**
 * A rolling stop of a game node. Told to drain, the node starts no new match, its live match plays
 * on to its end and is paid as any other; only what is left when the drain ends is settled by the stop
 * (searches and unfinished matches refunded in full).
 */
describeEachDatabase('draining a game node before it stops', (target) => {
  const jobsOf = (links: ReadonlyArray<{ wallet: { address: string } }>) => payoutJobsOf(target.db, links);

  it('a live match plays to its end and is paid; searches made meanwhile are not paired here, then refunded at the stop', async () => {
    const bed = await searchBed(chain(), target.db, { nodeId: 'node-d' });
    const [p1, p2] = [await bed.link(), await bed.link()];
    await bed.findPaidMatch(p1);
    await bed.findPaidMatch(p2);
    await until(() => bed.game.matches().length === 1, { what: 'the match starts' });
    const gameId = bed.game.matches()[0]!.id;

    let drained = false;
    const drain = bed.game.drain(bed.clock.now() + 60_000).then(() => {
      drained = true;
    });
    const [s1, s2] = [await bed.link(), await bed.link()];
    await bed.findPaidMatch(s1);
    await bed.findPaidMatch(s2);
    expect(s1.of('matched')).toEqual([]);
    expect(bed.game.matches()).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(drained).toBe(false);

    // The match goes on while draining and ends (a forfeit): the winner is paid, nobody is refunded.
    bed.game.tick();
    await bed.game.handle(p2, { type: 'exit', gameId });
    await drain;
    await until(async () => (await jobsOf([p1, p2])).length > 0, { what: 'the result is recorded' });
    expect((await jobsOf([p1, p2])).map((j) => [j.kind, j.walletAddress])).toEqual([
      ['winner_payout', p1.wallet.address],
    ]);

    await bed.game.shutdown();
    const refunds = await jobsOf([s1, s2]);
    expect(refunds.map((j) => [j.kind, j.amountLamports])).toEqual([
      ['refund', PAID_MODE.wagerLamports],
      ['refund', PAID_MODE.wagerLamports],
    ]);
    expect(await checkLedgerBalance(target.db)).toEqual([]);
  });

  it('a match still under way when the drain ends is interrupted by the stop, both entries refunded in full', async () => {
    const bed = await searchBed(chain(), target.db, { nodeId: 'node-e' });
    const [p1, p2] = [await bed.link(), await bed.link()];
    await bed.findPaidMatch(p1);
    await bed.findPaidMatch(p2);
    await until(() => bed.game.matches().length === 1, { what: 'the match starts' });
    const gameId = bed.game.matches()[0]!.id;
    const drain = bed.game.drain(bed.clock.now() + 1_000);
    bed.clock.advance(1_000);
    await drain;
    await bed.game.shutdown();
    const [session] = await target.db.select().from(gameSessions).where(eq(gameSessions.id, gameId));
    expect(session!.status).toBe('interrupted');
    expect((await jobsOf([p1, p2])).map((j) => [j.kind, j.amountLamports])).toEqual([
      ['refund', PAID_MODE.wagerLamports],
      ['refund', PAID_MODE.wagerLamports],
    ]);
  });
});
