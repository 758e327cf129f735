import type { AdminRole } from '../admin-roles.ts';
import type { AdminSession } from '../admin-sessions.ts';

/**
 * What a signed-in session still owes before any other /api/admin route answers: enrolment (its role must
 * have a second factor and has none yet), a code (it has one: an admin who enrolled is always asked, even
 * in a role that need not), or nothing. Decided on every request from the admin's current role, so a
 * session promoted into a role that needs it is asked at its next request.
 */
export type SecondFactorStage = 'enrol' | 'verify' | null;

export function secondFactorStage(
  session: Pick<AdminSession, 'role' | 'totpEnrolled' | 'secondFactorDone'>,
  requiredFor: readonly AdminRole[],
): SecondFactorStage {
  if (session.secondFactorDone) return null;
  if (session.totpEnrolled) return 'verify';
  return (requiredFor as readonly string[]).includes(session.role) ? 'enrol' : null;
}
