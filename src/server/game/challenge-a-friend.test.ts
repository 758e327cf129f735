import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { fitsExactly } from '../../../test/support/contract-fit.ts';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { challengeAnswerSchema } from '../../common/api/challenge-api.ts';
import { ERROR_MESSAGES, type ServerMessageOf } from '../../common/protocol.ts';
import { REFUND_TEXTS } from '../../common/refund-texts.ts';
import {
  CANCEL_WAIT_MS,
  CHALLENGE_CODE,
  DEFAULT_CHALLENGE_EXPIRY_MINUTES,
  RECONNECTION_WINDOW_MS,
} from '../../common/rules.ts';
import { transactions } from '../db/schema/index.ts';
import { registerChallengeRoute } from '../http/challenge-route.ts';
import { acceptRefusal } from './node/challenge-accept.ts';
import { challengeByCode } from './store/challenge-rows.ts';
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
const EXPIRY_MS = DEFAULT_CHALLENGE_EXPIRY_MINUTES * 60_000;

/** The challenge a link's `findMatch` reply names (its code and expiry). */
function openChallengeOf(link: TestLink): { code: string; expiresAt: number } {
  const reply = link.of('findMatch').at(-1);
  if (!reply?.challenge) throw new Error('no challenge was opened');
  return reply.challenge;
}

const refusedWithRefund = (message: string, code: string) => ({
  type: 'error',
  data: { message: REFUND_TEXTS.withRefund(message, WAGER), code, refundLamports: WAGER.toString() },
});

/**
 * Challenge a friend: a paid search opened as a private challenge is never paired from the public queue; the
 * friend who opens its link pays and is matched with it at once; it is accepted once; the challenger may leave
 * it under the cancel rule (after 10 s, 97% back); nobody accepting it in time closes it with the fee back in
 * full, even while the challenger's socket is away. The real game server and money side over both databases,
 * entry fees paid on the local chain.
 */
