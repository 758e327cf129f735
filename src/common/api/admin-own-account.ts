import { z } from 'zod';
import { count, instant } from './wire-values.ts';

/**
 * Each signed-in admin's own account, whatever the role (GET/POST /api/admin/account/..., POST
 * /api/admin/two-factor/recovery-codes): their password, their recovery codes, their sessions.
 */

/** Shortest password an admin may have (a new one here, ADMIN_PASSWORD, admin:create, the Admins tab). */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;

/** A code from the authenticator app, or (where it is accepted) a recovery code. */
const code = z.string().trim().min(1).max(32);

/**
 * POST /api/admin/account/password. `code` is asked of an admin with two-factor sign-in set up (a code from
 * the app or a recovery code); without one it is not read.
 */
export const passwordChangeBodySchema = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: z.string().min(1).max(1024),
  code: code.optional(),
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

/** The password is changed; every other session of the admin ended (this one goes on). */
export const passwordChangedSchema = z.object({ success: z.literal(true), endedSessions: count });
export type PasswordChanged = z.infer<typeof passwordChangedSchema>;

/** POST /api/admin/two-factor/recovery-codes: a current code from the app (not a recovery code). */
export const recoveryCodesBodySchema = z.object({ code });

/** New recovery codes, shown this once; the old ones, used or not, no longer work. */
export const recoveryCodesRenewedSchema = z.object({
  success: z.literal(true),
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodesRenewed = z.infer<typeof recoveryCodesRenewedSchema>;

/** One live session of the signed-in admin. `id` names it in these routes only (never the cookie). */
export const ownSessionSchema = z.object({
  id: z.string(),
  createdAt: instant,
  lastSeenAt: instant,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
  /** Past the password, its second factor still owed: someone holds the password, not (yet) a sign-in. */
  secondFactorPending: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;

/** GET /api/admin/account/sessions: the admin's live sessions, the most recently seen first. */
export const ownSessionsSchema = z.object({ sessions: z.array(ownSessionSchema) });
export type OwnSessions = z.infer<typeof ownSessionsSchema>;

/** POST /api/admin/account/sessions/end: one session by its id, or every one but this. */
export const endSessionsBodySchema = z.union([
  z.object({ sessionId: z.string().min(1).max(128) }).strict(),
  z.object({ allOthers: z.literal(true) }).strict(),
]);
export type EndSessionsBody = z.infer<typeof endSessionsBodySchema>;

/** How many ended; `signedOut` when this very session was among them (its cookie is cleared). */
export const sessionsEndedSchema = z.object({
  success: z.literal(true),
  ended: count,
  signedOut: z.boolean(),
});
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;
