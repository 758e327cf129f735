import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type PasswordChanged, passwordChangeBodySchema } from '../../../common/api/admin-own-account.ts';
import { adminUsers } from '../../db/schema/admin.ts';
import type { Replies } from '../../http/contract-reply.ts';
import { findAdminAccount } from '../accounts/admin-account-changes.ts';
import { adminCredentialsProblem } from '../admin-accounts.ts';
import { type AdminRouteContext, requireAdmin } from '../admin-context.ts';
import { ADMIN_EVENT } from '../admin-events.ts';
import { ADMIN_ERRORS } from '../admin-messages.ts';
import { allow, ROLES } from '../admin-roles.ts';
import { hashAdminPassword } from '../password-hashing.ts';
import { type CountedCheck, countedCode, countedPassword, refuse } from './counted-checks.ts';
import type { OwnAccountDeps } from './own-account-deps.ts';

/**
 * POST /api/admin/account/password: any role changes its own password, giving the current one and, once
 * two-factor sign-in is set up, a code (or a recovery code). Wrong ones answer 400 (the session itself is
 * fine, so no 401 that would sign the panel out), are counted in the sign-in throttles and recorded without
 * the password. On success every other session of the admin ends; this one goes on.
 */
export function registerPasswordChangeRoute(
  scope: FastifyInstance,
  context: AdminRouteContext,
  deps: OwnAccountDeps,
): void {
  const { db, clock, sessions, twoFactor } = context;
  const counting = { ...deps, context };

  scope.post<{ Reply: Replies<PasswordChanged> }>(
    '/account/password',
    { ...allow(ROLES.read), bodyLimit: 16 * 1024 },
    async (request, reply) => {
      const session = requireAdmin(request);
      const body = passwordChangeBodySchema.safeParse(request.body);
      if (!body.success) return reply.code(400).send({ error: ADMIN_ERRORS.missingCredentials });
      const { currentPassword, newPassword, code } = body.data;
      // The cheap refusals first: no argon2 work and no counted attempt for a form not filled in.
      const problem = adminCredentialsProblem(session.email, newPassword);
      if (problem) return reply.code(400).send({ error: `The new password is too weak: ${problem}` });
      if (newPassword === currentPassword) return reply.code(400).send({ error: ADMIN_ERRORS.samePassword });
      if (session.totpEnrolled && code === undefined) {
        return reply.code(400).send({ error: ADMIN_ERRORS.secondFactorCodeMissing });
      }

      const admin = await findAdminAccount(db, session.adminId);
      if (!admin) return reply.code(401).send({ error: ADMIN_ERRORS.notAuthenticated });
      const refused = async (check: Exclude<CountedCheck, { ok: true }>, reason: string) => {
        if (check.status === 400) {
          await context.recordAction(request, {
            action: 'change_own_password_refused',
            eventType: ADMIN_EVENT.passwordChangeRefused,
            severity: 'warning',
            message: `Admin ${session.email} was refused a password change from ${request.ip}: ${reason}`,
            details: { reason },
          });
        }
        return refuse(reply, check);
      };

      const password = await countedPassword(deps, request, session, () =>
        deps.verifyPassword(admin.passwordHash, currentPassword),
      );
      if (!password.ok) return refused(password, 'wrong current password');
      if (session.totpEnrolled) {
        const checked = await countedCode(counting, request, session, async () => {
          const result = await twoFactor.check(session.adminId, code ?? '');
          return result.ok;
        });
        if (!checked.ok) return refused(checked, 'wrong two-factor code');
      }

      // Conditional on the hash just checked: of two changes racing, the second finds it changed.
      const changed = await db
        .update(adminUsers)
        .set({ passwordHash: await hashAdminPassword(newPassword), updatedAt: new Date(clock.now()) })
        .where(and(eq(adminUsers.id, admin.id), eq(adminUsers.passwordHash, admin.passwordHash)))
        .returning({ id: adminUsers.id });
      if (changed.length === 0) return reply.code(409).send({ error: ADMIN_ERRORS.wrongCurrentPassword });
      const endedSessions = await sessions.endAllOf(admin.id, { except: session.sid });
      await context.recordAction(request, {
        action: 'change_own_password',
        eventType: ADMIN_EVENT.passwordChanged,
        message: `Admin ${session.email} changed their password from ${request.ip}; ${endedSessions} other session(s) ended`,
        details: { endedSessions, secondFactor: session.totpEnrolled },
      });
      return { success: true as const, endedSessions };
    },
  );
}
