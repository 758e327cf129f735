import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { ERROR_MESSAGES } from '../../common/protocol.ts';
import { REFUND_TEXTS } from '../../common/refund-texts.ts';
import { payoutJobs } from '../db/schema/index.ts';
import {
  expectMoneyAccountedFor,
  houseWalletForSuite,
  localChainForFile,
  PAID_MODE,
  searchBed,
  type TestLink,
} from './test-support/paid-search-bed.ts';

const chain = localChainForFile();
const WAGER = PAID_MODE.wagerLamports;

const refusedAway = {
  type: 'error',
  data: {
    message: REFUND_TEXTS.withRefund(ERROR_MESSAGES.challengerAway, WAGER),
    code: 'challenger_away',
    refundLamports: WAGER.toString(),
  },
};

/**
 * rules.md 'Challenge a friend': a challenge whose challenger's socket is gone starts no match (their seat
 * would start away and their stake be forfeited by a 0-0 timeout). The accepter is refused with the fee back
 * in full; the challenge stays open, to be accepted once its challenger is back, or refunded in full at its
 * expiry. The real game server, money side and local chain, on both databases.
 */
describeEachDatabase('a challenge whose challenger is away', (target) => {
  const house = houseWalletForSuite();
  const bedOn = () => searchBed(chain(), target.db, { houseWallet: house() });
  type Bed = Awaited<ReturnType<typeof bedOn>>;

  async function findPaid(bed: Bed, link: TestLink, challenge: string) {
    await bed.game.handle(link, {
      type: 'findMatch',
      gameMode: PAID_MODE.id,
      paymentSignature: await bed.payEntry(link),
      challenge,
    });
  }

  it('an accept while the challenger is away is refused and refunded in full; accepted once the challenger is back', async () => {
    const bed = await bedOn();
    const [a, friend] = [await bed.link(), await bed.link()];
    await findPaid(bed, a, 'new');
    const code = a.of('findMatch').at(-1)?.challenge?.code;
    expect(code).toBeDefined();
    await bed.game.disconnected(a);

    await findPaid(bed, friend, code!);
    expect(friend.of('matched')).toEqual([]);
    expect(friend.sent.at(-1)).toEqual(refusedAway);
    expect((await bed.jobsOf(friend)).map((j) => j.amountLamports)).toEqual([WAGER]);
    expect((await bed.rowsOf(a)).map((r) => r.status)).toEqual(['active']);

    const back = await bed.link({ wallet: a.wallet, sessionId: a.playerSessionId! });
    await bed.game.connected(back);
    await findPaid(bed, friend, code!);
    const [toFriend] = friend.of('matched');
    expect(toFriend).toBeDefined();
    expect(back.of('matched')[0]?.gameId).toBe(toFriend!.gameId);

    const gameId = toFriend!.gameId;
    await bed.game.handle(friend, { type: 'exit', gameId });
    await until(
      async () => {
        bed.game.tick();
        return (await target.db.select().from(payoutJobs).where(eq(payoutJobs.gameId, gameId))).length > 0;
      },
      { what: 'the result is recorded' },
    );
    const jobs = await target.db.select().from(payoutJobs).where(eq(payoutJobs.gameId, gameId));
    expect(jobs.map((j) => [j.kind, j.walletAddress, j.amountLamports])).toEqual([
      ['winner_payout', a.wallet.address, PAID_MODE.winLamports],
    ]);
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('a challenger who never comes back is refunded in full at the expiry, the refused accepter too', async () => {
    const bed = await bedOn();
    const [a, friend] = [await bed.link(), await bed.link()];
    await findPaid(bed, a, 'new');
    const challenge = a.of('findMatch').at(-1)?.challenge;
    await bed.game.disconnected(a);

    await findPaid(bed, friend, challenge!.code);
    expect(friend.sent.at(-1)).toEqual(refusedAway);

    bed.clock.set(challenge!.expiresAt);
    await until(
      async () => {
        bed.game.tick();
        return (await bed.rowsOf(a))[0]?.status === 'timed_out';
      },
      { what: 'the challenge closes at its expiry' },
    );
    expect((await bed.jobsOf(a)).map((j) => j.amountLamports)).toEqual([WAGER]);
    expect((await bed.jobsOf(friend)).map((j) => j.amountLamports)).toEqual([WAGER]);
    expect(a.of('matched')).toEqual([]);
    await expectMoneyAccountedFor(target.db, chain(), house());
  });
});
