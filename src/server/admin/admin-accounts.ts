import { count, eq } from 'drizzle-orm';
import type { Clock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import { adminUsers } from '../db/schema/admin.ts';
import type { AdminRole } from './admin-roles.ts';
import { hashAdminPassword, MIN_ADMIN_PASSWORD_LENGTH } from './password-hashing.ts';

export type AdminUserRow = typeof adminUsers.$inferSelect;

/** E-mails are compared lower-cased and trimmed: the stored key is exact (schema/admin.ts). */
export function normalizeAdminEmail(email: string): string {
  return email.trim().toLowerCase();
}

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The reason an operator-chosen e-mail or password is refused, or undefined when both are usable. */
export function adminCredentialsProblem(email: string, password: string): string | undefined {
  if (!EMAIL_FORMAT.test(normalizeAdminEmail(email))) return `"${email}" is not an e-mail address`;
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    return `the password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters long`;
  }
  return undefined;
}

export async function findAdminByEmail(db: Database, email: string): Promise<AdminUserRow | undefined> {
  const [row] = await db
    .select()
    .from(adminUsers)
    .where(eq(adminUsers.email, normalizeAdminEmail(email)))
    .limit(1);
  return row;
}

export async function countAdmins(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(adminUsers);
  return row?.n ?? 0;
}

export interface NewAdmin {
  email: string;
  password: string;
  username?: string;
  role?: AdminRole;
}

/**
 * Creates an admin with an argon2id hash of the password. Returns undefined, changing nothing, when that
 * e-mail already has an account (two starts racing to create the same admin make one row).
 */
export async function createAdmin(
  db: Database,
  clock: Clock,
  input: NewAdmin,
): Promise<AdminUserRow | undefined> {
  const problem = adminCredentialsProblem(input.email, input.password);
  if (problem) throw new Error(problem);
  const email = normalizeAdminEmail(input.email);
  const now = new Date(clock.now());
  // The first admin is the owner (who manages the others); later ones are admins unless told otherwise.
  const role = input.role ?? ((await countAdmins(db)) === 0 ? 'owner' : 'admin');
  const [row] = await db
    .insert(adminUsers)
    .values({
      email,
      username: input.username ?? email.split('@')[0] ?? email,
      passwordHash: await hashAdminPassword(input.password),
      role,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: adminUsers.email })
    .returning();
  return row;
}

/** Replaces an admin's password (admin:create --reset-password). False when no such admin exists. */
export async function setAdminPassword(
  db: Database,
  clock: Clock,
  email: string,
  password: string,
): Promise<boolean> {
  const problem = adminCredentialsProblem(email, password);
  if (problem) throw new Error(problem);
  const rows = await db
    .update(adminUsers)
    .set({ passwordHash: await hashAdminPassword(password), updatedAt: new Date(clock.now()) })
    .where(eq(adminUsers.email, normalizeAdminEmail(email)))
    .returning({ id: adminUsers.id });
  return rows.length > 0;
}
