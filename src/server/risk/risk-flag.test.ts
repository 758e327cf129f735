import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import type { RiskEvidence } from '../../common/api/risk-evidence.ts';
import { createFakeClock } from '../../common/clock.ts';
import { flagWalletAction, resolveFlagAction } from '../admin/queries/flag-actions.ts';
import { bannedWallets, flaggedWallets, systemEvents, walletAnalytics } from '../db/schema/index.ts';
import { flagIfRisky } from './risk-flag.ts';
import { backOfficePorts } from './test-support/back-office-ports.ts';
import { walletOf } from './test-support/bot-matches.ts';

const evidence = (score: number, games: string[] = ['g1']): RiskEvidence => ({
  version: 1,
  score,
  computedAt: '2026-11-27T00:00:00.000Z',
  signals: [{ kind: 'fast_reactions', points: score, summary: 'fast', figures: {}, games }],
});
const GAME = { id: 'g1', endedAt: new Date('2026-11-26T00:00:00.000Z') };

/** What a flag raised by the risk pass does with what is already there (risk-flag.ts). */
describeEachDatabase('risk flags: raised at the threshold, by system, with the evidence', (target) => {
  const clock = createFakeClock(Date.parse('2026-11-27T00:00:00.000Z'));
  const deps = () => ({ db: target.db, clock, ...backOfficePorts({ db: target.db, clock }) });
  const flagOf = async (wallet: string) =>
    (await target.db.select().from(flaggedWallets).where(eq(flaggedWallets.walletAddress, wallet)))[0];

  it('below the threshold nothing is flagged; at it, a system flag with the evidence, its event and the analytics', async () => {
    const wallet = walletOf('threshold');
    expect(await flagIfRisky(deps(), wallet, evidence(59), 60, GAME)).toBe('below_threshold');
    expect(await flagOf(wallet)).toBeUndefined();
    expect(await flagIfRisky(deps(), wallet, evidence(60), 60, GAME)).toBe('flagged');
    expect(await flagOf(wallet)).toMatchObject({
      flaggedBy: 'system',
      reason: 'Risk score 60: fast_reactions',
      severity: 'medium',
      evidence: evidence(60),
      isActive: true,
    });
    const events = await target.db
      .select()
      .from(systemEvents)
      .where(eq(systemEvents.eventType, 'wallet_flagged'));
    expect(events.some((e) => (e.details as { walletAddress?: string }).walletAddress === wallet)).toBe(true);
    const [analytics] = await target.db
      .select()
      .from(walletAnalytics)
      .where(eq(walletAnalytics.walletAddress, wallet));
    expect(analytics).toMatchObject({ isFlagged: true, flagReason: 'Risk score 60: fast_reactions' });
  });

  it("an open system flag takes the new evidence quietly; an operator's flag is left as written", async () => {
    const wallet = walletOf('refresh');
    await flagIfRisky(deps(), wallet, evidence(60), 60, GAME);
    expect(await flagIfRisky(deps(), wallet, evidence(85, ['g1', 'g2']), 60, GAME)).toBe('refreshed');
    expect(await flagOf(wallet)).toMatchObject({ severity: 'high', reason: 'Risk score 85: fast_reactions' });
    const [analytics] = await target.db
      .select()
      .from(walletAnalytics)
      .where(eq(walletAnalytics.walletAddress, wallet));
    expect(analytics?.flagReason).toBe('Risk score 85: fast_reactions');

    const watched = walletOf('operator');
    await flagWalletAction(
      deps(),
      { by: 'ops@example.com' },
      { walletAddress: watched, reason: 'Watch this one' },
    );
    expect(await flagIfRisky(deps(), watched, evidence(100), 60, GAME)).toBe('kept');
    expect(await flagOf(watched)).toMatchObject({ flaggedBy: 'ops@example.com', reason: 'Watch this one' });
  });

  it('a banned wallet is not flagged', async () => {
    const wallet = walletOf('banned');
    await target.db.insert(bannedWallets).values({ walletAddress: wallet, reason: 'bot', bannedBy: 'ops' });
    expect(await flagIfRisky(deps(), wallet, evidence(100), 60, GAME)).toBe('banned');
    expect(await flagOf(wallet)).toBeUndefined();
  });

  it('a resolved flag: the same games keep it resolved; a game ended after the resolution raises it again', async () => {
    const wallet = walletOf('resolved');
    await flagIfRisky(deps(), wallet, evidence(70), 60, GAME);
    await resolveFlagAction(
      deps(),
      { by: 'ops@example.com' },
      { walletAddress: wallet, notes: 'Checked: fine' },
    );
    expect(await flagIfRisky(deps(), wallet, evidence(70), 60, GAME)).toBe('kept');
    const later = { id: 'g9', endedAt: new Date(clock.now() + 60_000) };
    // A later game that is not part of the evidence does not either.
    expect(await flagIfRisky(deps(), wallet, evidence(70), 60, later)).toBe('kept');
    expect(await flagIfRisky(deps(), wallet, evidence(70, ['g9', 'g1']), 60, later)).toBe('flagged');
    expect(await flagOf(wallet)).toMatchObject({
      isActive: true,
      flaggedBy: 'system',
      resolutionNotes: null,
    });
  });
});
