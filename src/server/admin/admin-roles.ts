/**
 * The back-office roles, and which of them each kind of /api/admin route allows. Every route declares its
 * `roles` (route config); one guard in register-admin-routes.ts answers 403 to any other role, and a route
 * registered without them is refused at start, so a new route cannot be open to every role by omission.
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

/** The route config every guarded /api/admin route carries. */
export const allow = (roles: readonly AdminRole[]) => ({ config: { roles } });

/** Whether a signed-in admin of `role` may use a route that allows `allowed`. */
export function roleAllows(allowed: readonly AdminRole[] | undefined, role: string): boolean {
  return allowed !== undefined && isAdminRole(role) && allowed.includes(role);
}
