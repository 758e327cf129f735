import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { riskEvidenceOf } from '../../common/api/risk-evidence.ts';
import { games, walletAnalytics } from '../db/schema/index.ts';
import {
  houseWalletForSuite,
  localChainForFile,
  payoutJobsOf,
  type SearchBed,
  searchBed,
} from '../game/test-support/paid-search-bed.ts';
import { PAIR_POINTS } from './pair-signals.ts';
import { SAME_IP_GAME_POINTS } from './risk-score.ts';
import { createRiskWatch } from './risk-watch.ts';
import { backOfficePorts } from './test-support/back-office-ports.ts';

const chain = localChainForFile();

/** Both players paid and matched; B walks out, so A wins and is owed the payout. */
async function paidMatchWalkedOut(bed: SearchBed) {
  const [a, b] = [await bed.link(), await bed.link()];
  await bed.findPaidMatch(a);
  await bed.findPaidMatch(b);
  await until(() => bed.game.matches().length === 1, { what: 'the match starts' });
  const gameId = bed.game.matches()[0]!.id;
  await bed.game.handle(b, { type: 'exit', gameId });
  return { a, b, gameId };
}

/**
 * The risk pass follows the settlement and never stands in its way: it is told of a game only once its result
 * and payout job are written, and nothing it does (throwing included) undoes or holds up the payout.
 */
describeEachDatabase('the risk pass after a paid result', (target) => {
  const house = houseWalletForSuite();

  it("a risk follower that throws: the result and the winner's payout job are written all the same, the follower told once", async () => {
    const told: string[] = [];
    const bed = await searchBed(chain(), target.db, {
      houseWallet: house(),
      onResultRecorded: (gameId) => {
        told.push(gameId);
        throw new Error('the risk pass is broken');
      },
    });
    const { a, b, gameId } = await paidMatchWalkedOut(bed);
    await until(async () => (await payoutJobsOf(target.db, [a, b])).length > 0, {
      what: 'the payout job is written',
    });
    await until(() => told.length > 0, { what: 'the follower is told' });
    expect(told).toEqual([gameId]);
    const jobs = await payoutJobsOf(target.db, [a, b]);
    expect(jobs.map((j) => [j.kind, j.walletAddress])).toEqual([['winner_payout', a.wallet.address]]);
  });

  it('the risk watch on the game server: once the result is in, the game is measured and both players scored (one address for both: multi-accounting, below the flag)', async () => {
    const logged: string[] = [];
    const risk = createRiskWatch({
      db: target.db,
      clock: chain().clock,
      flagThreshold: 60,
      log: (message) => logged.push(message),
      ...backOfficePorts({ db: target.db, clock: chain().clock }),
    });
    const bed = await searchBed(chain(), target.db, {
      houseWallet: house(),
      onResultRecorded: risk.matchRecorded,
    });
    const { a, b, gameId } = await paidMatchWalkedOut(bed);
    await until(async () => (await payoutJobsOf(target.db, [a, b])).length > 0, {
      what: 'the payout job is written',
    });
    await risk.idle();
    const [game] = await target.db
      .select({
        integrity: games.integrityScore,
        suspicious: games.suspiciousActivity,
        figures: games.riskFigures,
      })
      .from(games)
      .where(eq(games.id, gameId));
    // The test's two players connect from one address: that alone marks the game.
    expect(game?.integrity).toBe(100 - SAME_IP_GAME_POINTS);
    expect(game?.suspicious).toBe(true);
    expect(game?.figures).not.toBeNull();
    for (const link of [a, b]) {
      const [row] = await target.db
        .select({
          risk: walletAnalytics.riskScore,
          patterns: walletAnalytics.suspiciousPatterns,
          flagged: walletAnalytics.isFlagged,
        })
        .from(walletAnalytics)
        .where(eq(walletAnalytics.walletAddress, link.wallet.address));
      expect(row?.risk).toBe(PAIR_POINTS.multi_accounting);
      expect(riskEvidenceOf(row?.patterns)?.signals.map((s) => s.kind)).toEqual(['multi_accounting']);
      expect(row?.flagged).toBe(false);
    }
    expect(logged).toEqual([]);
  });
});
