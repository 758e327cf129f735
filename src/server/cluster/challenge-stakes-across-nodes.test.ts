import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { queueSessions } from '../db/schema/index.ts';
import {
  expectMoneyAccountedFor,
  localChainForFile,
  PAID_MODE,
} from '../game/test-support/paid-search-bed.ts';
import { type NodeBed, twoNodeBeds } from './test-support/two-node-beds.ts';

const chain = localChainForFile();
const WAGER = PAID_MODE.wagerLamports;

/**
 * RELIABILITY 37 and 38 across two nodes: a challenge whose challenger's socket went on its node is not
 * accepted on another; one wallet accepting a challenge on one node while its public search is verified on the
 * other gets one paid match, the other entry refunded in full. Real Redis, one database, the local chain.
 */
describeEachDatabase('challenge stakes across nodes', (target) => {
  let during: ((nodeId: string) => Promise<void>) | undefined;
  const twoNodes = twoNodeBeds(target, chain, async (nodeId) => {
    const run = during;
    if (run) await run(nodeId);
  });

  async function openChallenge(bed: NodeBed, link: Awaited<ReturnType<NodeBed['link']>>) {
    await bed.game.handle(link, {
      type: 'findMatch',
      gameMode: PAID_MODE.id,
      paymentSignature: await bed.payEntry(link),
      challenge: 'new',
    });
    const code = link.of('findMatch').at(-1)?.challenge?.code;
    expect(code).toBeDefined();
    return code!;
  }

  it('a challenge whose challenger went away on node-a is refused on node-b, the fee back in full', async () => {
    during = undefined;
    const { a, b } = await twoNodes();
    const challenger = await a.link();
    const code = await openChallenge(a, challenger);
    await a.game.disconnected(challenger);
    await until(
      async () => {
        const [row] = await target.db
          .select()
          .from(queueSessions)
          .where(eq(queueSessions.challengeCode, code));
        return row?.awaySince != null;
      },
      { what: 'node-a marks the challenge away' },
    );

    const friend = await b.link();
    await b.game.handle(friend, {
      type: 'findMatch',
      gameMode: PAID_MODE.id,
      paymentSignature: await b.payEntry(friend),
      challenge: code,
    });
    expect(friend.of('matched')).toEqual([]);
    expect(friend.sent.at(-1)).toMatchObject({
      type: 'error',
      data: { code: 'challenger_away', refundLamports: WAGER.toString() },
    });
    expect((await b.jobsOf(friend)).map((j) => j.amountLamports)).toEqual([WAGER]);
    expect((await a.rowsOf(challenger)).map((r) => r.status)).toEqual(['active']);
    await expectMoneyAccountedFor(target.db, chain(), a.houseWallet);
  });

  it('a wallet accepting a challenge on node-a while its public search is verified on node-b plays one paid match', async () => {
    const { a, b } = await twoNodes();
    const challenger = await a.link();
    const code = await openChallenge(a, challenger);
    const stranger = await b.link();
    await b.findPaidMatch(stranger);
    const onA = await a.link();
    const onB = await b.link({ wallet: onA.wallet, sessionId: onA.playerSessionId! });
    const acceptSignature = await a.payEntry(onA);
    // node-b checked the wallet (not searching, not playing) and verified its fee; node-a's accept commits now.
    during = async (nodeId) => {
      if (nodeId !== 'node-b') return;
      during = undefined;
      await a.game.handle(onA, {
        type: 'findMatch',
        gameMode: PAID_MODE.id,
        paymentSignature: acceptSignature,
        challenge: code,
      });
    };
    await b.findPaidMatch(onB);

    expect(onA.of('matched')).toHaveLength(1);
    expect(onB.of('matched')).toEqual([]);
    expect(stranger.of('matched')).toEqual([]);
    expect(onB.sent.at(-1)).toMatchObject({
      type: 'error',
      data: { code: 'already_searching', refundLamports: WAGER.toString() },
    });
    expect((await b.jobsOf(onB)).map((j) => j.amountLamports)).toEqual([WAGER]);
    const rows = await a.rowsOf(onA);
    expect(rows.map((r) => r.status)).toEqual(['matched']);
    await expectMoneyAccountedFor(target.db, chain(), a.houseWallet);
  });
});