describeEachDatabase('challenge a friend', (target) => {
  const house = houseWalletForSuite();
  const bedOn = () => searchBed(chain(), target.db, { houseWallet: house() });

  async function openChallenge(bed: Awaited<ReturnType<typeof bedOn>>, link: TestLink) {
    const signature = await bed.payEntry(link);
    await bed.game.handle(link, {
      type: 'findMatch',
      gameMode: PAID_MODE.id,
      paymentSignature: signature,
      challenge: 'new',
    });
    return openChallengeOf(link);
  }

  async function accept(bed: Awaited<ReturnType<typeof bedOn>>, link: TestLink, code: string) {
    const signature = await bed.payEntry(link);
    await bed.game.handle(link, {
      type: 'findMatch',
      gameMode: PAID_MODE.id,
      paymentSignature: signature,
      challenge: code,
    });
  }

  it('a challenge waits outside the public queue: a public search of its mode is not paired with it', async () => {
    const bed = await bedOn();
    const [a, stranger] = [await bed.link(), await bed.link()];
    const { code, expiresAt } = await openChallenge(bed, a);

    expect(code).toMatch(CHALLENGE_CODE);
    expect(expiresAt).toBe(bed.joinedAt(a) + EXPIRY_MS);
    expect(a.of('findMatch').at(-1)?.message).toBe('Waiting for your friend to accept');
    expect(bed.game.queueLengths().tiny_tuna).toBe(0);

    await bed.findPaidMatch(stranger);
    expect(bed.game.queueLengths().tiny_tuna).toBe(1);
    expect(a.of('matched')).toEqual([]);
    expect(stranger.of('matched')).toEqual([]);
    const [row] = await bed.rowsOf(a);
    expect(row).toMatchObject({ status: 'active', challengeCode: code });
  });

  it('the friend who opens the link and pays is matched with the challenger at once; a second friend is refused and refunded in full', async () => {
    const bed = await bedOn();
    const [a, friend, late] = [await bed.link(), await bed.link(), await bed.link()];
    const { code } = await openChallenge(bed, a);

    await accept(bed, friend, code);
    const [toA] = a.of('matched');
    const [toFriend] = friend.of('matched');
    expect(toA?.gameId).toBeDefined();
    expect(toFriend?.gameId).toBe(toA?.gameId);
    expect([toA?.playerIndex, toFriend?.playerIndex]).toEqual([0, 1]);
    expect(toA?.data.opponentName).toBe(friend.displayName);
    expect((await bed.rowsOf(a)).map((r) => [r.status, r.resultingGameId])).toEqual([
      ['matched', toA?.gameId],
    ]);
    expect((await bed.rowsOf(friend)).map((r) => [r.status, r.metadata])).toEqual([
      ['matched', expect.objectContaining({ acceptedChallenge: code })],
    ]);

    await accept(bed, late, code);
    expect(late.sent.at(-1)).toEqual(
      refusedWithRefund(ERROR_MESSAGES.challengeNotOpen, 'challenge_not_open'),
    );
    expect(late.of('matched')).toEqual([]);
    expect((await bed.jobsOf(late)).map((j) => j.amountLamports)).toEqual([WAGER]);
    expect(await bed.rowsOf(late)).toEqual([]);
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('two friends accepting at the same moment: one is matched, the other refunded in full', async () => {
    const bed = await bedOn();
    const [a, b, c] = [await bed.link(), await bed.link(), await bed.link()];
    const { code } = await openChallenge(bed, a);
    const [sigB, sigC] = [await bed.payEntry(b), await bed.payEntry(c)];

    await Promise.all(
      [
        [b, sigB],
        [c, sigC],
      ].map(([link, signature]) =>
        bed.game.handle(link as TestLink, {
          type: 'findMatch',
          gameMode: PAID_MODE.id,
          paymentSignature: signature as string,
          challenge: code,
        }),
      ),
    );

    const matched = [b, c].filter((l) => l.of('matched').length === 1);
    const refused = [b, c].filter((l) => l.of('matched').length === 0);
    expect(matched).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.sent.at(-1)).toMatchObject({
      type: 'error',
      data: { refundLamports: WAGER.toString() },
    });
    expect((await bed.jobsOf(refused[0]!)).map((j) => j.amountLamports)).toEqual([WAGER]);
    expect(a.of('matched')[0]?.gameId).toBe(matched[0]!.of('matched')[0]?.gameId);
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('a link of another mode, or a challenge cancelled before the friend paid, is refused with the fee back in full', async () => {
    const bed = await bedOn();
    const [a, friend] = [await bed.link(), await bed.link()];
    const { code } = await openChallenge(bed, a);

    const other = 'smol_shrimp';
    const signature = await bed.payEntry(friend, other);
    await bed.game.handle(friend, {
      type: 'findMatch',
      gameMode: other,
      paymentSignature: signature,
      challenge: code,
    });
    expect(friend.sent.at(-1)).toMatchObject({
      type: 'error',
      data: { code: 'challenge_mode_mismatch', message: expect.stringContaining('refunded') },
    });

    bed.clock.set(bed.joinedAt(a) + CANCEL_WAIT_MS);
    await bed.game.handle(a, { type: 'cancelSearch' });
    await accept(bed, friend, code);
    expect(friend.sent.at(-1)).toEqual(
      refusedWithRefund(ERROR_MESSAGES.challengeNotOpen, 'challenge_not_open'),
    );
    expect(friend.of('matched')).toEqual([]);
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('the challenger leaves under the cancel rule: refused before 10 s, floor(97%) back after', async () => {
    const bed = await bedOn();
    const a = await bed.link();
    await openChallenge(bed, a);
    const joinedAt = bed.joinedAt(a);

    bed.clock.set(joinedAt + CANCEL_WAIT_MS - 1);
    await bed.game.handle(a, { type: 'cancelSearch' });
    expect(a.sent.at(-1)).toEqual({
      type: 'error',
      data: { message: ERROR_MESSAGES.cancelTooEarly, code: 'cancel_too_early' },
    });

    bed.clock.set(joinedAt + CANCEL_WAIT_MS);
    await bed.game.handle(a, { type: 'cancelSearch' });
    expect(a.sent.at(-1)).toMatchObject({ type: 'cancelSearch', success: true });
    expect((await bed.jobsOf(a)).map((j) => j.amountLamports)).toEqual([(WAGER * 97n) / 100n]);
    expect((await bed.rowsOf(a)).map((r) => r.status)).toEqual(['cancelled']);
  });

  it('a challenge nobody accepts closes at its expiry (not a moment before) with the entry fee back in full, once', async () => {
    const bed = await bedOn();
    const a = await bed.link();
    const { expiresAt } = await openChallenge(bed, a);

    bed.clock.set(expiresAt - 1);
    bed.game.tick();
    expect((await bed.rowsOf(a)).map((r) => r.status)).toEqual(['active']);

    bed.clock.set(expiresAt);
    bed.game.tick();
    await until(async () => (await bed.rowsOf(a))[0]?.status === 'timed_out', {
      what: 'the challenge expired',
    });
    await until(() => a.of('cancelSearch').length === 1, { what: 'the challenger was told' });
    bed.game.tick();
    const told = a.of('cancelSearch')[0] as ServerMessageOf<'cancelSearch'>;
    expect(told).toMatchObject({ success: true, refundLamports: WAGER.toString() });
    expect(told.message).toContain('expired');
    expect((await bed.jobsOf(a)).map((j) => j.amountLamports)).toEqual([WAGER]);
    const refunds = await target.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.walletAddress, a.wallet.address), eq(transactions.type, 'refund')));
    expect(refunds.map((r) => [r.reason, r.refundPercentage])).toEqual([['timeout', 100]]);
    expect(bed.game.matchmaker.entryOf(a.wallet.address)).toBeUndefined();
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('a challenger whose socket is away keeps the challenge past the reconnection window; a new socket takes it back with its code', async () => {
    const bed = await bedOn();
    const a = await bed.link();
    const { code, expiresAt } = await openChallenge(bed, a);

    await bed.game.disconnected(a);
    bed.clock.set(bed.joinedAt(a) + RECONNECTION_WINDOW_MS + 60_000);
    bed.game.tick();
    await new Promise((resolve) => setImmediate(resolve));
    expect((await bed.rowsOf(a)).map((r) => r.status)).toEqual(['active']);

    const back = await bed.link({ wallet: a.wallet });
    await bed.game.connected(back);
    expect(back.of('findMatch').at(-1)).toMatchObject({ challenge: { code, expiresAt } });
  });

  it('a challenge that expires while its challenger is away is refunded in full, and the challenger is told when back', async () => {
    const bed = await bedOn();
    const a = await bed.link();
    const { expiresAt } = await openChallenge(bed, a);
    await bed.game.disconnected(a);

    bed.clock.set(expiresAt);
    bed.game.tick();
    await until(async () => (await bed.rowsOf(a))[0]?.status === 'timed_out', {
      what: 'the challenge expired',
    });
    expect((await bed.jobsOf(a)).map((j) => j.amountLamports)).toEqual([WAGER]);

    const back = await bed.link({ wallet: a.wallet });
    await bed.game.connected(back);
    expect(back.of('cancelSearch')).toMatchObject([{ success: true, refundLamports: WAGER.toString() }]);
  });

  it('a practice challenge needs no payment and is matched when accepted', async () => {
    const bed = await bedOn();
    const [a, friend] = [await bed.link(), await bed.link()];
    await bed.game.handle(a, { type: 'findMatch', gameMode: 'practice', challenge: 'new' });
    const { code } = openChallengeOf(a);
    expect(bed.game.queueLengths().practice).toBe(0);

    await bed.game.handle(friend, { type: 'findMatch', gameMode: 'practice', challenge: code });
    expect(friend.of('matched')).toHaveLength(1);
    expect(a.of('matched')[0]?.gameId).toBe(friend.of('matched')[0]?.gameId);
  });

  it('the link is refused to its own challenger, to an unknown code and once expired', async () => {
    const bed = await bedOn();
    const a = await bed.link();
    const { code } = await openChallenge(bed, a);
    const found = await challengeByCode(target.db, code);
    const now = bed.clock.now();

    expect(acceptRefusal(found, a.wallet.address, PAID_MODE.id, now)).toEqual({
      message: ERROR_MESSAGES.ownChallenge,
      code: 'own_challenge',
    });
    expect(acceptRefusal(found, 'someone-else', PAID_MODE.id, now)).toBeNull();
    expect(acceptRefusal(found, 'someone-else', PAID_MODE.id, found!.entry.challenge!.expiresAt)).toEqual({
      message: ERROR_MESSAGES.challengeNotOpen,
      code: 'challenge_not_open',
    });
    expect(await challengeByCode(target.db, 'zzzzzzzzzzzz')).toBeNull();
  });

  it('the link’s page reads the challenge from the database: open with its terms, then accepted; expired; a bad or unknown code refused', async () => {
    const bed = await bedOn();
    const app = Fastify();
    registerChallengeRoute(app, { db: target.db, clock: bed.clock });
    const read = (code: string) => app.inject({ method: 'GET', url: `/api/challenges/${code}` });
    const [a, friend, b] = [await bed.link(), await bed.link(), await bed.link()];
    const { code, expiresAt } = await openChallenge(bed, a);

    const open = await read(code);
    expect(open.statusCode).toBe(200);
    expect(fitsExactly(challengeAnswerSchema, open.json(), 'GET /api/challenges/{code}')).toEqual({
      code,
      mode: PAID_MODE.id,
      stakeLamports: WAGER.toString(),
      prizeLamports: PAID_MODE.winLamports.toString(),
      challengerAddress: a.wallet.address,
      status: 'open',
      expiresAt: new Date(expiresAt).toISOString(),
      serverTime: new Date(bed.clock.now()).toISOString(),
    });
    await accept(bed, friend, code);
    expect((await read(code)).json()).toMatchObject({ status: 'accepted' });

    const other = (await openChallenge(bed, b)).code;
    bed.clock.set(bed.joinedAt(b) + EXPIRY_MS);
    expect((await read(other)).json()).toMatchObject({ status: 'expired' });

    expect((await read('short')).statusCode).toBe(400);
    expect((await read('1'.repeat(12))).statusCode).toBe(404);
    await app.close();
  });
});
