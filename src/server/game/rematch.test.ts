import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { ERROR_MESSAGES } from '../../common/protocol.ts';
import { REFUND_TEXTS } from '../../common/refund-texts.ts';
import { CANCEL_WAIT_MS, cancelRefundOf, REMATCH_WINDOW_MS } from '../../common/rules.ts';
import {
  expectMoneyAccountedFor,
  houseWalletForSuite,
  localChainForFile,
  PAID_MODE,
  payoutJobsOf,
  searchBed,
  type TestLink,
} from './test-support/paid-search-bed.ts';

const chain = localChainForFile();
const WAGER = PAID_MODE.wagerLamports;

/**
 * Rematch: at game over either player asks for one (paying again for a paid mode); the other is told, and when
 * the other asks too the two are matched at once in the same mode, a new game. An offer the opponent leaves
 * (MAIN MENU, the return after 10 s, a closed socket) or never takes closes with its fee back in full; only the
 * two players of that game may ask, in its mode, within its window.
 */
describeEachDatabase('rematch', (target) => {
  const house = houseWalletForSuite();

  /** A paid match between two new players, ended by B's forfeit, its result written. */
  async function playedMatch() {
    const bed = await searchBed(chain(), target.db, { houseWallet: house() });
    const [a, b] = [await bed.link(), await bed.link()];
    await bed.findPaidMatch(a);
    await bed.findPaidMatch(b);
    const gameId = a.of('matched')[0]!.gameId;
    bed.game.tick();
    await bed.game.handle(b, { type: 'exit', gameId });
    await until(async () => (await payoutJobsOf(target.db, [a])).length > 0, {
      what: 'the result is recorded',
    });
    return { bed, a, b, gameId };
  }

  const askRematch = async (
    bed: Awaited<ReturnType<typeof playedMatch>>['bed'],
    link: TestLink,
    gameId: string,
    mode = PAID_MODE.id,
  ) =>
    bed.game.handle(link, {
      type: 'findMatch',
      gameMode: mode,
      paymentSignature: await bed.payEntry(link, mode),
      rematch: gameId,
    });

  it('both ask: the first is told it waits and the other is told of the offer; the second is matched with the first at once, a new game', async () => {
    const { bed, a, b, gameId } = await playedMatch();
    await askRematch(bed, a, gameId);
    expect(a.of('findMatch').at(-1)).toMatchObject({
      message: 'Waiting for your opponent to take the rematch',
      rematch: { gameId },
    });
    expect(b.of('rematch')).toMatchObject([{ type: 'rematch', gameId, status: 'offered' }]);
    expect(bed.game.queueLengths().tiny_tuna).toBe(0);

    await askRematch(bed, b, gameId);
    const [again] = a.of('matched').slice(1);
    expect(again?.gameId).toBeDefined();
    expect(again?.gameId).not.toBe(gameId);
    expect(b.of('matched').at(-1)?.gameId).toBe(again?.gameId);
    expect(again?.data.gameMode).toBe(PAID_MODE.id);
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it("the offer's deadline is told to both alike: the opponent's offer names the offerer's close and time left", async () => {
    const { bed, a, b, gameId } = await playedMatch();
    await askRematch(bed, a, gameId);
    const mine = a.of('findMatch').at(-1)?.rematch;
    const theirs = b.of('rematch')[0];
    expect(mine?.expiresAt).toBeGreaterThan(bed.clock.now());
    expect(theirs?.expiresAt).toBe(mine?.expiresAt);
    // Both sent in the same moment of the fake clock: the same time left, which the screens count from.
    expect(theirs?.msLeft).toBe(mine?.msLeft);
    expect(mine?.msLeft).toBe((mine?.expiresAt ?? 0) - bed.clock.now());
    expect(mine?.msLeft).toBeLessThanOrEqual(REMATCH_WINDOW_MS);
  });

  it('asking at the same moment makes one offer and its acceptance: one new game, nothing refunded', async () => {
    const { bed, a, b, gameId } = await playedMatch();
    const [sigA, sigB] = [await bed.payEntry(a), await bed.payEntry(b)];
    await Promise.all(
      [
        [a, sigA],
        [b, sigB],
      ].map(([link, signature]) =>
        bed.game.handle(link as TestLink, {
          type: 'findMatch',
          gameMode: PAID_MODE.id,
          paymentSignature: signature as string,
          rematch: gameId,
        }),
      ),
    );
    expect(a.of('matched')).toHaveLength(2);
    expect(b.of('matched')).toHaveLength(2);
    expect(a.of('matched')[1]?.gameId).toBe(b.of('matched')[1]?.gameId);
    expect((await bed.jobsOf(a)).concat(await bed.jobsOf(b))).toEqual([]);
  });

  it('the opponent leaves the game-over screen: the offer closes with its fee back in full, and its player is told', async () => {
    const { bed, a, b, gameId } = await playedMatch();
    await askRematch(bed, a, gameId);
    await bed.game.handle(b, { type: 'playAgain', gameId });
    await until(() => a.of('cancelSearch').length === 1, { what: 'the offer closes' });
    expect(a.of('rematch')).toEqual([{ type: 'rematch', gameId, status: 'declined' }]);
    expect(a.of('cancelSearch')[0]).toMatchObject({ success: true, refundLamports: WAGER.toString() });
    expect(a.of('cancelSearch')[0]?.message).toContain('Your opponent left');
    expect((await bed.jobsOf(a)).map((j) => j.amountLamports)).toEqual([WAGER]);

    // Gone: the one who left cannot come back for it.
    await askRematch(bed, b, gameId);
    expect(b.sent.at(-1)).toEqual({
      type: 'error',
      data: {
        message: REFUND_TEXTS.withRefund(ERROR_MESSAGES.rematchUnavailable, WAGER),
        code: 'rematch_unavailable',
        refundLamports: WAGER.toString(),
      },
    });
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('an offer its maker cancels (after 10 s, 97% back) tells the opponent no rematch will come', async () => {
    const { bed, a, b, gameId } = await playedMatch();
    await askRematch(bed, a, gameId);
    await bed.game.handle(a, { type: 'cancelSearch', timestamp: bed.clock.now() });
    // Too early: refused, and the opponent still has the offer.
    expect(b.of('rematch').map((m) => m.status)).toEqual(['offered']);
    bed.clock.set(bed.clock.now() + CANCEL_WAIT_MS);
    await bed.game.handle(a, { type: 'cancelSearch', timestamp: bed.clock.now() });
    await until(() => a.of('cancelSearch').length === 1, { what: 'the offer closes' });
    expect(a.of('cancelSearch')[0]).toMatchObject({
      success: true,
      refundLamports: cancelRefundOf(WAGER).toString(),
    });
    expect(b.of('rematch').map((m) => m.status)).toEqual(['offered', 'declined']);
  });

  it('an offer the opponent never takes closes at the end of the window, its fee back in full', async () => {
    const { bed, a, gameId } = await playedMatch();
    await askRematch(bed, a, gameId);
    const expiresAt = a.of('findMatch').at(-1)?.rematch?.expiresAt ?? 0;
    bed.clock.set(expiresAt);
    bed.game.tick();
    await until(() => a.of('cancelSearch').length === 1, { what: 'the offer expires' });
    expect(a.of('cancelSearch')[0]?.message).toContain('did not take the rematch');
    expect((await bed.jobsOf(a)).map((j) => j.amountLamports)).toEqual([WAGER]);
  });

  it('only the two players of that game, in its mode, within its window, may ask; a stranger’s fee comes back in full', async () => {
    const { bed, a, gameId } = await playedMatch();
    const stranger = await bed.link();
    await askRematch(bed, stranger, gameId);
    expect(stranger.sent.at(-1)).toMatchObject({ type: 'error', data: { code: 'rematch_unavailable' } });
    expect((await bed.jobsOf(stranger)).map((j) => j.amountLamports)).toEqual([WAGER]);

    await askRematch(bed, a, gameId, 'smol_shrimp');
    expect(a.sent.at(-1)).toMatchObject({ type: 'error', data: { code: 'rematch_unavailable' } });

    bed.clock.advance(REMATCH_WINDOW_MS + 1);
    await askRematch(bed, a, gameId);
    expect(a.sent.at(-1)).toMatchObject({ type: 'error', data: { code: 'rematch_unavailable' } });
    expect(a.of('matched')).toHaveLength(1);
    await expectMoneyAccountedFor(target.db, chain(), house());
  });

  it('a practice rematch needs no payment', async () => {
    const bed = await searchBed(chain(), target.db, { houseWallet: house() });
    const [a, b] = [await bed.link(), await bed.link()];
    await bed.game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    await bed.game.handle(b, { type: 'findMatch', gameMode: 'practice' });
    const gameId = a.of('matched')[0]!.gameId;
    bed.game.tick();
    await bed.game.handle(b, { type: 'exit', gameId });
    await until(() => a.of('gameOver').length === 1, { what: 'the match is over' });
    await bed.game.handle(a, { type: 'findMatch', gameMode: 'practice', rematch: gameId });
    await bed.game.handle(b, { type: 'findMatch', gameMode: 'practice', rematch: gameId });
    expect(a.of('matched')).toHaveLength(2);
    expect(a.of('matched')[1]?.gameId).toBe(b.of('matched')[1]?.gameId);
  });
});
