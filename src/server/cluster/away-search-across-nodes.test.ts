import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { RECONNECTION_WINDOW_MS } from '../../common/rules.ts';
import { payoutJobs } from '../db/schema/index.ts';
import { localChainForFile, PAID_MODE, payoutJobsOf } from '../game/test-support/paid-search-bed.ts';
import { checkMoney } from '../ledger/test-support/money-check.ts';
import { twoNodeBeds } from './test-support/two-node-beds.ts';

const chain = localChainForFile();

/**
 * SPEC §9 reconnection window, in cluster mode as in one process: a search whose socket is away is not
 * paired, by its own node or by another, while the player may still come back to it. Back within the
 * window, the player takes the search back and is paired and told `matched`; gone for the whole window,
 * the search is closed with the refund of a disconnect. Nobody is paired into a match they cannot see.
 */
describeEachDatabase('cluster mode: a search whose socket is away', (target) => {
  const twoNodes = twoNodeBeds(target, chain);

  it('is not paired by either node while away; taken back within the window it is paired, told matched, and played for money', async () => {
    const { a, b } = await twoNodes();
    const first = await a.link();
    await a.findPaidMatch(first);
    await a.game.disconnected(first);

    // A search on the other node, then both nodes' pairings: the away search is passed over.
    const onB = await b.link();
    await b.findPaidMatch(onB);
    await a.cluster.refreshNow();
    await b.cluster.refreshNow();
    expect(onB.of('matched')).toEqual([]);
    expect(a.game.matches()).toHaveLength(0);
    expect(b.game.matches()).toHaveLength(0);

    // Three seconds later the player is back on its node with the same session: it takes the search back.
    a.clock.advance(3_000);
    a.game.tick();
    const back = await a.link({ wallet: first.wallet, sessionId: first.playerSessionId! });
    await a.game.connected(back);
    expect(back.of('findMatch')).toMatchObject([{ status: 'searching' }]);
    await until(() => back.of('matched').length === 1 && onB.of('matched').length === 1, {
      what: 'both are told',
    });
    const gameId = back.of('matched')[0]!.gameId;
    expect(onB.of('matched')[0]).toMatchObject({ gameId, node: 'node-a' });
    expect((await a.rowsOf(first)).map((r) => [r.status, r.resultingGameId])).toEqual([['matched', gameId]]);
    expect((await b.rowsOf(onB)).map((r) => [r.status, r.resultingGameId])).toEqual([['matched', gameId]]);

    // The player on node-b moves to the match and leaves it: the one who came back wins and is paid once.
    const moved = await a.link({ wallet: onB.wallet, sessionId: onB.playerSessionId! });
    await a.game.handle(moved, { type: 'reconnect', gameId });
    expect(moved.of('reconnectionFailed')).toEqual([]);
    await a.game.handle(moved, { type: 'exit', gameId });
    await until(
      async () => {
        a.game.tick();
        return (await target.db.select().from(payoutJobs).where(eq(payoutJobs.gameId, gameId))).length > 0;
      },
      { what: 'the result is recorded' },
    );
    const jobs = await payoutJobsOf(target.db, [first, onB]);
    expect(jobs.map((j) => [j.kind, j.walletAddress, j.amountLamports])).toEqual([
      ['winner_payout', first.wallet.address, PAID_MODE.winLamports],
    ]);
    const money = await checkMoney({ db: target.db, rpc: chain().rpc, houseWallet: a.houseWallet });
    expect(money).toMatchObject({ ledger: [], chain: [] });
    // This test's 2 entry fees at least (the database's earlier tests' are read too).
    expect(money.matchedOnChain).toBeGreaterThanOrEqual(2);
  });

  it('away for the whole window: never paired, closed as disconnected with its refund; the other search waits on', async () => {
    const { a, b } = await twoNodes();
    const first = await a.link();
    await a.findPaidMatch(first);
    const awayAt = a.clock.now();
    await a.game.disconnected(first);
    const onB = await b.link();
    await b.findPaidMatch(onB);

    a.clock.set(awayAt + RECONNECTION_WINDOW_MS - 1);
    a.game.tick();
    await a.cluster.refreshNow();
    await b.cluster.refreshNow();
    expect((await a.rowsOf(first)).map((r) => r.status)).toEqual(['active']);
    expect(onB.of('matched')).toEqual([]);

    a.clock.set(awayAt + RECONNECTION_WINDOW_MS);
    a.game.tick();
    await until(async () => (await a.rowsOf(first))[0]?.status === 'disconnected', {
      what: 'the away search closed',
    });
    const refunds = await a.jobsOf(first);
    expect(refunds.map((j) => [j.kind, j.queueSessionId])).toEqual([
      ['refund', (await a.rowsOf(first))[0]!.id],
    ]);
    // Out of the shared queue with it: the other node's search is alone there, still searching.
    await b.cluster.refreshNow();
    expect(await b.node.redis.zcard(b.node.keys.queue(PAID_MODE.id))).toBe(1);
    expect(onB.of('matched')).toEqual([]);
    expect((await b.rowsOf(onB)).map((r) => r.status)).toEqual(['active']);
    const money = await checkMoney({ db: target.db, rpc: chain().rpc, houseWallet: a.houseWallet });
    expect(money).toMatchObject({ ledger: [], chain: [] });
    // This test's 2 entry fees at least (the database's earlier tests' are read too).
    expect(money.matchedOnChain).toBeGreaterThanOrEqual(2);
  });
});
