import type { Database } from '../db/database.ts';
import { recordSystemEvent, type Severity } from '../operations-log/system-events.ts';

/** System event types of the admin area (SPEC §3 system event: eventType). */
export const ADMIN_EVENT = {
  /** A whole sign-in: the password and, where one is asked, the second factor. */
  loginSucceeded: 'admin_login_succeeded',
  /** The password was right and a second factor is owed: not a sign-in yet, and it may never become one. */
  passwordAccepted: 'admin_password_accepted',
  loginFailed: 'admin_login_failed',
  throttledLogin: 'admin_login_throttled',
  logout: 'admin_logout',
  action: 'admin_action',
  created: 'admin_created',
  /** An owner created, re-roled, deactivated or reactivated an admin. */
  accountChanged: 'admin_account_changed',
  twoFactorEnrolled: 'admin_2fa_enrolled',
  /** A pending sign-in ended by its wrong codes (one event for all of them). */
  twoFactorFailed: 'admin_2fa_failed',
  /** An admin's wrong codes from all addresses reached their cap: codes wait for the window. */
  twoFactorPaused: 'admin_2fa_paused',
  recoveryCodeUsed: 'admin_2fa_recovery_code_used',
  twoFactorReset: 'admin_2fa_reset',
  /** An admin changed their own password (their other sessions ended). */
  passwordChanged: 'admin_password_changed',
  /** A signed-in session sent a wrong current password or code to change the password. */
  passwordChangeRefused: 'admin_password_change_refused',
  /** An admin made new recovery codes; the old ones stopped working. */
  recoveryCodesRenewed: 'admin_2fa_recovery_codes_renewed',
  /** An admin ended one of their own sessions, or all the others. */
  sessionsEnded: 'admin_sessions_ended',
} as const;

/** Who did it and from where; `when` is the event's created_at, stamped by the database. */
export interface AdminActor {
  adminId: string;
  email: string;
  role: string;
}

/** How a sign-in was completed: the password alone (no second factor asked), a code, a recovery code, enrolment. */
export type SignedInBy = 'password' | 'totp' | 'recovery_code' | 'enrolment';

export type LoginOutcome =
  | { outcome: 'succeeded'; admin: AdminActor; by: SignedInBy }
  | { outcome: 'password_accepted'; admin: AdminActor; owed: 'enrol' | 'verify' }
  | { outcome: 'failed'; accountUnderAttack: boolean };

const SIGNED_IN_BY_TEXT: Record<SignedInBy, string> = {
  password: 'with the password (no second factor asked of the role)',
  totp: 'with the password and a two-factor code',
  recovery_code: 'with the password and a recovery code',
  enrolment: 'with the password, setting up two-factor sign-in',
};

/**
 * What one login attempt may store (RELIABILITY 34: an unauthenticated request cannot grow a table without
 * bound): a real address or user agent fits; a 6 KB user agent or a 320-character e-mail is cut.
 */
export const LOGIN_EVENT_BOUNDS = { email: 128, ip: 64, userAgent: 256 } as const;

function bounded(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The e-mail, address and user agent of an attempt as they are stored. */
export function boundedLoginFields(attempt: { email: string; ip: string; userAgent: string | undefined }) {
  return {
    email: bounded(attempt.email, LOGIN_EVENT_BOUNDS.email),
    ip: bounded(attempt.ip, LOGIN_EVENT_BOUNDS.ip),
    userAgent:
      attempt.userAgent === undefined ? null : bounded(attempt.userAgent, LOGIN_EVENT_BOUNDS.userAgent),
  };
}

/**
 * Every login attempt that reached the password check, good or bad, with the e-mail tried and the client IP
 * (never the password), bounded; and the sign-in's end once its second factor passed. `admin_login_succeeded`
 * is written only for a whole sign-in: a right password whose second factor is owed is
 * `admin_password_accepted`, so the trail never says "signed in" for a session that then failed or never
 * sent its code. Refused attempts are counted per address by throttled-login-events.ts.
 */
export async function recordAdminLogin(
  db: Database,
  attempt: { email: string; ip: string; userAgent: string | undefined } & LoginOutcome,
): Promise<void> {
  const base = boundedLoginFields(attempt);
  const { email, ip } = base;
  switch (attempt.outcome) {
    case 'succeeded':
      return recordSystemEvent(db, {
        severity: 'other',
        eventType: ADMIN_EVENT.loginSucceeded,
        message: `Admin ${email} signed in from ${ip} ${SIGNED_IN_BY_TEXT[attempt.by]}`,
        details: { ...base, adminId: attempt.admin.adminId, role: attempt.admin.role, by: attempt.by },
      });
    case 'password_accepted':
      return recordSystemEvent(db, {
        severity: 'other',
        eventType: ADMIN_EVENT.passwordAccepted,
        message: `Admin ${email} gave the right password from ${ip}; not signed in until ${attempt.owed === 'enrol' ? 'two-factor set-up is done' : 'a two-factor code passes'}`,
        details: { ...base, adminId: attempt.admin.adminId, role: attempt.admin.role, owed: attempt.owed },
      });
    case 'failed':
      return recordSystemEvent(db, {
        severity: 'warning',
        eventType: ADMIN_EVENT.loginFailed,
        message: `Failed admin login for ${email} from ${ip}${attempt.accountUnderAttack ? ' (account under attack: fewer tries per address)' : ''}`,
        details: { ...base, accountUnderAttack: attempt.accountUnderAttack },
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
