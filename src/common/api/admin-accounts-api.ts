import { z } from 'zod';
import { ADMIN_ROLES } from '../admin-permissions.ts';
import { instant } from './wire-values.ts';

/** The owner's management of the back-office accounts (GET/POST /api/admin/admins...). */

export const adminRoleNameSchema = z.enum(ADMIN_ROLES);
export type AdminRoleName = z.infer<typeof adminRoleNameSchema>;

/** One admin as the owner sees it: never its password hash nor its authenticator secret. */
export const adminAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  role: adminRoleNameSchema,
  isActive: z.boolean(),
  twoFactorEnrolled: z.boolean(),
  lastLogin: instant.nullable(),
  createdAt: instant,
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

/** GET /api/admin/admins: every admin, the oldest first. */
export const adminAccountsSchema = z.object({ admins: z.array(adminAccountSchema) });
export type AdminAccounts = z.infer<typeof adminAccountsSchema>;

/** Every change answers with the admin as it now is. */
export const adminAccountAnswerSchema = z.object({ success: z.literal(true), admin: adminAccountSchema });
export type AdminAccountAnswer = z.infer<typeof adminAccountAnswerSchema>;

/** POST /api/admin/admins. */
export const newAdminBodySchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
  role: adminRoleNameSchema,
});

/** POST /api/admin/admins/role. */
export const adminRoleBodySchema = z.object({ adminId: z.uuid(), role: adminRoleNameSchema });

/** POST /api/admin/admins/deactivate, /reactivate and /reset-2fa. */
export const adminTargetBodySchema = z.object({ adminId: z.uuid() });
