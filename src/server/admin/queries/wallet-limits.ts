import type { WalletLimits } from '../../../common/api/admin-views.ts';
import type { Database } from '../../db/database.ts';
import { readLimitsView } from '../../limits/limits-view.ts';
import { recentLimitChanges } from '../../limits/player-limits-store.ts';
import { iso, isoOrNull } from './json-values.ts';

/** The wallet's self-exclusion and loss limits at `now`, with its latest changes (the back-office reads only). */
export async function walletLimits(db: Database, walletAddress: string, now: number): Promise<WalletLimits> {
  const [view, changes] = await Promise.all([
    readLimitsView(db, walletAddress, now),
    recentLimitChanges(db, walletAddress),
  ]);
  return {
    ...view,
    changes: changes.map((c) => ({
      kind: c.kind as WalletLimits['changes'][number]['kind'],
      lamports: c.lamports?.toString() ?? null,
      excludedUntil: isoOrNull(c.excludedUntil),
      requestedAt: iso(c.requestedAt),
      effectiveAt: iso(c.effectiveAt),
    })),
  };
}
