import type { FastifyInstance } from 'fastify';
import type { AdminSessionAnswer, AdminUserAnswer } from '../../common/api/admin-views.ts';
import type { Replies } from '../http/contract-reply.ts';
import { actorOf, requireAdmin } from './admin-context.ts';
import { adminTokenOf, clearAdminCookie } from './admin-cookie.ts';
import { ADMIN_EVENT, recordAdminAction } from './admin-events.ts';
import type { LoginRouteDeps } from './admin-login-route.ts';
import { allow, ROLES } from './admin-roles.ts';
import { secondFactorStage } from './two-factor/second-factor-stage.ts';

export const ADMIN_LOGIN_PATH = '/admin/login';

/** GET /api/admin/session (is there one), GET /api/admin/user (SPEC §7: role, currentIP), GET /api/admin/logout. */
export function registerSessionRoutes(scope: FastifyInstance, deps: LoginRouteDeps): void {
  const { db, sessions } = deps;

  // Public, and 200 either way: the signed-out check of /admin logs no 401 in the browser.
  scope.get<{ Reply: Replies<AdminSessionAnswer> }>(
    '/session',
    { config: { adminPublic: true } },
    async (request) => {
      const session = request.adminSession;
      return { signedIn: session !== null && secondFactorStage(session, deps.twoFactorRequiredFor) === null };
    },
  );

  scope.get<{ Reply: Replies<AdminUserAnswer> }>('/user', allow(ROLES.read), async (request) => {
    const admin = requireAdmin(request);
    return {
      user: {
        id: admin.adminId,
        email: admin.email,
        username: admin.username,
        role: admin.role,
        currentIP: request.ip,
      },
    };
  });

  // A navigation (SPEC §7), so it always ends on the sign-in page: with a session it is deleted and the
  // logout recorded; without one (already expired) there is nothing to end, and the browser still lands there.
  scope.get('/logout', { config: { adminPublic: true } }, async (request, reply) => {
    const session = request.adminSession;
    await sessions.end(adminTokenOf(request, deps.publicOrigin()));
    if (session) {
      await recordAdminAction(db, actorOf(session), request.ip, {
        action: 'logout',
        eventType: ADMIN_EVENT.logout,
        message: `Admin ${session.email} signed out`,
      });
    }
    clearAdminCookie(request, reply, deps.publicOrigin());
    return reply.redirect(ADMIN_LOGIN_PATH, 302);
  });
}
