import { and, eq } from 'drizzle-orm';
import type { RiskEvidence } from '../../common/api/risk-evidence.ts';
import type { Clock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import { bannedWallets, flaggedWallets } from '../db/schema/index.ts';
import type { RiskPorts } from './risk-ports.ts';
import { flagReasonOf, severityOf } from './risk-score.ts';

/** Who raises the flags the risk pass raises (flagged_wallets.flagged_by, the system event). */
export const SYSTEM_FLAGGER = 'system';

export type FlagOutcome = 'below_threshold' | 'flagged' | 'refreshed' | 'kept' | 'banned';

/**
 * Raises a wallet's flag when its score reaches the threshold, with the evidence attached (flagged by
 * 'system', a `wallet_flagged` system event, like an operator's flag). What is already there decides:
 * - a banned wallet is not flagged: the operator has acted;
 * - an open flag the system raised gets the new evidence, reason and severity, quietly (the queue shows the
 *   latest); an open flag an operator raised is left as the operator wrote it;
 * - a resolved flag is raised again only for a game that ended after the resolution and is part of the new
 *   evidence: the operator's note answered the evidence seen then, not a new game.
 */
export async function flagIfRisky(
  deps: { db: Database; clock: Clock } & RiskPorts,
  wallet: string,
  evidence: RiskEvidence,
  threshold: number,
  game: { id: string; endedAt: Date | null },
): Promise<FlagOutcome> {
  if (evidence.score < threshold) return 'below_threshold';
  const [banned] = await deps.db
    .select({ id: bannedWallets.id })
    .from(bannedWallets)
    .where(and(eq(bannedWallets.walletAddress, wallet), eq(bannedWallets.isBanned, true)));
  if (banned) return 'banned';
  const [flag] = await deps.db.select().from(flaggedWallets).where(eq(flaggedWallets.walletAddress, wallet));
  const reason = flagReasonOf(evidence);
  const severity = severityOf(evidence.score);
  if (flag?.isActive) {
    if (flag.flaggedBy !== SYSTEM_FLAGGER) return 'kept';
    await deps.db.transaction(async (tx) => {
      await tx
        .update(flaggedWallets)
        .set({ evidence, reason, severity })
        .where(eq(flaggedWallets.id, flag.id));
      // The analytics' flag_reason follows the flag's.
      await deps.analytics.walletsChanged(tx, [wallet]);
    });
    return 'refreshed';
  }
  if (flag?.resolvedAt) {
    const newGame =
      game.endedAt !== null &&
      game.endedAt > flag.resolvedAt &&
      evidence.signals.some((s) => s.games.includes(game.id));
    if (!newGame) return 'kept';
  }
  const result = await deps.flags.flagWallet(SYSTEM_FLAGGER, {
    walletAddress: wallet,
    reason,
    severity,
    evidence,
  });
  if (!result.ok) throw new Error(`flagging ${wallet} was refused: ${result.error}`);
  return 'flagged';
}
