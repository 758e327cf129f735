import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { gameSessions, games, queueSessions, systemEvents } from '../db/schema/index.ts';
import { checkLedgerBalance } from '../ledger/reconcile/ledger-balance.ts';
import { ownersOfOpenRows } from './store/restart-settlement.ts';
import { localChainForFile, PAID_MODE, payoutJobsOf, searchBed } from './test-support/paid-search-bed.ts';

const chain = localChainForFile();

/**
 * Settling a lost game node, on the game layer: several game nodes share one database, and each search and match row
 * names the node holding it. A node settles only what it is told is lost (or, at its start, its own rows and
 * rows of no node): the lost node's searches are refunded in full, its matches interrupted and both entries
 * refunded in full, once however many nodes settle it at the same time, with one system event; another live
 * node's searches and matches are never touched.
 */
describeEachDatabase('settling the work of a lost game node', (target) => {
  const twoNodes = async () => {
    const a = await searchBed(chain(), target.db, { nodeId: 'node-a' });
    const b = await searchBed(chain(), target.db, { nodeId: 'node-b', houseWallet: a.houseWallet });
    return { a, b };
  };

  const jobsOf = (links: ReadonlyArray<{ wallet: { address: string } }>) => payoutJobsOf(target.db, links);

  it('the lost node’s search and live match are refunded in full once, the live node’s work is untouched', async () => {
    const { a, b } = await twoNodes();
    const [p1, p2, lone] = [await b.link(), await b.link(), await b.link()];
    await b.findPaidMatch(p1);
    await b.findPaidMatch(p2);
    await until(() => b.game.matches().length === 1, { what: 'node-b starts the match' });
    await b.findPaidMatch(lone);
    const stay = await a.link();
    await a.findPaidMatch(stay);
    expect(await ownersOfOpenRows(target.db)).toEqual(['node-a', 'node-b']);
    const gameId = b.game.matches()[0]!.id;

    // Two nodes decide at the same moment that node-b is gone, and one of them decides it again later.
    const settled = await Promise.all([
      a.game.settleLostNodes(['node-b']),
      a.game.settleLostNodes(['node-b']),
    ]);
    const again = await a.game.settleLostNodes(['node-b']);
    expect(settled.reduce((sum, s) => sum + s.games, 0)).toBe(1);
    expect(settled.reduce((sum, s) => sum + s.searches, 0)).toBe(1);
    expect(again).toEqual({ games: 0, searches: 0 });

    const refunds = await jobsOf([p1, p2, lone, stay]);
    expect(refunds.map((j) => [j.walletAddress, j.kind, j.amountLamports]).sort()).toEqual(
      [p1, p2, lone].map((p) => [p.wallet.address, 'refund', PAID_MODE.wagerLamports]).sort(),
    );
    const [session] = await target.db.select().from(gameSessions).where(eq(gameSessions.id, gameId));
    expect(session).toMatchObject({ status: 'interrupted', outcome: 'interrupted', nodeId: 'node-b' });
    const [kept] = await a.rowsOf(stay);
    expect(kept).toMatchObject({ status: 'active', nodeId: 'node-a' });
    const events = (
      await target.db.select().from(systemEvents).where(eq(systemEvents.eventType, 'game_node_lost'))
    ).filter((e) => JSON.stringify(e.details).includes(gameId));
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({ nodeIds: ['node-b'], settledBy: 'node-a', gameIds: [gameId] });
    expect(await ownersOfOpenRows(target.db)).toEqual(['node-a']);
    expect(await checkLedgerBalance(target.db)).toEqual([]);
  });

  it('a match the lost node finishes after it was settled pays nothing: the refunds stand alone', async () => {
    const { a, b } = await twoNodes();
    const [p1, p2] = [await b.link(), await b.link()];
    await b.findPaidMatch(p1);
    await b.findPaidMatch(p2);
    await until(() => b.game.matches().length === 1, { what: 'node-b starts the match' });
    const gameId = b.game.matches()[0]!.id;
    await a.game.settleLostNodes(['node-b']);

    // node-b was only slow, not gone: its player leaves, the match ends by forfeit and node-b records it.
    await b.game.handle(p1, { type: 'exit', gameId });
    expect(b.game.matches()[0]!.status().name).toBe('over');
    // The result's write finds the interrupted game's audit row already there and writes nothing.
    await until(
      async () => {
        b.game.tick();
        return b.game.matches().length === 0;
      },
      { what: 'node-b drops the finished match' },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [audit] = await target.db.select().from(games).where(eq(games.id, gameId));
    expect(audit!.completionStatus).toBe('interrupted');
    const jobs = await jobsOf([p1, p2]);
    expect(jobs.map((j) => [j.kind, j.amountLamports])).toEqual([
      ['refund', PAID_MODE.wagerLamports],
      ['refund', PAID_MODE.wagerLamports],
    ]);
    expect(await checkLedgerBalance(target.db)).toEqual([]);
  });

  it('a start-up settlement in cluster mode closes its own earlier rows and rows of no node, not a live node’s', async () => {
    const { a, b } = await twoNodes();
    const live = await a.link();
    await a.findPaidMatch(live);
    const mine = await b.link();
    await b.findPaidMatch(mine);
    // A search written before rows named their node (a third game server, so the two do not pair).
    const old = await searchBed(chain(), target.db, { nodeId: 'node-old', houseWallet: a.houseWallet });
    const legacy = await old.link();
    await old.findPaidMatch(legacy);
    await target.db
      .update(queueSessions)
      .set({ nodeId: null })
      .where(eq(queueSessions.walletAddress, legacy.wallet.address));

    // node-b restarts (a new game server of the same NODE_ID on the same database).
    const restarted = await searchBed(chain(), target.db, { nodeId: 'node-b', houseWallet: a.houseWallet });
    await restarted.game.recoverAfterRestart({ kind: 'nodes', nodeIds: ['node-b'], unowned: true });
    expect((await a.rowsOf(live))[0]!.status).toBe('active');
    expect((await b.rowsOf(mine))[0]!.status).toBe('error');
    expect((await b.rowsOf(legacy))[0]!.status).toBe('error');
    const refunded = (await jobsOf([live, mine, legacy])).map((j) => j.walletAddress).sort();
    expect(refunded).toEqual([mine.wallet.address, legacy.wallet.address].sort());
    expect(await checkLedgerBalance(target.db)).toEqual([]);
  });
});
