import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { games, payoutJobs, queueSessions } from '../db/schema/index.ts';
import { localChainForFile, PAID_MODE } from '../game/test-support/paid-search-bed.ts';
import { checkLedgerBalance } from '../ledger/reconcile/ledger-balance.ts';
import { twoNodeBeds } from './test-support/two-node-beds.ts';

const chain = localChainForFile();

/**
 * Pairing and hand-off across game nodes, in one process: two game servers on one database, each a game node with its own
 * Redis connections, sharing the queue in Redis. Players searching on different nodes are paired in the
 * order they came; the match lives on the node that paired them, and the player held by the other node is
 * told `matched` naming that node, moves there (a new socket of the same session) and plays; the winner is
 * paid once. With Redis gone, a new search gets a clear error and its fee back in full.
 */
describeEachDatabase('pairing across game nodes', (target) => {
  const twoNodes = twoNodeBeds(target, chain);

  it('players on two nodes are paired; the one held elsewhere moves to the match’s node, plays, and the winner is paid once', async () => {
    const { a, b } = await twoNodes();
    const onA = await a.link();
    const onB = await b.link();
    await a.findPaidMatch(onA);
    expect(onA.of('joinQueue')).toHaveLength(1);
    await b.findPaidMatch(onB);

    // node-b's search completed the pair: the match is node-b's; node-a's player is told to move there.
    await until(() => onA.of('matched').length === 1, { what: 'node-a’s player is told matched' });
    const [toMove] = onA.of('matched');
    const [here] = onB.of('matched');
    expect(toMove).toMatchObject({ node: 'node-b', gameId: here!.gameId });
    expect(here).toMatchObject({ node: 'node-b' });
    expect(a.game.matches()).toHaveLength(0);
    expect(b.game.matches()).toHaveLength(1);
    expect(a.game.matchmaker.entryOf(onA.wallet.address)).toBeUndefined();
    // In a match under way on node-b, the wallet cannot start a search on node-a meanwhile.
    await a.game.handle(onA, { type: 'findMatch', gameMode: 'practice' });
    expect(onA.of('error').map((e) => e.data.code)).toEqual(['already_searching']);

    // The player moves: a new socket of the same session on node-b asks for the game.
    const moved = await b.link({ wallet: onA.wallet, sessionId: onA.playerSessionId! });
    await b.game.handle(moved, { type: 'reconnect', gameId: here!.gameId });
    expect(moved.of('reconnectionFailed')).toEqual([]);
    const gameId = here!.gameId;
    b.game.handle(moved, { type: 'paddleMove', gameId, position: 0.25 });

    // node-b's own player leaves: the player who moved wins by forfeit and is paid once.
    await b.game.handle(onB, { type: 'exit', gameId });
    await until(
      async () => {
        b.game.tick();
        const jobs = await target.db.select().from(payoutJobs).where(eq(payoutJobs.gameId, gameId));
        return jobs.length > 0;
      },
      { what: 'the result is recorded' },
    );
    const jobs = await target.db.select().from(payoutJobs).where(eq(payoutJobs.gameId, gameId));
    expect(jobs.map((j) => [j.kind, j.walletAddress, j.amountLamports])).toEqual([
      ['winner_payout', onA.wallet.address, PAID_MODE.winLamports],
    ]);
    // The move is in the match's connection log as a move, not counted as one of the player's disconnects.
    const [audit] = await target.db.select().from(games).where(eq(games.id, gameId));
    expect(audit!.disconnectCount).toBe(0);
    const log = (audit!.recordedInputs as { connectionLog: Array<{ seat: number; event: string }> })
      .connectionLog;
    expect(log.map((e) => e.event)).toEqual(['moving', 'reconnected']);
    expect(await checkLedgerBalance(target.db)).toEqual([]);
  });

  it('the longest-waiting search is paired first, whichever node holds it', async () => {
    const { a, b } = await twoNodes();
    const practice = { type: 'findMatch', gameMode: 'practice' } as const;
    const first = await a.link();
    await a.game.handle(first, practice);
    const second = await b.link();
    await b.game.handle(second, practice);
    const third = await a.link();
    await a.game.handle(third, practice);
    await until(() => first.of('matched').length === 1, { what: 'the first is matched' });
    expect(first.of('matched')[0]!.gameId).toBe(second.of('matched')[0]!.gameId);
    expect(third.of('matched')).toEqual([]);
    expect(a.game.matchmaker.entryOf(third.wallet.address)).toBeDefined();
  });

  it('the search of a lost node leaves the shared queue when another node settles it', async () => {
    const { a, b } = await twoNodes();
    const searcher = await b.link();
    await b.game.handle(searcher, { type: 'findMatch', gameMode: 'practice' });
    expect(await b.node.redis.zcard(b.node.keys.queue('practice'))).toBe(1);
    expect(await a.game.settleLostNodes(['node-b'])).toMatchObject({ searches: 1 });
    expect(await a.node.redis.zcard(a.node.keys.queue('practice'))).toBe(0);
  });

  it('a search on a node whose Redis is gone is refused with a clear error and its fee refunded in full', async () => {
    const { a } = await twoNodes();
    a.node.redis.disconnect();
    const player = await a.link();
    await a.findPaidMatch(player);
    expect(player.of('error').map((e) => e.data.code)).toEqual(['matchmaking_unavailable']);
    expect(player.of('error')[0]!.data.message).toMatch(/Matchmaking is unavailable right now/);
    const rows = await target.db
      .select()
      .from(queueSessions)
      .where(
        and(
          eq(queueSessions.walletAddress, player.wallet.address),
          inArray(queueSessions.status, ['active']),
        ),
      );
    expect(rows).toEqual([]);
    const refunds = await a.jobsOf(player);
    expect(refunds.map((j) => [j.amountLamports, j.queueSessionId])).toEqual([
      [PAID_MODE.wagerLamports, (await a.rowsOf(player))[0]!.id],
    ]);
    expect((await a.rowsOf(player)).map((r) => r.status)).toEqual(['error']);
    expect(await checkLedgerBalance(target.db)).toEqual([]);
  });
});
