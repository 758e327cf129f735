import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Clock } from '../../../common/clock.ts';
import type { Database } from '../../db/database.ts';
import { adminUsers } from '../../db/schema/admin.ts';
import {
  deleteRecoveryCodes,
  newRecoveryCodes,
  replaceRecoveryCodes,
  spendRecoveryCode,
  unusedRecoveryCodes,
} from './recovery-codes.ts';
import { base32Encode, matchTotp, newTotpSecret, otpauthUri } from './totp.ts';
import type { TotpSecretBox } from './totp-secret-box.ts';

/** The name authenticator apps show above the code. */
export const TOTP_ISSUER = 'Pong Admin';

export interface Enrolment {
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: string;
  otpauthUri: string;
}

export type SecondFactorCheck =
  | { ok: true; by: 'totp' }
  | { ok: true; by: 'recovery_code'; recoveryCodesLeft: number }
  | { ok: false };

export interface AdminTwoFactor {
  /** A fresh secret for an admin without a confirmed one (a second start replaces the first); undefined once enrolled. */
  startEnrolment(admin: { adminId: string; email: string }): Promise<Enrolment | undefined>;
  /** The first code from the new secret: enrolment done, and its recovery codes (shown once); undefined if wrong. */
  confirmEnrolment(adminId: string, code: string): Promise<{ recoveryCodes: string[] } | undefined>;
  /** A code from the app (each time step once) or an unused recovery code. */
  check(adminId: string, code: string): Promise<SecondFactorCheck>;
  /** A code from the app only (each time step once): a recovery code does not count here. */
  checkTotp(adminId: string, code: string): Promise<boolean>;
  /** New recovery codes for an enrolled admin (the old ones, used or not, stop working); undefined if not enrolled. */
  renewRecoveryCodes(adminId: string): Promise<string[] | undefined>;
  /** Forgets the secret and the recovery codes: the admin enrols again at the next sign-in. */
  reset(adminId: string): Promise<void>;
}

export function createAdminTwoFactor(deps: {
  db: Database;
  clock: Clock;
  box: TotpSecretBox;
}): AdminTwoFactor {
  const { db, clock, box } = deps;

  const secretOf = async (adminId: string, enrolled: boolean) => {
    const [row] = await db
      .select({
        sealed: adminUsers.totpSecret,
        enabledAt: adminUsers.totpEnabledAt,
        lastStep: adminUsers.totpLastStep,
      })
      .from(adminUsers)
      .where(eq(adminUsers.id, adminId))
      .limit(1);
    if (!row?.sealed || (row.enabledAt !== null) !== enrolled) return undefined;
    const secret = box.open(row.sealed, adminId);
    return secret ? { secret, lastStep: row.lastStep } : undefined;
  };

  /** Takes `step` as the last accepted one, unless a request took it (or a later one) first: no replay. */
  const claimStep = async (adminId: string, step: number, enable: boolean) => {
    const now = new Date(clock.now());
    const claimed = await db
      .update(adminUsers)
      .set({ totpLastStep: step, updatedAt: now, ...(enable ? { totpEnabledAt: now } : {}) })
      .where(
        and(
          eq(adminUsers.id, adminId),
          or(isNull(adminUsers.totpLastStep), lt(adminUsers.totpLastStep, step)),
          enable ? isNull(adminUsers.totpEnabledAt) : undefined,
        ),
      )
      .returning({ id: adminUsers.id });
    return claimed.length === 1;
  };

  return {
    async startEnrolment(admin) {
      const secret = newTotpSecret();
      const started = await db
        .update(adminUsers)
        .set({
          totpSecret: box.seal(secret, admin.adminId),
          totpLastStep: null,
          updatedAt: new Date(clock.now()),
        })
        .where(and(eq(adminUsers.id, admin.adminId), isNull(adminUsers.totpEnabledAt)))
        .returning({ id: adminUsers.id });
      if (started.length === 0) return undefined;
      return { secret: base32Encode(secret), otpauthUri: otpauthUri(secret, TOTP_ISSUER, admin.email) };
    },

    async confirmEnrolment(adminId, code) {
      const pending = await secretOf(adminId, false);
      if (!pending) return undefined;
      const step = matchTotp(pending.secret, code, clock.now(), pending.lastStep);
      if (step === null || !(await claimStep(adminId, step, true))) return undefined;
      const recoveryCodes = newRecoveryCodes();
      await replaceRecoveryCodes(db, adminId, recoveryCodes);
      return { recoveryCodes };
    },

    async check(adminId, code) {
      const enrolled = await secretOf(adminId, true);
      if (!enrolled) return { ok: false };
      const step = matchTotp(enrolled.secret, code, clock.now(), enrolled.lastStep);
      if (step !== null)
        return (await claimStep(adminId, step, false)) ? { ok: true, by: 'totp' } : { ok: false };
      if (!(await spendRecoveryCode(db, adminId, code, new Date(clock.now())))) return { ok: false };
      return { ok: true, by: 'recovery_code', recoveryCodesLeft: await unusedRecoveryCodes(db, adminId) };
    },

    async checkTotp(adminId, code) {
      const enrolled = await secretOf(adminId, true);
      if (!enrolled) return false;
      const step = matchTotp(enrolled.secret, code, clock.now(), enrolled.lastStep);
      return step !== null && (await claimStep(adminId, step, false));
    },

    async renewRecoveryCodes(adminId) {
      const [row] = await db
        .select({ enabledAt: adminUsers.totpEnabledAt })
        .from(adminUsers)
        .where(eq(adminUsers.id, adminId))
        .limit(1);
      if (!row?.enabledAt) return undefined;
      const recoveryCodes = newRecoveryCodes();
      await replaceRecoveryCodes(db, adminId, recoveryCodes);
      return recoveryCodes;
    },

    reset: (adminId) => resetTwoFactor(db, clock, adminId),
  };
}

/** Forgets an admin's secret and recovery codes (the owner's reset, and `admin:create --reset-2fa`). */
export async function resetTwoFactor(db: Database, clock: Clock, adminId: string): Promise<void> {
  await db
    .update(adminUsers)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date(clock.now()) })
    .where(eq(adminUsers.id, adminId));
  await deleteRecoveryCodes(db, adminId);
}
