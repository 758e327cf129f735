import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { REFUND_TEXTS } from '../../common/refund-texts.ts';
import {
  LOSS_LIMIT_DAY_WINDOW_MS,
  LOSS_LIMIT_RAISE_DELAY_MS,
  SELF_EXCLUSION_PERIODS,
} from '../../common/rules.ts';
import {
  expectMoneyAccountedFor,
  houseWalletForSuite,
  localChainForFile,
  PAID_MODE,
  payoutJobsOf,
  type SearchBed,
  searchBed,
  type TestLink,
} from '../game/test-support/paid-search-bed.ts';
import { lossesAt } from './net-loss.ts';
import { setExclusion, setLossLimit } from './player-limits-store.ts';

const chain = localChainForFile();
const WAGER = PAID_MODE.wagerLamports;
const DAY = SELF_EXCLUSION_PERIODS['24h'];

/**
 * Player protection at findMatch on the real game server, real entries paid on the local chain: a paid search
 * over a self-exclusion or a loss limit is refused before its payment is used, the payment sent with it
 * refunded in full; practice stays open. One fake clock (the chain's) drives the windows and the delays.
 */
describeEachDatabase('self-exclusion and loss limits refuse paid searches at findMatch', (target) => {
  const house = houseWalletForSuite();
  const bedNow = () => searchBed(chain(), target.db, { houseWallet: house() });

  /** A paid match `loser` loses by leaving it; its result written. */
  async function lose(bed: SearchBed, loser: TestLink) {
    const winner = await bed.link();
    await bed.findPaidMatch(loser);
    await bed.findPaidMatch(winner);
    const gameId = loser.of('matched').at(-1)!.gameId;
    bed.game.tick();
    await bed.game.handle(loser, { type: 'exit', gameId });
    await until(async () => (await payoutJobsOf(target.db, [winner])).length > 0, {
      what: 'the result is recorded',
    });
  }

  const limit = (link: TestLink, kind: 'daily' | 'weekly', lamports: bigint | null, now: number) =>
    setLossLimit(target.db, { walletAddress: link.wallet.address, kind, lamports, now, ip: null });

  /** The last answer is a refusal with `code` whose payment came back in full. */
  function expectRefusedWithRefund(bed: SearchBed, link: TestLink, code: string) {
    expect(link.sent.at(-1)).toMatchObject({
      type: 'error',
      data: { code, refundLamports: WAGER.toString() },
    });
    const last = link.sent.at(-1);
    if (last?.type !== 'error') throw new Error('not refused');
    expect(last.data.message).toContain(REFUND_TEXTS.withRefund('', WAGER).slice(2));
    expect(bed.game.matchmaker.entryOf(link.wallet.address)).toBeUndefined();
  }

  it('a daily loss limit reached mid-day refuses the next paid search, its payment refunded in full; practice stays open', async () => {
    const bed = await bedNow();
    const a = await bed.link();
    await limit(a, 'daily', WAGER, bed.clock.now());
    await lose(bed, a);
    expect((await lossesAt(target.db, a.wallet.address, bed.clock.now())).daily).toBe(WAGER);

    await bed.findPaidMatch(a);
    expectRefusedWithRefund(bed, a, 'loss_limit_reached');
    expect(await bed.jobsOf(a)).toMatchObject([{ kind: 'refund', amountLamports: WAGER }]);
    await expectMoneyAccountedFor(target.db, chain(), house());

    await bed.game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    expect(a.of('joinQueue').at(-1)).toMatchObject({ queueType: 'practice' });
  });

  it('a search that could lose more than what is left of the limit is refused; once the loss leaves the 24 hours it is open again', async () => {
    const bed = await bedNow();
    const a = await bed.link();
    await limit(a, 'daily', WAGER + WAGER / 2n, bed.clock.now());
    await lose(bed, a);
    const lostAt = bed.clock.now();

    await bed.findPaidMatch(a);
    expectRefusedWithRefund(bed, a, 'loss_limit_exceeded');
    expect(a.sent.at(-1)).toMatchObject({ data: { message: expect.stringContaining('0.05 SOL is left') } });

    bed.clock.set(lostAt + LOSS_LIMIT_DAY_WINDOW_MS);
    await bed.findPaidMatch(a);
    expect(a.of('joinQueue').at(-1)).toMatchObject({ queueType: PAID_MODE.id });
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('a self-excluded wallet cannot play paid modes until the end (refunded in full each time), practice stays open', async () => {
    const bed = await bedNow();
    const a = await bed.link();
    const from = bed.clock.now();
    await setExclusion(target.db, { walletAddress: a.wallet.address, period: '24h', now: from, ip: null });

    await bed.findPaidMatch(a);
    expectRefusedWithRefund(bed, a, 'self_excluded');
    expect(a.sent.at(-1)).toMatchObject({
      data: { message: expect.stringContaining('Practice mode is still open') },
    });

    await bed.game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    expect(a.of('joinQueue').at(-1)).toMatchObject({ queueType: 'practice' });
    await bed.game.handle(a, { type: 'cancelSearch' });

    const signature = await bed.payEntry(a);
    bed.clock.set(from + DAY - 1);
    await bed.findPaidMatch(a, signature);
    expectRefusedWithRefund(bed, a, 'self_excluded');
    expect((await bed.jobsOf(a)).map((j) => j.amountLamports)).toEqual([WAGER, WAGER]);
    await expectMoneyAccountedFor(target.db, chain(), house());

    bed.clock.set(from + DAY);
    await bed.findPaidMatch(a);
    expect(a.of('joinQueue').at(-1)).toMatchObject({ queueType: PAID_MODE.id });
  });

  it('the exclusion cannot be shortened: a shorter one is refused and paid play stays closed', async () => {
    const bed = await bedNow();
    const a = await bed.link();
    const from = bed.clock.now();
    const ask = (period: '24h' | '30d', now: number) =>
      setExclusion(target.db, { walletAddress: a.wallet.address, period, now, ip: null });
    expect(await ask('30d', from)).toMatchObject({ ok: true });
    expect(await ask('24h', from + 1_000)).toEqual({ ok: false, reason: 'shorter' });
    bed.clock.set(from + DAY);
    await bed.findPaidMatch(a);
    expectRefusedWithRefund(bed, a, 'self_excluded');
  });

  it('raising a limit takes effect after 24 hours: at t-1 the old limit, at t the new', async () => {
    const bed = await bedNow();
    const a = await bed.link();
    await limit(a, 'weekly', WAGER, bed.clock.now());
    await lose(bed, a);
    const raisedAt = bed.clock.now();
    await limit(a, 'weekly', 10n * WAGER, raisedAt);

    // Paid first: confirming a payment moves the chain's clock on.
    const signature = await bed.payEntry(a);
    bed.clock.set(raisedAt + LOSS_LIMIT_RAISE_DELAY_MS - 1);
    await bed.findPaidMatch(a, signature);
    expectRefusedWithRefund(bed, a, 'loss_limit_reached');

    bed.clock.set(raisedAt + LOSS_LIMIT_RAISE_DELAY_MS);
    await bed.findPaidMatch(a);
    expect(a.of('joinQueue').at(-1)).toMatchObject({ queueType: PAID_MODE.id });
  });

  it('lowering a limit takes effect at once', async () => {
    const bed = await bedNow();
    const b = await bed.link();
    await limit(b, 'weekly', 10n * WAGER, bed.clock.now());
    await lose(bed, b);
    await limit(b, 'weekly', WAGER, bed.clock.now());
    await bed.findPaidMatch(b);
    expectRefusedWithRefund(bed, b, 'loss_limit_reached');
    await expectMoneyAccountedFor(target.db, chain(), house());
  });
});
