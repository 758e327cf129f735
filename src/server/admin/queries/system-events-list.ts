import { and, eq, isNull } from 'drizzle-orm';
import type { AdminSystemEventRow } from '../../../common/api/admin-rows.ts';
import type { Database } from '../../db/database.ts';
import type { SystemEventSeverity } from '../../db/schema/enums.ts';
import { systemEvents } from '../../db/schema/index.ts';
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

export type { AdminSystemEventRow };

export interface SystemEventListRequest extends PageRequest {
  severity?: SystemEventSeverity;
  /** Only events nobody has resolved yet. */
  unresolved?: boolean;
}

/** System events, newest first; keyset-paginated on (created_at, id). */
export async function listSystemEvents(
  db: Database,
  request: SystemEventListRequest = {},
): Promise<Page<AdminSystemEventRow>> {
  const limit = pageLimit(request.limit);
  const rows = await db
    .select({ event: systemEvents, cursorAt: cursorText(systemEvents.createdAt) })
    .from(systemEvents)
    .where(
      and(
        request.severity ? eq(systemEvents.severity, request.severity) : undefined,
        request.unresolved ? isNull(systemEvents.resolvedAt) : undefined,
        afterCursor(request.cursor, systemEvents.createdAt, systemEvents.id, 'uuid'),
      ),
    )
    .orderBy(...newestFirst(systemEvents.createdAt, systemEvents.id))
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    (row) => row.event.id,
    ({ event }) => systemEventView(event),
  );
}

/** A system_events row as the System Events tab shows it. */
export function systemEventView(e: typeof systemEvents.$inferSelect): AdminSystemEventRow {
  return {
    id: e.id,
    createdAt: iso(e.createdAt),
    severity: e.severity,
    eventType: e.eventType,
    message: e.message,
    details: e.details,
    resolvedAt: isoOrNull(e.resolvedAt),
    resolvedBy: e.resolvedBy,
    resolutionNotes: e.resolutionNotes,
  };
}
