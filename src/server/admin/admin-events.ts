import type { Database } from '../db/database.ts';
import { recordSystemEvent, type Severity } from '../security/system-events.ts';

/** System event types of the admin area (SPEC §3 system event: eventType). */
export const ADMIN_EVENT = {
  loginSucceeded: 'admin_login_succeeded',
  loginFailed: 'admin_login_failed',
  loginThrottled: 'admin_login_throttled',
  logout: 'admin_logout',
  action: 'admin_action',
  created: 'admin_created',
} as const;

/** Who did it and from where; `when` is the event's created_at, stamped by the database. */
export interface AdminActor {
  adminId: string;
  email: string;
  role: string;
}

export type LoginOutcome =
  | { outcome: 'succeeded'; admin: AdminActor }
  | { outcome: 'failed' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

/** Every login attempt, good or bad, with the e-mail tried and the client IP (never the password). */
export async function recordAdminLogin(
  db: Database,
  attempt: { email: string; ip: string; userAgent: string | undefined } & LoginOutcome,
): Promise<void> {
  const base = { email: attempt.email, ip: attempt.ip, userAgent: attempt.userAgent ?? null };
  switch (attempt.outcome) {
    case 'succeeded':
      return recordSystemEvent(db, {
        severity: 'other',
        eventType: ADMIN_EVENT.loginSucceeded,
        message: `Admin ${attempt.email} signed in from ${attempt.ip}`,
        details: { ...base, adminId: attempt.admin.adminId, role: attempt.admin.role },
      });
    case 'failed':
      return recordSystemEvent(db, {
        severity: 'warning',
        eventType: ADMIN_EVENT.loginFailed,
        message: `Failed admin login for ${attempt.email} from ${attempt.ip}`,
        details: base,
      });
    case 'throttled':
      return recordSystemEvent(db, {
        severity: 'warning',
        eventType: ADMIN_EVENT.loginThrottled,
        message: `Admin login for ${attempt.email} from ${attempt.ip} refused: too many failed attempts`,
        details: { ...base, retryAfterSeconds: attempt.retryAfterSeconds },
      });
    default: {
      const never: never = attempt;
      return never;
    }
  }
}

export interface AdminActionInput {
  /** A short machine name: 'ban_wallet', 'unban_ip', 'logout'... */
  action: string;
  message: string;
  details?: Record<string, unknown>;
  severity?: Severity;
  eventType?: string;
}

/** One admin action as a system event: who (admin id, e-mail, role), what, and from which IP. */
export async function recordAdminAction(
  db: Database,
  actor: AdminActor,
  ip: string,
  input: AdminActionInput,
): Promise<void> {
  await recordSystemEvent(db, {
    severity: input.severity ?? 'other',
    eventType: input.eventType ?? ADMIN_EVENT.action,
    message: input.message,
    details: {
      ...input.details,
      action: input.action,
      adminId: actor.adminId,
      adminEmail: actor.email,
      role: actor.role,
      ip,
    },
  });
}
