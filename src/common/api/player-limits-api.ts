import { z } from 'zod';
import { LAMPORTS_PER_SOL } from '../format.ts';
import { LOSS_LIMIT_KINDS } from '../player-limits.ts';
import { SELF_EXCLUSION_PERIODS, type SelfExclusionPeriod } from '../rules.ts';
import { instant, lamportsText } from './wire-values.ts';

/**
 * Player protection over HTTP: GET /api/player/limits (the signed-in wallet's exclusion and loss limits, with
 * the net loss of each window), PUT /api/player/limits/exclusion and PUT /api/player/limits/loss. Lamports
 * cross as decimal strings; the panel turns the SOL a player types into lamports exactly (solTextToLamports).
 */

export const SELF_EXCLUSION_PERIOD_IDS = Object.keys(SELF_EXCLUSION_PERIODS) as [
  SelfExclusionPeriod,
  ...SelfExclusionPeriod[],
];

/** A loss limit as it stands: the one in force, a raise or removal waiting, and the window's net loss. */
export const lossLimitViewSchema = z.object({
  /** In force now; null: no limit. */
  lamports: lamportsText.nullable(),
  /** A raise or a removal (lamports null) that takes effect at `effectiveAt`. */
  pending: z.object({ lamports: lamportsText.nullable(), effectiveAt: instant }).nullable(),
  /** Net paid-mode loss over the window ending now (negative: a net win). */
  lossLamports: lamportsText,
});
export type LossLimitView = z.infer<typeof lossLimitViewSchema>;

/** A self-exclusion in force (endsAt null: permanent). */
export const exclusionViewSchema = z.object({ startedAt: instant, endsAt: instant.nullable() });

export const limitsViewSchema = z.object({
  exclusion: exclusionViewSchema.nullable(),
  daily: lossLimitViewSchema,
  weekly: lossLimitViewSchema,
});
export type LimitsView = z.infer<typeof limitsViewSchema>;

/** GET and PUT's answer; walletAddress null (and no limits) for a browser that is not signed in. */
export const playerLimitsAnswerSchema = limitsViewSchema.extend({ walletAddress: z.string().nullable() });
export type PlayerLimitsAnswer = z.infer<typeof playerLimitsAnswerSchema>;

export const exclusionRequestSchema = z.strictObject({ period: z.enum(SELF_EXCLUSION_PERIOD_IDS) });
export type ExclusionRequest = z.infer<typeof exclusionRequestSchema>;

/** A positive whole number of lamports as text, at most 1,000,000 SOL; null removes the limit. */
export const lossLimitRequestSchema = z.strictObject({
  kind: z.enum(LOSS_LIMIT_KINDS),
  lamports: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'Expected a positive whole number of lamports, at most 1,000,000 SOL')
    .nullable(),
});
export type LossLimitRequest = z.infer<typeof lossLimitRequestSchema>;

/** SOL as a player types it ('0.5', '2', '.25') to exact lamports; null when it is not a positive amount. */
export function solTextToLamports(text: string): bigint | null {
  const match = /^(\d*)(?:\.(\d{0,9}))?$/.exec(text.trim());
  if (!match || (match[1] === '' && !match[2])) return null;
  const lamports = BigInt(match[1] || '0') * LAMPORTS_PER_SOL + BigInt((match[2] ?? '').padEnd(9, '0'));
  return lamports > 0n ? lamports : null;
}
