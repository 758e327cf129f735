import { z } from 'zod';
import { ADMIN_ROLES, type AdminRole } from '../admin-roles.ts';

/** ADMIN_2FA_ROLES: the roles that must pass a second factor after the password. */
export const ADMIN_2FA_ROLES_EXPECTED = `must be a comma-separated list of ${ADMIN_ROLES.join(', ')} (or empty)`;

export const admin2faRolesSchema = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((role) => role.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(ADMIN_ROLES)))
  .transform((roles): readonly AdminRole[] => [...new Set(roles)]);
