import type { FastifyInstance } from 'fastify';
import type { AdminRouteContext } from '../admin-context.ts';
import type { OwnAccountDeps } from './own-account-deps.ts';
import { registerOwnSessionRoutes } from './own-sessions-routes.ts';
import { registerPasswordChangeRoute } from './password-change-route.ts';
import { registerRecoveryCodesRoute } from './recovery-codes-route.ts';

/**
 * Each signed-in admin's own account, whatever the role (ROLES.read): their password, their recovery codes,
 * their sessions. Registered beside the sign-in routes: it counts in the same throttles.
 */
export function registerOwnAccountRoutes(
  scope: FastifyInstance,
  context: AdminRouteContext,
  deps: OwnAccountDeps,
): void {
  registerPasswordChangeRoute(scope, context, deps);
  registerRecoveryCodesRoute(scope, context, deps);
  registerOwnSessionRoutes(scope, context, deps);
}
