import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { payoutJobs } from '../db/schema/index.ts';
import { localChainForFile, PAID_MODE } from '../game/test-support/paid-search-bed.ts';
import { checkLedgerBalance } from '../ledger/reconcile/ledger-balance.ts';
import { twoNodeBeds } from './test-support/two-node-beds.ts';

const chain = localChainForFile();

/**
 * Challenge a friend in cluster mode: the challenge waits on the node holding the challenger's socket and never
 * in the shared queue; a friend whose socket another node holds accepts it from its row, the match lives on
 * the friend's node, and the challenger is told to move there, plays, and the winner is paid once.
 */
describeEachDatabase('a challenge accepted on another node', (target) => {
  const twoNodes = twoNodeBeds(target, chain);

  it('a challenge on node-a is accepted on node-b: the challenger moves to node-b’s match and the winner is paid once', async () => {
    const { a, b } = await twoNodes();
    const challenger = await a.link();
    await a.game.handle(challenger, {
      type: 'findMatch',
      gameMode: PAID_MODE.id,
      paymentSignature: await a.payEntry(challenger),
      challenge: 'new',
    });
    const code = challenger.of('findMatch').at(-1)?.challenge?.code;
    expect(code).toBeDefined();
    // Never in the shared queue: a public search on node-b waits on.
    const stranger = await b.link();
    await b.findPaidMatch(stranger);
    expect(stranger.of('matched')).toEqual([]);

    const friend = await b.link();
    await b.game.handle(friend, {
      type: 'findMatch',
      gameMode: PAID_MODE.id,
      paymentSignature: await b.payEntry(friend),
      challenge: code!,
    });
    const [here] = friend.of('matched');
    expect(here).toMatchObject({ node: 'node-b' });
    await until(() => challenger.of('matched').length === 1, { what: 'the challenger is told matched' });
    expect(challenger.of('matched')[0]).toMatchObject({ node: 'node-b', gameId: here!.gameId });
    expect(a.game.matchmaker.entryOf(challenger.wallet.address)).toBeUndefined();
    expect(stranger.of('matched')).toEqual([]);

    const moved = await b.link({ wallet: challenger.wallet, sessionId: challenger.playerSessionId! });
    const gameId = here!.gameId;
    await b.game.handle(moved, { type: 'reconnect', gameId });
    expect(moved.of('reconnectionFailed')).toEqual([]);
    await b.game.handle(friend, { type: 'exit', gameId });
    await until(
      async () => {
        b.game.tick();
        return (await target.db.select().from(payoutJobs).where(eq(payoutJobs.gameId, gameId))).length > 0;
      },
      { what: 'the result is recorded' },
    );
    const jobs = await target.db.select().from(payoutJobs).where(eq(payoutJobs.gameId, gameId));
    expect(jobs.map((j) => [j.kind, j.walletAddress, j.amountLamports])).toEqual([
      ['winner_payout', challenger.wallet.address, PAID_MODE.winLamports],
    ]);
    expect(await checkLedgerBalance(target.db)).toEqual([]);
  });
});
