import { and, eq } from 'drizzle-orm';
import type { AdminBannedWalletRow } from '../../../common/api/admin-rows.ts';
import type { Database } from '../../db/database.ts';
import { bannedWallets } from '../../db/schema/index.ts';
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

export type { AdminBannedWalletRow };

export interface BannedWalletListRequest extends PageRequest {
  /** Also the wallets banned once and unbanned since (their trail is kept). */
  includeLifted?: boolean;
}

/** Banned wallets, latest ban first; keyset-paginated on (banned_at, id). */
export async function listBannedWallets(
  db: Database,
  request: BannedWalletListRequest = {},
): Promise<Page<AdminBannedWalletRow>> {
  const limit = pageLimit(request.limit);
  const rows = await db
    .select({ ban: bannedWallets, cursorAt: cursorText(bannedWallets.bannedAt) })
    .from(bannedWallets)
    .where(
      and(
        request.includeLifted ? undefined : eq(bannedWallets.isBanned, true),
        afterCursor(request.cursor, bannedWallets.bannedAt, bannedWallets.id, 'uuid'),
      ),
    )
    .orderBy(...newestFirst(bannedWallets.bannedAt, bannedWallets.id))
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    (row) => row.ban.id,
    ({ ban: b }) => ({
      id: b.id,
      walletAddress: b.walletAddress,
      isBanned: b.isBanned,
      bannedAt: iso(b.bannedAt),
      bannedBy: b.bannedBy,
      reason: b.reason,
      ipAddressAtBan: b.ipAddressAtBan,
      unbannedAt: isoOrNull(b.unbannedAt),
      unbannedBy: b.unbannedBy,
      unbannedReason: b.unbannedReason,
    }),
  );
}
