import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../../common/clock.ts';
import type { Database } from '../../db/database.ts';
import { systemEvents } from '../../db/schema/index.ts';
import { type ActionResult, refused } from './action-result.ts';
import type { ActingAdmin } from './ban-actions.ts';
import { type AdminSystemEventRow, systemEventView } from './system-events-list.ts';

export const EVENT_NOT_FOUND = 'System event not found';

export interface ResolvedEvent {
  event: AdminSystemEventRow;
  /** It was resolved before this call: nothing changed, the first resolution stands. */
  alreadyResolved: boolean;
}

/**
 * Marks a system event resolved (resolvedAt from the clock, resolvedBy the admin). Idempotent: resolving it
 * again keeps who resolved it first and when; the conditional update makes two admins at once resolve it once.
 */
export async function resolveEventAction(
  deps: { db: Database; clock: Clock },
  admin: ActingAdmin,
  eventId: string,
): Promise<ActionResult<ResolvedEvent>> {
  const [resolved] = await deps.db
    .update(systemEvents)
    .set({ resolvedAt: new Date(deps.clock.now()), resolvedBy: admin.by })
    .where(and(eq(systemEvents.id, eventId), isNull(systemEvents.resolvedAt)))
    .returning();
  if (resolved) return { ok: true, body: { event: systemEventView(resolved), alreadyResolved: false } };
  const [existing] = await deps.db.select().from(systemEvents).where(eq(systemEvents.id, eventId));
  if (!existing) return refused(404, EVENT_NOT_FOUND);
  return { ok: true, body: { event: systemEventView(existing), alreadyResolved: true } };
}
