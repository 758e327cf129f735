/**
 * The back-office roles and who may do what (the server's guard enforces it; the panel hides what a role
 * may not use). Every /api/admin route declares one of these sets (src/server/admin/admin-roles.ts).
 */
export const ADMIN_ROLES = ['owner', 'admin', 'support', 'viewer'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === 'string' && (ADMIN_ROLES as readonly string[]).includes(value);
}

/** The role sets routes declare: reading, adding notes, acting (bans, holds, flags, money, exports), owning. */
export const ROLES = {
  /** Everything an admin may read: every role. */
  read: ADMIN_ROLES,
  /** Notes on a wallet, a game or a flag: everyone but the view-only role. */
  note: ['owner', 'admin', 'support'],
  /** Bans, holds and flags, money actions, exports. */
  act: ['owner', 'admin'],
  /** Managing the admins themselves. */
  owner: ['owner'],
} as const satisfies Record<string, readonly AdminRole[]>;

export type RoleSet = keyof typeof ROLES;

/** Whether a signed-in admin of `role` may use what `allowed` allows. */
export function roleAllows(allowed: readonly AdminRole[] | undefined, role: string): boolean {
  return allowed !== undefined && isAdminRole(role) && allowed.includes(role);
}
