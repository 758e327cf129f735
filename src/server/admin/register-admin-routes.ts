import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import type { LoginThrottle } from '../security/login-throttle.ts';
import { type AdminRouteContext, type AdminRoutes, actorOf } from './admin-context.ts';
import { adminTokenOf } from './admin-cookie.ts';
import { type AdminActionInput, recordAdminAction } from './admin-events.ts';
import { type LoginRouteDeps, registerLoginRoute } from './admin-login-route.ts';
import { ADMIN_ERRORS } from './admin-messages.ts';
import { hasAllowedOrigin, isJsonRequest, isStateChanging } from './admin-request-guards.ts';
import { type AdminRole, roleAllows } from './admin-roles.ts';
import { registerSessionRoutes } from './admin-session-routes.ts';
import { type AdminSessionStore, createAdminSessionStore } from './admin-sessions.ts';
import { recordSignIn } from './admin-sign-in.ts';
import type { AdminServices } from './overview/admin-services.ts';
import { registerOwnAccountRoutes } from './own-account/own-account-routes.ts';
import { verifyAdminPassword } from './password-hashing.ts';
import { createRefusedAccessEvents } from './refused-access-events.ts';
import { createThrottledLoginEvents } from './throttled-login-events.ts';
import { createAdminTwoFactor } from './two-factor/admin-two-factor.ts';
import { secondFactorStage } from './two-factor/second-factor-stage.ts';
import type { TotpSecretBox } from './two-factor/totp-secret-box.ts';
import { registerTwoFactorRoutes } from './two-factor/two-factor-routes.ts';

export const ADMIN_API_PREFIX = '/api/admin';
const SWEEP_EVERY_MS = 10 * 60 * 1000;

export interface AdminRoutesDeps {
  db: Database;
  clock: Clock;
  /** Origins whose pages may send state-changing admin requests (config.allowedOrigins, read per request). */
  allowedOrigins: readonly string[];
  /** The origin browsers use (config.publicOrigin, read per request): https makes the cookie `__Host-` and Secure. */
  publicOrigin: () => string;
  /** Further admin route modules (stats, lists, bans...), registered inside the guarded scope. */
  routes?: readonly AdminRoutes[];
  /** Bans, live game figures and the house wallet, handed to the route modules. */
  services: AdminServices;
  /** Where login attempts are counted: the topology's (in memory alone, in Redis shared by every node). */
  throttle: LoginThrottle;
  /** Tests only: a password check that counts its calls. */
  verifyPassword?: LoginRouteDeps['verifyPassword'];
  sessions?: AdminSessionStore;
  /**
   * The second factor (config.twoFactor): the roles that must pass one, and the box that seals the TOTP
   * secrets under ADMIN_TOTP_KEY.
   */
  twoFactor: { requiredFor: readonly AdminRole[]; box: TotpSecretBox };
}

/**
 * The admin API as one encapsulated plugin under /api/admin (SPEC §7, RELIABILITY 17-19). Inside it:
 * anything but GET must be a JSON request from one of our origins (else 403); every route but login and
 * logout needs a live session (else 401 `{ error }`), unknown paths included, and one past its second factor
 * where that is asked (else 401, but for the second-factor step itself); answers are never cached;
 * a state-changing request that succeeds is recorded as an admin action even if its route forgot to.
 */
