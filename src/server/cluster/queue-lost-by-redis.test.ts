import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { deleteRedisKeys } from '../../../test/cluster/redis-prefix-cleanup.ts';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { type GameModeId, getGameMode } from '../../common/game-modes.ts';
import { RECONNECTION_WINDOW_MS } from '../../common/rules.ts';
import { payoutJobs } from '../db/schema/index.ts';
import { localChainForFile, payoutJobsOf, type TestLink } from '../game/test-support/paid-search-bed.ts';
import { checkMoney } from '../ledger/test-support/money-check.ts';
import { type NodeBed, TEST_REDIS_URL, twoNodeBeds } from './test-support/two-node-beds.ts';

const chain = localChainForFile();
const TUNA = getGameMode('tiny_tuna');
const SHRIMP = getGameMode('smol_shrimp');

/**
 * Redis is not where a search lives: the database is its judge and the node holding its socket knows it.
 * When Redis loses its data (FLUSHALL, a restart of a Redis that keeps nothing on disk), each node puts its
 * own searches back in the shared queue, and they are paired again; each paid entry still ends one way only.
 */
describeEachDatabase('cluster mode: Redis loses the shared queue', (target) => {
  const twoNodes = twoNodeBeds(target, chain);

  it('each node puts its own searches back after Redis lost them, away marks and all; they are paired, and each entry ends as one match or one refund', async () => {
    const { a, b, prefix } = await twoNodes();
    const searching = async (bed: NodeBed, mode: GameModeId) => {
      const link = await bed.link();
      await bed.findPaidMatch(link, undefined, mode);
      expect(link.of('joinQueue')).toHaveLength(1);
      return link;
    };
    const tunaOnA = await searching(a, TUNA.id);
    // The longest-waiting shrimp search is away (its socket dropped): it keeps its place, unpaired.
    const awayOnA = await searching(a, SHRIMP.id);
    const awayAt = a.clock.now();
    await a.game.disconnected(awayOnA);
    const shrimpOnB = await searching(b, SHRIMP.id);
    expect(shrimpOnB.of('matched')).toEqual([]);

    // Every key of the deployment's prefix goes, as with a FLUSHALL of its own Redis.
    await deleteRedisKeys(TEST_REDIS_URL, prefix);
    // Searches made after the loss meet only each other's node's lost searches, which are not there.
    const tunaOnB = await searching(b, TUNA.id);
    const shrimpOnA = await searching(a, SHRIMP.id);
    const players = [tunaOnA, shrimpOnB, tunaOnB, shrimpOnA];

    await until(
      async () => {
        await a.cluster.refreshNow();
        await b.cluster.refreshNow();
        return players.every((p) => p.of('matched').length > 0);
      },
      { what: 'all four are paired again' },
    );
    const gameOf = (p: TestLink) => p.of('matched')[0]!.gameId;
    expect(gameOf(tunaOnA)).toBe(gameOf(tunaOnB));
    expect(gameOf(shrimpOnA)).toBe(gameOf(shrimpOnB));
    for (const [p, bed] of [
      [tunaOnA, a],
      [shrimpOnB, b],
      [tunaOnB, b],
      [shrimpOnA, a],
    ] as const) {
      expect((await bed.rowsOf(p)).map((r) => [r.status, r.resultingGameId])).toEqual([
        ['matched', gameOf(p)],
      ]);
    }

    // Each match is played to its end on the node that paired it: its own player there leaves, the other wins.
    for (const [one, other] of [
      [tunaOnA, tunaOnB],
      [shrimpOnA, shrimpOnB],
    ] as const) {
      const gameId = gameOf(one);
      const host = a.game.matches().some((m) => m.id === gameId) ? a : b;
      const [leaver, winner] = host === a ? [one, other] : [other, one];
      await host.game.handle(leaver, { type: 'exit', gameId });
      await until(
        async () => {
          host.game.tick();
          return (await target.db.select().from(payoutJobs).where(eq(payoutJobs.gameId, gameId))).length > 0;
        },
        { what: 'the result is recorded' },
      );
      const mode = getGameMode(one.of('matched')[0]!.data.gameMode);
      const jobs = await target.db.select().from(payoutJobs).where(eq(payoutJobs.gameId, gameId));
      expect(jobs.map((j) => [j.kind, j.walletAddress, j.amountLamports])).toEqual([
        ['winner_payout', winner.wallet.address, mode.winLamports],
      ]);
    }
    // The away search went back away: unpaired, it is closed when its window ends, with its refund.
    expect(awayOnA.of('matched')).toEqual([]);
    a.clock.set(awayAt + RECONNECTION_WINDOW_MS);
    a.game.tick();
    await until(async () => (await a.rowsOf(awayOnA))[0]?.status === 'disconnected', {
      what: 'the away search closed',
    });
    expect((await a.jobsOf(awayOnA)).map((j) => j.queueSessionId)).toEqual([
      (await a.rowsOf(awayOnA))[0]!.id,
    ]);
    // Nothing refunded on top: each entry ended as its match, once.
    expect((await payoutJobsOf(target.db, players)).filter((j) => j.kind === 'refund')).toEqual([]);
    const payouts = await target.db
      .select()
      .from(payoutJobs)
      .where(
        and(
          inArray(
            payoutJobs.walletAddress,
            players.map((p) => p.wallet.address),
          ),
          eq(payoutJobs.kind, 'winner_payout'),
        ),
      );
    expect(payouts).toHaveLength(2);
    const money = await checkMoney({ db: target.db, rpc: chain().rpc, houseWallet: a.houseWallet });
    expect(money).toMatchObject({ ledger: [], chain: [] });
    // This test's 5 entry fees at least (the database's earlier tests' are read too).
    expect(money.matchedOnChain).toBeGreaterThanOrEqual(5);
  });
});
