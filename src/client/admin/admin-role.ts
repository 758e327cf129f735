import { createContext, useContext } from 'react';
import { ROLES, type RoleSet, roleAllows } from '../../common/admin-permissions.ts';

/**
 * The signed-in admin's role (GET /api/admin/user), provided by the dashboard. Controls the role may not use
 * are left out (the server refuses them anyway, 403). Outside the dashboard (a component rendered on its own
 * in a test) there is no role, and nothing is hidden.
 */
export const AdminRoleContext = createContext<string | null>(null);

/** Whether the signed-in role may use what the role set `set` allows (src/common/admin-permissions.ts). */
export function useAdminCan(set: RoleSet): boolean {
  const role = useContext(AdminRoleContext);
  return role === null || roleAllows(ROLES[set], role);
}
