import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { ERROR_MESSAGES } from '../../common/protocol.ts';
import { REFUND_TEXTS } from '../../common/refund-texts.ts';
import { transactions } from '../db/schema/index.ts';
import { createPresence } from '../gateway/presence.ts';
import { nodeActs } from '../gateway/wire-game.ts';
import { setExclusion } from '../limits/player-limits-store.ts';
import { limitsRoute } from '../limits/test-support/limits-route.ts';
import { singleNodeTopology } from './single-node-topology.ts';
import { createDrizzleGameStore } from './store/drizzle-game-store.ts';
import {
  expectMoneyAccountedFor,
  houseWalletForSuite,
  localChainForFile,
  PAID_MODE,
  payoutJobsOf,
  type SearchBed,
  searchBed,
  type TestLink,
} from './test-support/paid-search-bed.ts';

const chain = localChainForFile();
const WAGER = PAID_MODE.wagerLamports;
const EXCLUDED = 'You have excluded yourself from paid games permanently. Practice mode is still open.';

/**
 * RELIABILITY 43 on one node: a self-exclusion, or a loss limit lowered below what an open paid search has at
 * stake, closes that search, challenge or rematch offer at once with its fee back in full (rules.md §10
 * "Player protection"), and its player is told why; a friend who accepts afterwards is refused with their fee
 * back in full. The change goes through the real limits route and the node's real bus and acts; entry fees are
 * paid on the local chain; one clock, the chain's.
 */
