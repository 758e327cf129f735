import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  endSessionsBodySchema,
  type OwnSessions,
  type SessionsEnded,
} from '../../../common/api/admin-own-account.ts';
import type { Replies } from '../../http/contract-reply.ts';
import { type AdminRouteContext, requireAdmin } from '../admin-context.ts';
import { clearAdminCookie } from '../admin-cookie.ts';
import { ADMIN_EVENT } from '../admin-events.ts';
import { ADMIN_ERRORS } from '../admin-messages.ts';
import { allow, ROLES } from '../admin-roles.ts';
import type { AdminSessionRecord } from '../admin-sessions.ts';
import { secondFactorStage } from '../two-factor/second-factor-stage.ts';
import type { OwnAccountDeps } from './own-account-deps.ts';

/**
 * The name a session has in these routes: derived from its sid (itself the SHA-256 of the cookie token), so
 * the list never shows the database key, and neither can be turned back into a cookie.
 */
export function sessionViewId(sid: string): string {
  return createHash('sha256').update(`admin-session-view\n${sid}`).digest('base64url').slice(0, 22);
}

/**
 * GET /api/admin/account/sessions lists the signed-in admin's own live sessions (when begun and last seen,
 * from which address and browser, which is this one, which still owe their second factor); POST
 * /api/admin/account/sessions/end ends one of them by its id, or every one but this. Only the admin's own:
 * another admin's session id is "no such session" (404), never ended. An ended session's cookie is refused
 * at its next request (the row is gone); ending this very one also clears its cookie.
 */
export function registerOwnSessionRoutes(
  scope: FastifyInstance,
  context: AdminRouteContext,
  deps: OwnAccountDeps,
): void {
  const { sessions } = context;

  scope.get<{ Reply: Replies<OwnSessions> }>('/account/sessions', allow(ROLES.read), async (request) => {
    const session = requireAdmin(request);
    const own = await sessions.listOf(session.adminId);
    const view = (s: AdminSessionRecord) => ({
      id: sessionViewId(s.sid),
      createdAt: new Date(s.createdAt).toISOString(),
      lastSeenAt: new Date(s.lastSeenAt).toISOString(),
      ip: s.ip,
      userAgent: s.userAgent,
      current: s.sid === session.sid,
      secondFactorPending:
        secondFactorStage(
          { role: session.role, totpEnrolled: session.totpEnrolled, secondFactorDone: s.secondFactorDone },
          deps.requiredFor,
        ) !== null,
    });
    return { sessions: own.sort((a, b) => b.lastSeenAt - a.lastSeenAt).map(view) };
  });

  scope.post<{ Reply: Replies<SessionsEnded> }>(
    '/account/sessions/end',
    allow(ROLES.read),
    async (request, reply) => {
      const session = requireAdmin(request);
      const body = endSessionsBodySchema.safeParse(request.body);
      if (!body.success) {
        return reply.code(400).send({ error: 'Name a session (sessionId) or all others (allOthers: true)' });
      }
      if ('allOthers' in body.data) {
        const ended = await sessions.endAllOf(session.adminId, { except: session.sid });
        await context.recordAction(request, {
          action: 'end_own_sessions',
          eventType: ADMIN_EVENT.sessionsEnded,
          message: `Admin ${session.email} ended all their other sessions (${ended}) from ${request.ip}`,
          details: { ended, which: 'all_others' },
        });
        return { success: true as const, ended, signedOut: false };
      }

      const { sessionId } = body.data;
      const target = (await sessions.listOf(session.adminId)).find((s) => sessionViewId(s.sid) === sessionId);
      if (!target || !(await sessions.endOf(session.adminId, target.sid))) {
        return reply.code(404).send({ error: ADMIN_ERRORS.noSuchOwnSession });
      }
      const current = target.sid === session.sid;
      await context.recordAction(request, {
        action: 'end_own_session',
        eventType: ADMIN_EVENT.sessionsEnded,
        message:
          `Admin ${session.email} ended ${current ? 'this session' : 'one of their sessions'} ` +
          `(from ${target.ip ?? 'an unknown address'}, begun ${new Date(target.createdAt).toISOString()})`,
        details: {
          ended: 1,
          which: current ? 'this' : 'one',
          sessionIp: target.ip,
          sessionUserAgent: target.userAgent,
        },
      });
      if (current) clearAdminCookie(request, reply, deps.publicOrigin());
      return { success: true as const, ended: 1, signedOut: current };
    },
  );
}
