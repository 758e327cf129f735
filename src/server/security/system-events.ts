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
