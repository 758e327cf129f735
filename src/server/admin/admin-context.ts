import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import type { EventActor } from '../operations-log/system-events.ts';
import type { AdminActionInput, AdminActor, SignedInBy } from './admin-events.ts';
import type { AdminRole } from './admin-roles.ts';
import type { AdminSession, AdminSessionStore } from './admin-sessions.ts';
import type { AdminServices } from './overview/admin-services.ts';
import type { AdminTwoFactor } from './two-factor/admin-two-factor.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin inside /api/admin (set by the session guard), null elsewhere. */
    adminSession: AdminSession | null;
  }
  interface FastifyContextConfig {
    /** An /api/admin route that answers without a session (login, logout). */
    adminPublic?: boolean;
    /** The roles an /api/admin route allows (admin-roles.ts); every route but the public ones names them. */
    roles?: readonly AdminRole[];
    /** A route a session may use while its second factor is owed (the enrolment and code steps). */
    secondFactorStep?: boolean;
  }
}

/** What every admin route module is given besides its Fastify scope. */
export interface AdminRouteContext extends AdminServices {
  db: Database;
  clock: Clock;
  sessions: AdminSessionStore;
  twoFactor: AdminTwoFactor;
  /** Records the request's admin action as a system event (who, what, from which IP; when is created_at). */
  recordAction(request: FastifyRequest, input: AdminActionInput): Promise<void>;
  /**
   * The signed-in admin as an action service names them in the one event it writes itself (e-mail, id, role,
   * client IP): the request then counts as recorded, so no second, generic admin event is written for it.
   */
  actingAdmin(request: FastifyRequest): EventActor;
  /** The request's admin passed the second factor: the sign-in is whole, recorded as such (admin-sign-in.ts). */
  recordSignIn(request: FastifyRequest, by: SignedInBy): Promise<void>;
}

/**
 * An admin route module: registers its routes on the /api/admin scope (paths relative to it, e.g.
 * `scope.get('/stats', ...)`). Every route there already has the session guard (401) and, for anything
 * but GET, the JSON and same-origin checks (403); `requireAdmin(request)` gives the signed-in admin.
 */
export type AdminRoutes = (scope: FastifyInstance, context: AdminRouteContext) => void | Promise<void>;

/** The signed-in admin of a guarded route; throws if called where the guard did not run. */
export function requireAdmin(request: FastifyRequest): AdminSession {
  if (!request.adminSession) throw new Error('requireAdmin called outside the /api/admin session guard');
  return request.adminSession;
}

export const actorOf = (session: AdminSession): AdminActor => ({
  adminId: session.adminId,
  email: session.email,
  role: session.role,
});