describeEachDatabase('a player’s own protection closes what they have open', (target) => {
  const house = houseWalletForSuite();

  /** One node: the game server, its topology's bus driving the node's own acts, and the limits routes on it. */
  async function node(options: { afterVerify?: (bed: SearchBed) => Promise<void> } = {}) {
    const clock = chain().clock;
    const topology = singleNodeTopology({ store: createDrizzleGameStore({ db: target.db, clock }), clock });
    const bed = await searchBed(chain(), target.db, { houseWallet: house(), topology, ...options });
    const presence = createPresence({ intervalMs: 60_000, queueLengths: () => bed.game.queueLengths() });
    const acts = nodeActs({ game: bed.game, bans: bed.bans, presence, log: () => {} });
    await topology.start({ game: bed.game, playersHere: () => 0, acts });
    const route = limitsRoute({ db: target.db, clock, protectionChanged: topology.bus.protectionChanged });
    return { bed, route };
  }

  const openChallenge = async (bed: SearchBed, link: TestLink) => {
    await bed.game.handle(link, {
      type: 'findMatch',
      gameMode: PAID_MODE.id,
      paymentSignature: await bed.payEntry(link),
      challenge: 'new',
    });
    const code = link.of('findMatch').at(-1)?.challenge?.code;
    if (!code) throw new Error('no challenge was opened');
    return code;
  };

  const accept = async (bed: SearchBed, link: TestLink, code: string) =>
    bed.game.handle(link, {
      type: 'findMatch',
      gameMode: PAID_MODE.id,
      paymentSignature: await bed.payEntry(link),
      challenge: code,
    });

  /** The link was told its search closed for `code`, with its fee back in full, and no search is left. */
  async function expectClosedInFull(bed: SearchBed, link: TestLink, code: string, reason?: string) {
    await until(() => link.of('error').some((e) => e.data.code === code), {
      what: `the search is closed: ${code}`,
    });
    const error = link.of('error').find((e) => e.data.code === code);
    expect(error?.data.refundLamports).toBe(WAGER.toString());
    expect(error?.data.message).toContain(REFUND_TEXTS.withRefund('', WAGER).slice(2));
    if (reason) expect(error?.data.message).toBe(REFUND_TEXTS.withRefund(reason, WAGER));
    expect(link.of('cancelSearch').at(-1)).toMatchObject({ success: true, refundLamports: WAGER.toString() });
    expect(bed.game.matchmaker.entryOf(link.wallet.address)).toBeUndefined();
    const rows = await bed.rowsOf(link);
    expect(rows.filter((r) => r.status !== 'matched').map((r) => r.status)).toEqual(['cancelled']);
    expect((await bed.jobsOf(link)).map((j) => j.amountLamports)).toEqual([WAGER]);
    const refunds = await target.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.walletAddress, link.wallet.address), eq(transactions.type, 'refund')));
    expect(refunds.map((r) => [r.amountLamports, r.refundPercentage, r.reason])).toEqual([
      [WAGER, 100, 'cancelled_search'],
    ]);
  }

  it('a self-exclusion closes an open paid challenge at once with its fee back in full; the friend who accepts afterwards is refused, their fee back in full', async () => {
    const { bed, route } = await node();
    const [challenger, friend] = [await bed.link(), await bed.link()];
    const code = await openChallenge(bed, challenger);

    await route.exclude(challenger.wallet.address, 'permanent');
    await expectClosedInFull(bed, challenger, 'self_excluded', EXCLUDED);

    await accept(bed, friend, code);
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
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('a self-exclusion closes an open public paid search at once, its fee back in full: nobody is paired with it', async () => {
    const { bed, route } = await node();
    const [a, b] = [await bed.link(), await bed.link()];
    await bed.findPaidMatch(a);
    expect(bed.game.matchmaker.entryOf(a.wallet.address)).toBeDefined();

    await route.exclude(a.wallet.address, '24h');
    await expectClosedInFull(bed, a, 'self_excluded');

    await bed.findPaidMatch(b);
    expect(b.of('matched')).toEqual([]);
    expect(b.of('joinQueue').at(-1)).toMatchObject({ queueType: PAID_MODE.id });
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('a self-exclusion closes an open rematch offer at once, its fee back in full; the opponent’s rematch afterwards is refused, their fee back in full', async () => {
    const { bed, route } = await node();
    const [a, b] = [await bed.link(), await bed.link()];
    await bed.findPaidMatch(a);
    await bed.findPaidMatch(b);
    const gameId = a.of('matched')[0]!.gameId;
    bed.game.tick();
    await bed.game.handle(b, { type: 'exit', gameId });
    await until(async () => (await payoutJobsOf(target.db, [a])).length > 0, {
      what: 'the result is recorded',
    });
    const rematch = async (link: TestLink) =>
      bed.game.handle(link, {
        type: 'findMatch',
        gameMode: PAID_MODE.id,
        paymentSignature: await bed.payEntry(link),
        rematch: gameId,
      });
    await rematch(a);
    expect(a.of('findMatch').at(-1)).toMatchObject({ rematch: { gameId } });

    await route.exclude(a.wallet.address, '7d');
    await expectClosedInFull(bed, a, 'self_excluded');

    await rematch(b);
    expect(b.of('matched')).toHaveLength(1);
    expect(b.sent.at(-1)).toMatchObject({
      type: 'error',
      data: { code: 'rematch_unavailable', refundLamports: WAGER.toString() },
    });
    expect((await bed.jobsOf(b)).map((j) => j.amountLamports)).toEqual([WAGER]);
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('a loss limit lowered below the stake of an open paid search closes it at once, its fee back in full', async () => {
    const { bed, route } = await node();
    const a = await bed.link();
    await bed.findPaidMatch(a);

    await route.lossLimit(a.wallet.address, 'daily', WAGER / 2n);
    await expectClosedInFull(bed, a, 'loss_limit_exceeded');
    expect(a.of('error').at(-1)?.data.message).toContain('0.05 SOL is left of your daily limit');
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('a loss limit lowered but still above the stake of an open paid search leaves it open: it is paired and played', async () => {
    const { bed, route } = await node();
    const [a, b] = [await bed.link(), await bed.link()];
    await route.lossLimit(a.wallet.address, 'weekly', 10n * WAGER);
    await bed.findPaidMatch(a);

    await route.lossLimit(a.wallet.address, 'weekly', 2n * WAGER);
    // What the node's act on that change reads, awaited: the stake is within the limit, nothing closes.
    await bed.game.protectionChanged(a.wallet.address);
    expect(bed.game.matchmaker.entryOf(a.wallet.address)).toBeDefined();
    expect(a.of('error')).toEqual([]);
    expect(await bed.jobsOf(a)).toEqual([]);

    await bed.findPaidMatch(b);
    const gameId = a.of('matched')[0]?.gameId;
    expect(b.of('matched')[0]?.gameId).toBe(gameId);
    bed.game.tick();
    await bed.game.handle(b, { type: 'exit', gameId: gameId! });
    await until(async () => (await payoutJobsOf(target.db, [a])).length > 0, {
      what: 'the result is recorded',
    });
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('a self-exclusion written while the entry fee is being verified closes the search once it is attached, its fee back in full', async () => {
    let excluding = true;
    const { bed } = await node({
      afterVerify: async (b) => {
        if (!excluding) return;
        excluding = false;
        // Written straight to the store: the search is not open yet, so no node's act could find it.
        const now = b.clock.now();
        await setExclusion(target.db, { walletAddress: a.wallet.address, period: '30d', now, ip: null });
      },
    });
    const a = await bed.link();
    await bed.findPaidMatch(a);
    await expectClosedInFull(bed, a, 'self_excluded');
    expect(a.of('matched')).toEqual([]);
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('an accept by a friend whose own exclusion was written while their fee was being verified is refused, their fee back in full; the challenge stays open', async () => {
    let friendPaying = false;
    const { bed } = await node({
      afterVerify: async (b) => {
        if (!friendPaying) return;
        friendPaying = false;
        const now = b.clock.now();
        await setExclusion(target.db, { walletAddress: friend.wallet.address, period: '24h', now, ip: null });
      },
    });
    const [challenger, friend] = [await bed.link(), await bed.link()];
    const code = await openChallenge(bed, challenger);

    friendPaying = true;
    await accept(bed, friend, code);
    expect(friend.of('matched')).toEqual([]);
    expect(challenger.of('matched')).toEqual([]);
    expect(friend.sent.at(-1)).toMatchObject({
      type: 'error',
      data: { code: 'self_excluded', refundLamports: WAGER.toString() },
    });
    expect((await bed.jobsOf(friend)).map((j) => j.amountLamports)).toEqual([WAGER]);
    expect(bed.game.matchmaker.entryOf(challenger.wallet.address)?.challenge?.code).toBe(code);
    expect(await bed.jobsOf(challenger)).toEqual([]);
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('an accept reads the challenger’s protection again: an exclusion whose close never came refuses the accept (the friend’s fee back in full) and closes the challenge in full', async () => {
    const { bed } = await node();
    const [challenger, friend] = [await bed.link(), await bed.link()];
    const code = await openChallenge(bed, challenger);
    // The store alone: no act closed the challenge (as when a node missed the change).
    const now = bed.clock.now();
    await setExclusion(target.db, {
      walletAddress: challenger.wallet.address,
      period: 'permanent',
      now,
      ip: null,
    });

    await accept(bed, friend, code);
    expect(friend.of('matched')).toEqual([]);
    expect(challenger.of('matched')).toEqual([]);
    expect(friend.sent.at(-1)).toMatchObject({
      type: 'error',
      data: { code: 'challenge_not_open', refundLamports: WAGER.toString() },
    });
    expect((await bed.jobsOf(friend)).map((j) => j.amountLamports)).toEqual([WAGER]);
    await expectClosedInFull(bed, challenger, 'self_excluded', EXCLUDED);
    await expectMoneyAccountedFor(target.db, chain(), house());
  });
});
