import { and, eq } from 'drizzle-orm';
import type { BanHistoryRow, BanTarget } from '../../../common/api/ban-history-api.ts';
import type { Database } from '../../db/database.ts';
import { banHistory } from '../../db/schema/index.ts';
import {
  afterCursor,
  cursorText,
  newestFirst,
  type Page,
  type PageRequest,
  pageLimit,
  toPage,
} from './cursor.ts';
import { iso } from './json-values.ts';

export type { BanHistoryRow, BanTarget };

/** Every ban and unban of one wallet or one IP, newest first; keyset-paginated on (at, id). */
export async function listBanHistory(
  db: Database,
  target: BanTarget,
  request: PageRequest = {},
): Promise<Page<BanHistoryRow>> {
  const limit = pageLimit(request.limit);
  const rows = await db
    .select({ entry: banHistory, cursorAt: cursorText(banHistory.at) })
    .from(banHistory)
    .where(
      and(
        eq(banHistory.targetKind, target.kind),
        eq(banHistory.target, target.value),
        afterCursor(request.cursor, banHistory.at, banHistory.id, 'uuid'),
      ),
    )
    .orderBy(...newestFirst(banHistory.at, banHistory.id))
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    (row) => row.entry.id,
    ({ entry: e }) => ({
      id: e.id,
      targetKind: e.targetKind,
      target: e.target,
      action: e.action,
      by: e.by,
      reason: e.reason,
      at: iso(e.at),
      actorIp: e.actorIp,
    }),
  );
}
