import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { ERROR_MESSAGES } from '../../common/protocol.ts';
import { REFUND_TEXTS } from '../../common/refund-texts.ts';
import {
  expectMoneyAccountedFor,
  localChainForFile,
  PAID_MODE,
  type TestLink,
} from '../game/test-support/paid-search-bed.ts';
import { setExclusion } from '../limits/player-limits-store.ts';
import { limitsRoute } from '../limits/test-support/limits-route.ts';
import { type NodeBed, twoNodeBeds } from './test-support/two-node-beds.ts';

const chain = localChainForFile();
const WAGER = PAID_MODE.wagerLamports;

/**
 * RELIABILITY 43 across nodes: a self-exclusion asked through one node closes the challenge another node holds
 * at once, its fee back in full (over the bus on Redis pub/sub), and a friend's accept afterwards is refused with
 * their fee back in full; an accept on a node that finds the challenger excluded (the close never came) is
 * refused in full and asks the holder to close it. Two game nodes on one database and one Redis, entries paid
 * on the local chain, the change through the real limits route.
 */
describeEachDatabase('a player’s own protection closes a challenge held by another node', (target) => {
  const twoNodes = twoNodeBeds(target, chain);

  async function openChallenge(bed: NodeBed, link: TestLink): Promise<string> {
    await bed.game.handle(link, {
      type: 'findMatch',
      gameMode: PAID_MODE.id,
      paymentSignature: await bed.payEntry(link),
      challenge: 'new',
    });
    const code = link.of('findMatch').at(-1)?.challenge?.code;
    if (!code) throw new Error('no challenge was opened');
    return code;
  }

  const accept = async (bed: NodeBed, link: TestLink, code: string) =>
    bed.game.handle(link, {
      type: 'findMatch',
      gameMode: PAID_MODE.id,
      paymentSignature: await bed.payEntry(link),
      challenge: code,
    });

  /** The challenger, on the node holding the challenge, is told it closed with its fee back in full. */
  async function expectChallengeClosedInFull(holder: NodeBed, challenger: TestLink) {
    await until(() => challenger.of('error').some((e) => e.data.code === 'self_excluded'), {
      what: 'the challenge is closed on the node holding it',
    });
    expect(challenger.of('error').at(-1)?.data).toMatchObject({ refundLamports: WAGER.toString() });
    expect(holder.game.matchmaker.entryOf(challenger.wallet.address)).toBeUndefined();
    expect((await holder.rowsOf(challenger)).map((r) => r.status)).toEqual(['cancelled']);
    expect((await holder.jobsOf(challenger)).map((j) => j.amountLamports)).toEqual([WAGER]);
  }

  /** The friend's accept was refused and their fee comes back in full; nobody was matched. */
  async function expectAcceptRefusedInFull(bed: NodeBed, friend: TestLink, challenger: TestLink) {
    expect(friend.of('matched')).toEqual([]);
    expect(challenger.of('matched')).toEqual([]);
    expect(friend.sent.at(-1)).toMatchObject({
      type: 'error',
      data: {
        message: REFUND_TEXTS.withRefund(ERROR_MESSAGES.challengeNotOpen, WAGER),
        code: 'challenge_not_open',
        refundLamports: WAGER.toString(),
      },
    });
    expect((await bed.jobsOf(friend)).map((j) => j.amountLamports)).toEqual([WAGER]);
  }

  it('a self-exclusion asked through node-b closes the challenge node-a holds at once, in full; the friend’s accept on node-b afterwards is refused, in full', async () => {
    const { a, b } = await twoNodes();
    const challenger = await a.link();
    const code = await openChallenge(a, challenger);
    const routeOnB = limitsRoute({
      db: target.db,
      clock: b.clock,
      protectionChanged: b.bus.protectionChanged,
    });

    await routeOnB.exclude(challenger.wallet.address, 'permanent');
    await expectChallengeClosedInFull(a, challenger);

    const friend = await b.link();
    await accept(b, friend, code);
    await expectAcceptRefusedInFull(b, friend, challenger);
    await expectMoneyAccountedFor(target.db, chain(), a.houseWallet);
  });

  it('an accept on node-b that finds the challenger excluded, its close never come, is refused in full and node-a closes the challenge in full', async () => {
    const { a, b } = await twoNodes();
    const challenger = await a.link();
    const code = await openChallenge(a, challenger);
    // The store alone, as when the change's broadcast was lost: node-a has not closed the challenge.
    const now = b.clock.now();
    await setExclusion(target.db, { walletAddress: challenger.wallet.address, period: '24h', now, ip: null });

    const friend = await b.link();
    await accept(b, friend, code);
    await expectAcceptRefusedInFull(b, friend, challenger);
    await expectChallengeClosedInFull(a, challenger);
    await expectMoneyAccountedFor(target.db, chain(), a.houseWallet);
  });
});
