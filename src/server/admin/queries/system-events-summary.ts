import { count } from 'drizzle-orm';
import type { SystemEventSummary } from '../../../common/api/system-event-summary.ts';
import type { Database } from '../../db/database.ts';
import { systemEvents } from '../../db/schema/index.ts';
import { awaitsTriage } from './system-events-list.ts';

export type { SystemEventSummary };

/**
 * The System Events tab's header: the distinct event types (the type filter's choices, sorted) and the
 * events awaiting triage per severity. Both read indexes of system_events (by type; the partial unresolved one).
 */
export async function systemEventSummary(db: Database): Promise<SystemEventSummary> {
  const types = await db
    .selectDistinct({ eventType: systemEvents.eventType })
    .from(systemEvents)
    .orderBy(systemEvents.eventType);
  const open = await db
    .select({ severity: systemEvents.severity, n: count() })
    .from(systemEvents)
    .where(awaitsTriage)
    .groupBy(systemEvents.severity);
  const unresolved = { critical: 0, error: 0, warning: 0 };
  for (const row of open) if (row.severity !== 'other') unresolved[row.severity] = row.n;
  return {
    types: types.map((t) => t.eventType),
    unresolved,
    unresolvedTotal: unresolved.critical + unresolved.error + unresolved.warning,
  };
}
