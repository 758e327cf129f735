import { and, eq } from 'drizzle-orm';
import type { AdminFlaggedWalletRow } from '../../../common/api/admin-rows.ts';
import type { Database } from '../../db/database.ts';
import { flaggedWallets } from '../../db/schema/index.ts';
import {
  afterCursor,
  cursorText,
  newestFirst,
  type Page,
  type PageRequest,
  pageLimit,
  toPage,
} from './cursor.ts';
import { iso, isoOrNull } from './json-values.ts';

export type { AdminFlaggedWalletRow };

export type FlaggedWalletRow = typeof flaggedWallets.$inferSelect;

export function flaggedWalletView(f: FlaggedWalletRow): AdminFlaggedWalletRow {
  return {
    id: f.id,
    walletAddress: f.walletAddress,
    flaggedAt: iso(f.flaggedAt),
    flaggedBy: f.flaggedBy,
    reason: f.reason,
    severity: f.severity,
    evidence: f.evidence,
    isActive: f.isActive,
    resolvedAt: isoOrNull(f.resolvedAt),
    resolvedBy: f.resolvedBy,
    resolutionNotes: f.resolutionNotes,
  };
}

export interface FlaggedWalletListRequest extends PageRequest {
  /** Also the flags resolved since. */
  includeResolved?: boolean;
}

/** Flagged wallets, latest flag first; keyset-paginated on (flagged_at, id). */
export async function listFlaggedWallets(
  db: Database,
  request: FlaggedWalletListRequest = {},
): Promise<Page<AdminFlaggedWalletRow>> {
  const limit = pageLimit(request.limit);
  const rows = await db
    .select({ flag: flaggedWallets, cursorAt: cursorText(flaggedWallets.flaggedAt) })
    .from(flaggedWallets)
    .where(
      and(
        request.includeResolved ? undefined : eq(flaggedWallets.isActive, true),
        afterCursor(request.cursor, flaggedWallets.flaggedAt, flaggedWallets.id, 'uuid'),
      ),
    )
    .orderBy(...newestFirst(flaggedWallets.flaggedAt, flaggedWallets.id))
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    (row) => row.flag.id,
    ({ flag }) => flaggedWalletView(flag),
  );
}
