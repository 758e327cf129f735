import type { Database } from '../db/database.ts';
import { systemEvents } from '../db/schema/index.ts';

export type Severity = 'critical' | 'error' | 'warning' | 'other';

export interface SystemEventInput {
  severity: Severity;
  eventType: string;
  message: string;
  details?: Record<string, unknown>;
}

/** Writes one system event (SPEC §3) for the admin System Events tab. Inside a transaction when given one. */
export async function recordSystemEvent(db: Database, event: SystemEventInput): Promise<void> {
  await db.insert(systemEvents).values({
    severity: event.severity,
    eventType: event.eventType,
    message: event.message,
    details: event.details ?? null,
  });
}

/**
 * Who did what an event records: a signed-in admin (e-mail as `by`, id, role, and the address they acted
 * from) or the server itself (`by: 'system'`). An action records one event that names its actor, so an
 * admin's ban and the ban itself are one row, never two.
 */
export interface EventActor {
  by: string;
  adminId?: string;
  role?: string;
  /** The client address the admin acted from; absent for the system. */
  ip?: string | null;
}

/** The actor as event details: the same keys as every admin action event (admin-events.ts). */
export function actorDetails(actor: EventActor): Record<string, unknown> {
  if (actor.adminId === undefined) return { by: actor.by };
  return {
    by: actor.by,
    adminId: actor.adminId,
    adminEmail: actor.by,
    role: actor.role,
    ip: actor.ip ?? null,
  };
}

/** " by ops@x from 203.0.113.7", for an event's message. */
export function actorText(actor: EventActor): string {
  return `by ${actor.by}${actor.ip ? ` from ${actor.ip}` : ''}`;
}
