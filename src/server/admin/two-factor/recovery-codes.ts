import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { adminRecoveryCodes } from '../../db/schema/admin.ts';
import { base32Encode } from './totp.ts';

/** Ten one-time codes, shown once at enrolment. */
export const RECOVERY_CODE_COUNT = 10;

/** 50 random bits as `xxxxx-xxxxx` (base32, lower case): too many to guess within the throttle. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/** Whether a typed code has a recovery code's shape (spaces, dashes and case aside). */
export const looksLikeRecoveryCode = (code: string): boolean => /^[a-z2-7]{10}$/.test(normalize(code));

const normalize = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * Stored hashed: SHA-256 of the admin id and the code. A fast hash is enough for 50 random bits tried
 * through the sign-in throttle; the id keeps equal codes of two admins apart.
 */
export function recoveryCodeHash(adminId: string, code: string): string {
  return createHash('sha256')
    .update(`${adminId}\n${normalize(code)}`)
    .digest('hex');
}

/** The admin's codes become `codes` (the old ones, used or not, are gone). */
export async function replaceRecoveryCodes(
  db: Database,
  adminId: string,
  codes: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
    await tx
      .insert(adminRecoveryCodes)
      .values(codes.map((code) => ({ adminId, codeHash: recoveryCodeHash(adminId, code) })));
  });
}

/**
 * Uses one code: one conditional update, so two requests racing with the same code get one success.
 * True when the code was the admin's and unused.
 */
export async function spendRecoveryCode(
  db: Database,
  adminId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  if (!looksLikeRecoveryCode(code)) return false;
  const used = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(adminRecoveryCodes.adminId, adminId),
        eq(adminRecoveryCodes.codeHash, recoveryCodeHash(adminId, code)),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ adminId: adminRecoveryCodes.adminId });
  return used.length === 1;
}

export async function unusedRecoveryCodes(db: Database, adminId: string): Promise<number> {
  const rows = await db
    .select({ hash: adminRecoveryCodes.codeHash })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
  return rows.length;
}

export async function deleteRecoveryCodes(db: Database, adminId: string): Promise<void> {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
}
