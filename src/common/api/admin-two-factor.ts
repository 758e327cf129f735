import { z } from 'zod';

/** The admin API's second-factor step (TOTP, RFC 6238, or a one-time recovery code). */

/** What a session still owes after its password: enrolment, a code, or nothing. */
export const secondFactorStageSchema = z.enum(['enrol', 'verify']).nullable();
export type SecondFactorStage = z.infer<typeof secondFactorStageSchema>;

/** GET /api/admin/two-factor: the session's step and whether the admin has an authenticator. */
export const twoFactorStatusSchema = z.object({ stage: secondFactorStageSchema, enrolled: z.boolean() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/admin/two-factor/enrol: a new secret, as text and as the otpauth:// URI the QR code holds. */
export const twoFactorEnrolmentSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

/** POST /api/admin/two-factor/confirm: enrolment done; the recovery codes, shown this once. */
export const twoFactorConfirmedSchema = z.object({
  success: z.literal(true),
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorConfirmed = z.infer<typeof twoFactorConfirmedSchema>;

/** POST /api/admin/two-factor/verify: the session is signed in; a recovery code says how many are left. */
export const twoFactorVerifiedSchema = z.object({
  success: z.literal(true),
  by: z.enum(['totp', 'recovery_code']),
  recoveryCodesLeft: z.number().int().nonnegative().optional(),
});
export type TwoFactorVerified = z.infer<typeof twoFactorVerifiedSchema>;

/** A six-digit code or a recovery code, as the code step sends it. */
export const secondFactorCodeBodySchema = z.object({ code: z.string().trim().min(1).max(32) });
