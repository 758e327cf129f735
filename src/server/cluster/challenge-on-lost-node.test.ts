import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import {
  expectMoneyAccountedFor,
  localChainForFile,
  PAID_MODE,
} from '../game/test-support/paid-search-bed.ts';
import { twoNodeBeds } from './test-support/two-node-beds.ts';

const chain = localChainForFile();
const WAGER = PAID_MODE.wagerLamports;

/**
 * RELIABILITY 37, a challenge on a node that is lost before its settlement: the challenger's socket went with
 * its node, and nobody wrote the challenge away (its node is the one that would have). An accept on the other
 * node is refused with the fee back in full, and the lost node's settlement refunds the challenge in full,
 * once. Real Redis (the lost node stops beating), one database, the local chain.
 */
describeEachDatabase('a challenge on a lost node', (target) => {
  const twoNodes = twoNodeBeds(target, chain);

  it('an accept of a lost node’s challenge is refused with the fee back; the settlement refunds the challenge once', async () => {
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
    // node-a is lost: it beats no more (killed), so it is out of the live set; its rows still say open.
    await a.node.liveness.leave('node-a');
    expect(await b.node.liveness.liveNodes()).toEqual(['node-b']);
    expect((await a.rowsOf(challenger)).map((r) => [r.status, r.awaySince])).toEqual([['active', null]]);

    const friend = await b.link();
    await b.game.handle(friend, {
      type: 'findMatch',
      gameMode: PAID_MODE.id,
      paymentSignature: await b.payEntry(friend),
      challenge: code!,
    });
    expect(friend.of('matched')).toEqual([]);
    expect(friend.sent.at(-1)).toMatchObject({
      type: 'error',
      data: { code: 'challenger_away', refundLamports: WAGER.toString() },
    });
    expect((await b.jobsOf(friend)).map((j) => [j.kind, j.amountLamports])).toEqual([['refund', WAGER]]);
    expect((await b.rowsOf(friend)).map((r) => r.status)).toEqual([]);

    // node-b's watch settles node-a (twice, as two watches may): the challenge is refunded in full once.
    expect(await b.game.settleLostNodes(['node-a'])).toEqual({ games: 0, searches: 1 });
    expect(await b.game.settleLostNodes(['node-a'])).toEqual({ games: 0, searches: 0 });
    expect((await a.jobsOf(challenger)).map((j) => [j.kind, j.amountLamports])).toEqual([['refund', WAGER]]);
    expect((await a.rowsOf(challenger)).map((r) => r.status)).not.toContain('active');
    expect((await a.rowsOf(challenger)).map((r) => r.status)).not.toContain('matched');
    await expectMoneyAccountedFor(target.db, chain(), a.houseWallet);
  });
});
