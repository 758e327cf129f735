import { and, eq, inArray, isNull } from 'drizzle-orm';
import { isResolvableSeverity, RESOLVABLE_SEVERITIES } from '../../../common/api/admin-rows.ts';
import type { Clock } from '../../../common/clock.ts';
import type { Database } from '../../db/database.ts';
import { systemEvents } from '../../db/schema/index.ts';
import { type ActionResult, refused } from './action-result.ts';
import type { ActingAdmin } from './ban-actions.ts';
import { type AdminSystemEventRow, systemEventView } from './system-events-list.ts';

export const EVENT_NOT_FOUND = 'System event not found';
/** 400: a resolution says what was done about the event. */
export const RESOLVE_EVENT_NOTE_REQUIRED = 'A note is required: say what was done about the event';
/** 409: the event exists but is a record, not a problem (SPEC §3 severity 'other'). */
export const EVENT_NOT_RESOLVABLE =
  'Informational events cannot be resolved: only warnings, errors and critical events';

export interface ResolvedEvent {
  event: AdminSystemEventRow;
  /** It was resolved before this call: nothing changed, the first resolution stands. */
  alreadyResolved: boolean;
}

/**
 * Marks a warning-or-worse system event resolved with the admin's note (resolvedAt from the clock, resolvedBy
 * the admin, resolutionNotes what was done); an informational one is refused. Idempotent: resolving it again
 * keeps who resolved it first, when and why; the conditional update makes two admins at once resolve it once.
 */
export async function resolveEventAction(
  deps: { db: Database; clock: Clock },
  admin: ActingAdmin,
  eventId: string,
  notes: string,
): Promise<ActionResult<ResolvedEvent>> {
  const [resolved] = await deps.db
    .update(systemEvents)
    .set({ resolvedAt: new Date(deps.clock.now()), resolvedBy: admin.by, resolutionNotes: notes })
    .where(
      and(
        eq(systemEvents.id, eventId),
        isNull(systemEvents.resolvedAt),
        inArray(systemEvents.severity, [...RESOLVABLE_SEVERITIES]),
      ),
    )
    .returning();
  if (resolved) return { ok: true, body: { event: systemEventView(resolved), alreadyResolved: false } };
  const [existing] = await deps.db.select().from(systemEvents).where(eq(systemEvents.id, eventId));
  if (!existing) return refused(404, EVENT_NOT_FOUND);
  if (!isResolvableSeverity(existing.severity)) return refused(409, EVENT_NOT_RESOLVABLE);
  return { ok: true, body: { event: systemEventView(existing), alreadyResolved: true } };
}
