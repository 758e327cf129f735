import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { DISCONNECT_GRACE_MS, RECONNECTION_WINDOW_MS } from '../../common/rules.ts';
import { gameSessions, payoutJobs } from '../db/schema/index.ts';
import {
  expectMoneyAccountedFor,
  localChainForFile,
  PAID_MODE,
  type TestLink,
} from '../game/test-support/paid-search-bed.ts';
import { type NodeBed, twoNodeBeds } from './test-support/two-node-beds.ts';

const chain = localChainForFile();
const WAGER = PAID_MODE.wagerLamports;

/**
 * RELIABILITY 37, the moment an away mark cannot close: a challenge accepted on node-b while its challenger's
 * socket on node-a is going (its away mark not yet written). The match starts on node-b with the challenger's
 * seat on its way there; a challenger who never joins it is not forfeited by the timeout: the match is called
 * off, both entries refunded in full. One who joins plays it as any match, timeouts included. Real Redis, one
 * database, the local chain.
 */
describeEachDatabase('a challenger who never joins the match', (target) => {
  const twoNodes = twoNodeBeds(target, chain);

  async function findPaid(bed: NodeBed, link: TestLink, challenge: string) {
    await bed.game.handle(link, {
      type: 'findMatch',
      gameMode: PAID_MODE.id,
      paymentSignature: await bed.payEntry(link),
      challenge,
    });
  }

  /** A challenge opened on node-a and accepted on node-b: the match's id, the challenger's seat on its way. */
  async function acceptedAcross(a: NodeBed, b: NodeBed, challenger: TestLink, friend: TestLink) {
    await findPaid(a, challenger, 'new');
    const code = challenger.of('findMatch').at(-1)?.challenge?.code;
    expect(code).toBeDefined();
    await findPaid(b, friend, code!);
    const [matched] = friend.of('matched');
    expect(matched).toBeDefined();
    return matched!.gameId;
  }

  const jobsOfGame = (gameId: string) =>
    target.db.select().from(payoutJobs).where(eq(payoutJobs.gameId, gameId));

  /** Past the seat's grace and reconnection window, ticking node-b until the match's end is written. */
  async function windowRunsOut(b: NodeBed, gameId: string) {
    b.clock.advance(DISCONNECT_GRACE_MS + RECONNECTION_WINDOW_MS + 1_000);
    await until(
      async () => {
        b.game.tick();
        return (await jobsOfGame(gameId)).length > 0;
      },
      { what: 'the end of the match is written' },
    );
  }

  it('a challenger’s stake is forfeited only to a match they joined: a no-show is called off, both refunded in full', async () => {
    const { a, b } = await twoNodes();
    const [challenger, friend] = [await a.link(), await b.link()];
    const gameId = await acceptedAcross(a, b, challenger, friend);
    // The challenger's socket on node-a was going: they never come to node-b.
    await windowRunsOut(b, gameId);

    const jobs = await jobsOfGame(gameId);
    expect(jobs.map((j) => [j.kind, j.walletAddress, j.amountLamports]).sort()).toEqual(
      [challenger, friend].map((p) => ['refund', p.wallet.address, WAGER]).sort(),
    );
    const [session] = await target.db.select().from(gameSessions).where(eq(gameSessions.id, gameId));
    expect(session).toMatchObject({ status: 'interrupted', outcome: 'interrupted' });
    expect(friend.of('gameOver')).toEqual([]);
    await until(() => friend.of('gameCleanup').length > 0, {
      what: 'the accepter is sent back to the lobby',
    });
    expect(friend.of('error').at(-1)).toMatchObject({
      data: { code: 'match_cancelled', refundLamports: WAGER.toString() },
    });
    expect(friend.of('gameCleanup')).toEqual([{ type: 'gameCleanup', gameId }]);
    await until(
      () => {
        b.game.tick();
        return b.game.matches().length === 0;
      },
      { what: 'node-b drops the match' },
    );

    // A challenger who comes to node-b (its socket moves there, matched.node) plays: a later timeout forfeits.
    const [second, other] = [await a.link(), await b.link()];
    const played = await acceptedAcross(a, b, second, other);
    const moved = await b.link({ wallet: second.wallet, sessionId: second.playerSessionId! });
    await b.game.handle(moved, { type: 'reconnect', gameId: played });
    expect(moved.of('reconnectionSuccess')).toHaveLength(1);
    await b.game.disconnected(moved);
    await windowRunsOut(b, played);
    expect((await jobsOfGame(played)).map((j) => [j.kind, j.walletAddress, j.amountLamports])).toEqual([
      ['winner_payout', other.wallet.address, PAID_MODE.winLamports],
    ]);
    expect(other.of('gameOver').at(-1)).toMatchObject({ reason: 'opponent_timeout', finalResult: 'win' });
    await expectMoneyAccountedFor(target.db, chain(), a.houseWallet);
  });
});
