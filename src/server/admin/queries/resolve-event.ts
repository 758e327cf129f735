import { and, eq, inArray, isNull } from 'drizzle-orm';
import { isResolvableSeverity, RESOLVABLE_SEVERITIES } from '../../../common/api/admin-rows.ts';
import type { Clock } from '../../../common/clock.ts';
import type { Database } from '../../db/database.ts';
import { systemEvents } from '../../db/schema/index.ts';
import { type ActionResult, refused } from './action-result.ts';
import type { ActingAdmin } from './ban-actions.ts';
import { type AdminSystemEventRow, systemEventView } from './system-events-list.ts';

export const EVENT_NOT_FOUND = 'System event not found';
/** 409: the event exists but is a record, not a problem (SPEC §3 severity 'other'). */
export const EVENT_NOT_RESOLVABLE =
  'Informational events cannot be resolved: only warnings, errors and critical events';

export interface ResolvedEvent {
  event: AdminSystemEventRow;
  /** It was resolved before this call: nothing changed, the first resolution stands. */
  alreadyResolved: boolean;
}

/**
 * Marks a warning-or-worse system event resolved (resolvedAt from the clock, resolvedBy the admin); an
 * informational one is refused. Idempotent: resolving it again keeps who resolved it first and when; the
 * conditional update makes two admins at once resolve it once.
 */
export async function resolveEventAction(
  deps: { db: Database; clock: Clock },
  admin: ActingAdmin,
  eventId: string,
): Promise<ActionResult<ResolvedEvent>> {
  const [resolved] = await deps.db
    .update(systemEvents)
    .set({ resolvedAt: new Date(deps.clock.now()), resolvedBy: admin.by })
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