export async function registerAdminRoutes(
  app: FastifyInstance,
  deps: AdminRoutesDeps,
): Promise<{ sessions: AdminSessionStore }> {
  const { db, clock } = deps;
  const sessions = deps.sessions ?? createAdminSessionStore({ db, clock });
  const { throttle } = deps;
  const throttledEvents = createThrottledLoginEvents({ db, clock });
  const refusedAccess = createRefusedAccessEvents({ db, clock });
  const recorded = new WeakSet<FastifyRequest>();
  const { requiredFor } = deps.twoFactor;

  const context: AdminRouteContext = {
    ...deps.services,
    db,
    clock,
    sessions,
    twoFactor: createAdminTwoFactor({ db, clock, box: deps.twoFactor.box }),
    async recordAction(request, input: AdminActionInput) {
      if (!request.adminSession) throw new Error('recordAction needs a signed-in admin');
      recorded.add(request);
      await recordAdminAction(db, actorOf(request.adminSession), request.ip, input);
    },
    actingAdmin(request) {
      const session = request.adminSession;
      if (!session) throw new Error('actingAdmin needs a signed-in admin');
      recorded.add(request);
      return { by: session.email, adminId: session.adminId, role: session.role, ip: request.ip };
    },
    async recordSignIn(request, by) {
      if (!request.adminSession) throw new Error('recordSignIn needs a signed-in admin');
      recorded.add(request);
      await recordSignIn(db, clock, request, actorOf(request.adminSession), by);
    },
  };

  if (!app.hasDecorator('parseCookie')) await app.register(fastifyCookie);
  if (!app.hasRequestDecorator('adminSession')) app.decorateRequest('adminSession', null);

  const sweep = setInterval(() => {
    sessions.sweep().catch((error: unknown) => app.log.error({ err: error }, 'admin session sweep failed'));
  }, SWEEP_EVERY_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  await app.register(
    async (scope) => {
      /** Paths that take only state-changing methods: a GET to one is a refused action (403), not a 404. */
      const actionPaths = new Set<string>();
      scope.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        if (methods.some((m) => isStateChanging(m))) actionPaths.add(route.url);
        // Fail closed: a guarded route that names no roles would be open to all of them by omission.
        if (!route.config?.adminPublic && !route.config?.roles) {
          throw new Error(`admin route ${methods.join(',')} ${route.url} declares no roles`);
        }
      });

      /** The 403 and 401 checks; undefined when the request may go on (its session, if any, is set). */
      const guard = async (request: FastifyRequest, reply: FastifyReply, isPublic: boolean, found = true) => {
        if (isStateChanging(request.method)) {
          if (!hasAllowedOrigin(request, deps.allowedOrigins)) {
            return reply.code(403).send({ error: ADMIN_ERRORS.crossOrigin });
          }
          if (!isJsonRequest(request)) return reply.code(403).send({ error: ADMIN_ERRORS.notJsonPost });
        }
        request.adminSession = await sessions.resume(adminTokenOf(request, deps.publicOrigin()));
        if (!request.adminSession && !isPublic) {
          return reply.code(401).send({ error: ADMIN_ERRORS.notAuthenticated });
        }
        // Past the password but not the second factor: only the second-factor step answers.
        if (
          request.adminSession &&
          !isPublic &&
          !(found && request.routeOptions.config.secondFactorStep) &&
          secondFactorStage(request.adminSession, requiredFor) !== null
        ) {
          return reply.code(401).send({ error: ADMIN_ERRORS.secondFactorRequired });
        }
        if (
          found &&
          !isPublic &&
          !roleAllows(request.routeOptions.config.roles, request.adminSession?.role ?? '')
        ) {
          const session = request.adminSession;
          if (session) {
            // On the audit trail, bounded (one event per admin per hour); never in the way of the answer.
            refusedAccess
              .record({
                adminId: session.adminId,
                email: session.email,
                role: session.role,
                ip: request.ip,
                route: `${request.method} ${request.routeOptions.url ?? request.url}`.replace(
                  '/api/admin',
                  '',
                ),
              })
              .catch((error: unknown) =>
                request.log.error({ err: error }, 'refused admin access not recorded'),
              );
          }
          return reply.code(403).send({ error: ADMIN_ERRORS.forbiddenForRole });
        }
        return undefined;
      };

      scope.addHook('onRequest', async (request, reply) => {
        if (request.is404) return; // the not-found handler below runs the same guard itself
        return guard(request, reply, request.routeOptions.config.adminPublic === true);
      });
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      scope.addHook('onResponse', async (request, reply) => {
        const session = request.adminSession;
        if (!session || !isStateChanging(request.method) || reply.statusCode >= 400) return;
        if (recorded.has(request) || request.routeOptions.config.adminPublic) return;
        await recordAdminAction(db, actorOf(session), request.ip, {
          action: `${request.method} ${request.routeOptions.url ?? request.url}`,
          message: `Admin ${session.email} called ${request.method} ${request.url}`,
        }).catch((error: unknown) => request.log.error({ err: error }, 'admin action not recorded'));
      });
      scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
        if (status >= 500) request.log.error({ err: error }, 'admin request failed');
        return reply.code(status).send({ error: status >= 500 ? 'Internal server error' : error.message });
      });
      scope.setNotFoundHandler(async (request, reply) => {
        const refused = await guard(request, reply, false, false);
        if (refused) return refused;
        const pathname = request.url.split('?')[0] ?? '';
        if (actionPaths.has(pathname)) return reply.code(403).send({ error: ADMIN_ERRORS.notJsonPost });
        return reply.code(404).send({ error: ADMIN_ERRORS.notFound });
      });

      const routeDeps = {
        db,
        clock,
        sessions,
        throttle,
        throttledEvents,
        publicOrigin: deps.publicOrigin,
        twoFactorRequiredFor: requiredFor,
        ...(deps.verifyPassword ? { verifyPassword: deps.verifyPassword } : {}),
      };
      registerLoginRoute(scope, routeDeps);
      registerSessionRoutes(scope, routeDeps);
      registerTwoFactorRoutes(scope, context, { throttle, throttledEvents, requiredFor });
      registerOwnAccountRoutes(scope, context, {
        throttle,
        throttledEvents,
        requiredFor,
        publicOrigin: deps.publicOrigin,
        verifyPassword: deps.verifyPassword ?? verifyAdminPassword,
      });
      for (const routes of deps.routes ?? []) await routes(scope, context);
    },
    { prefix: ADMIN_API_PREFIX },
  );

  return { sessions };
}
