import type { AdminRole } from '../../common/admin-permissions.ts';

/**
 * The back-office roles, and which of them each kind of /api/admin route allows. Every route declares its
 * `roles` (route config); one guard in register-admin-routes.ts answers 403 to any other role, and a route
 * registered without them is refused at start, so a new route cannot be open to every role by omission.
 * The roles and their sets live in src/common: the panel hides what a role may not use.
 */
export {
  ADMIN_ROLES,
  type AdminRole,
  isAdminRole,
  ROLES,
  roleAllows,
} from '../../common/admin-permissions.ts';

/** The route config every guarded /api/admin route carries. */
export const allow = (roles: readonly AdminRole[]) => ({ config: { roles } });
