import { and, asc, eq } from 'drizzle-orm';
import type { AdminAccount } from '../../../common/api/admin-accounts-api.ts';
import type { Clock } from '../../../common/clock.ts';
import type { Database } from '../../db/database.ts';
import { adminUsers } from '../../db/schema/admin.ts';
import type { AdminUserRow } from '../admin-accounts.ts';
import { type AdminRole, isAdminRole } from '../admin-roles.ts';
import { type ActionResult, refused } from '../queries/action-result.ts';

export const ACCOUNT_ERRORS = {
  notFound: 'No such admin',
  self: 'You cannot demote or deactivate yourself',
  selfReset: 'You cannot reset your own two-factor sign-in',
  emailTaken: 'An admin with this e-mail exists already',
  /** Another owner demoted or deactivated the actor a moment before. */
  notOwner: 'You are no longer an active owner',
} as const;

export function accountView(row: AdminUserRow): AdminAccount {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    role: isAdminRole(row.role) ? row.role : 'viewer',
    isActive: row.isActive,
    twoFactorEnrolled: row.totpEnabledAt !== null,
    lastLogin: row.lastLogin?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAdminAccounts(db: Database): Promise<AdminAccount[]> {
  const rows = await db.select().from(adminUsers).orderBy(asc(adminUsers.createdAt), asc(adminUsers.id));
  return rows.map(accountView);
}

export type AccountChange = { role: AdminRole } | { isActive: boolean };

/**
 * Changes another admin's role or active flag, keeping at least one active owner. The acting owner cannot
 * demote or deactivate themselves, so while they stay an active owner the rule holds; the active owners'
 * rows are locked first, so two owners demoting each other at once cannot both pass (the second finds
 * that its actor is no longer an owner).
 */
export async function changeAdminAccount(
  deps: { db: Database; clock: Clock },
  actorId: string,
  targetId: string,
  change: AccountChange,
): Promise<ActionResult<{ before: AdminAccount; after: AdminAccount }>> {
  if (targetId === actorId) return refused(409, ACCOUNT_ERRORS.self);
  return deps.db.transaction(async (tx) => {
    const owners = await tx
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(and(eq(adminUsers.role, 'owner'), eq(adminUsers.isActive, true)))
      .for('update');
    if (!owners.some((o) => o.id === actorId)) return refused(409, ACCOUNT_ERRORS.notOwner);
    const [before] = await tx.select().from(adminUsers).where(eq(adminUsers.id, targetId)).limit(1);
    if (!before) return refused(404, ACCOUNT_ERRORS.notFound);
    const [after] = await tx
      .update(adminUsers)
      .set({ ...change, updatedAt: new Date(deps.clock.now()) })
      .where(eq(adminUsers.id, targetId))
      .returning();
    if (!after) return refused(404, ACCOUNT_ERRORS.notFound);
    return { ok: true, body: { before: accountView(before), after: accountView(after) } };
  });
}

export async function findAdminAccount(db: Database, id: string): Promise<AdminUserRow | undefined> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id)).limit(1);
  return row;
}
