import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { TICK_MS } from '../../common/game/constants.ts';
import { ERROR_MESSAGES } from '../../common/protocol.ts';
import { HOUSE_BOT_ADDRESS, HOUSE_BOT_NAME, HOUSE_BOT_OFFER_MS } from '../../common/rules.ts';
import { games, payoutJobs } from '../db/schema/index.ts';
import { localChainForFile, searchBed, type TestLink } from './test-support/paid-search-bed.ts';

const chain = localChainForFile();
const unavailable = {
  type: 'error',
  data: { message: ERROR_MESSAGES.houseBotUnavailable, code: 'house_bot_unavailable' },
};

/**
 * The house bot: a Free Play search that has waited 15 s with nobody else searching may play a server-side
 * opponent, named as a bot; it plays like a person (late, misjudging fast balls) and can be beaten; its games
 * are practice, never paid. The real game server over both databases, ticked by the test's clock.
 */
describeEachDatabase('the house bot', (target) => {
  it('offered only to a Free Play search alone for 15 s: refused at 14.999 s, matched with the bot at 15 s', async () => {
    const bed = await searchBed(chain(), target.db);
    const a = await bed.link();
    await bed.game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    const joinedAt = bed.joinedAt(a);

    bed.clock.set(joinedAt + HOUSE_BOT_OFFER_MS - 1);
    await bed.game.handle(a, { type: 'playHouseBot' });
    expect(a.sent.at(-1)).toEqual(unavailable);
    expect(a.of('matched')).toEqual([]);

    bed.clock.set(joinedAt + HOUSE_BOT_OFFER_MS);
    await bed.game.handle(a, { type: 'playHouseBot' });
    const [matched] = a.of('matched');
    expect(matched?.data).toMatchObject({ opponentName: HOUSE_BOT_NAME, gameMode: 'practice' });
    expect(bed.game.queueLengths().practice).toBe(0);
    expect(bed.game.matchmaker.entryOf(a.wallet.address)).toBeUndefined();
  });

  it('a paid search, a challenge, or no search at all is not given the bot', async () => {
    const bed = await searchBed(chain(), target.db);
    const [paid, challenger, idle] = [await bed.link(), await bed.link(), await bed.link()];
    await bed.findPaidMatch(paid);
    await bed.game.handle(challenger, { type: 'findMatch', gameMode: 'practice', challenge: 'new' });
    bed.clock.advance(HOUSE_BOT_OFFER_MS);
    for (const link of [paid, challenger, idle]) {
      await bed.game.handle(link, { type: 'playHouseBot' });
      expect(link.sent.at(-1)).toEqual(unavailable);
      expect(link.of('matched')).toEqual([]);
    }
  });

  /**
   * A player whose paddle follows the ball exactly, as no person can: against it the bot must still return
   * balls (it plays), and lose points (it can be beaten).
   */
  async function playOut(bed: Awaited<ReturnType<typeof searchBed>>, a: TestLink, gameId: string) {
    const match = bed.game.matches()[0]!;
    for (let tick = 0; tick < 60 * 60 * 8 && !match.isOver(); tick++) {
      bed.clock.advance(TICK_MS);
      const ball = match.snapshot(0).ballPos;
      await bed.game.handle(a, { type: 'paddleMove', gameId, position: ball.y });
      bed.game.tick();
    }
    return match;
  }

  it('plays like a person against a perfect tracker: it returns balls, it loses points, and the game is practice, recorded against the bot', async () => {
    const bed = await searchBed(chain(), target.db);
    const a = await bed.link();
    await bed.game.handle(a, { type: 'findMatch', gameMode: 'practice' });
    bed.clock.advance(HOUSE_BOT_OFFER_MS);
    await bed.game.handle(a, { type: 'playHouseBot' });
    const gameId = a.of('matched')[0]!.gameId;

    const match = await playOut(bed, a, gameId);
    expect(match.isOver()).toBe(true);
    // The bot is beaten for points (whoever wins the match: its skill is drawn at random).
    const over = a.of('gameOver')[0];
    expect(over?.scores[0]).toBeGreaterThanOrEqual(3);
    // The bot met the ball: rallies had returns from both sides before it lost.
    const hitsByBot = a.of('ballEvent').filter((e) => e.kind === 'hit' && e.ball[2] < 0).length;
    expect(hitsByBot).toBeGreaterThan(0);

    await until(async () => (await target.db.select().from(games).where(eq(games.id, gameId))).length === 1, {
      what: 'the game is recorded',
    });
    const [row] = await target.db.select().from(games).where(eq(games.id, gameId));
    expect(row).toMatchObject({
      mode: 'practice',
      player1Wallet: a.wallet.address,
      player2Wallet: HOUSE_BOT_ADDRESS,
    });
    expect(await target.db.select().from(payoutJobs).where(eq(payoutJobs.gameId, gameId))).toEqual([]);
  });
});
