import { and, eq, isNull, ne } from 'drizzle-orm';
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
  /** One event type (`server_started`, `wallet_banned`...). */
  eventType?: string;
  /** Only what awaits triage: warnings or worse that nobody has resolved yet. */
  unresolved?: boolean;
}

/**
 * A warning or worse (RESOLVABLE_SEVERITIES: every severity but 'other') nobody has resolved: written as the
 * partial index system_events_unresolved_idx is, so the counts and the filter read it.
 */
export const awaitsTriage = and(isNull(systemEvents.resolvedAt), ne(systemEvents.severity, 'other'));

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
        request.eventType ? eq(systemEvents.eventType, request.eventType) : undefined,
        request.unresolved ? awaitsTriage : undefined,
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
