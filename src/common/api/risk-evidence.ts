import { z } from 'zod';

/**
 * The evidence behind a wallet's risk score (wallet_analytics.suspicious_patterns, and a system flag's
 * flagged_wallets.evidence): each signal with the points it adds, a sentence, its figures and the games it
 * was seen in, so an operator can open them. Written by src/server/risk/, read by the back-office.
 */
export const RISK_SIGNAL_KINDS = [
  'chip_dumping',
  'multi_accounting',
  'fast_reactions',
  'regular_cadence',
  'perfect_tracking',
] as const;
export type RiskSignalKind = (typeof RISK_SIGNAL_KINDS)[number];

export const RISK_SIGNAL_LABELS: Record<RiskSignalKind, string> = {
  chip_dumping: 'Chip dumping / collusion',
  multi_accounting: 'Multi-accounting',
  fast_reactions: 'Inhuman reactions',
  regular_cadence: 'Machine-regular input',
  perfect_tracking: 'Perfect tracking',
};

export const riskSignalSchema = z.object({
  kind: z.enum(RISK_SIGNAL_KINDS),
  points: z.number(),
  summary: z.string(),
  figures: z.record(z.string(), z.union([z.number(), z.string(), z.array(z.string()), z.null()])),
  /** The games the signal was measured on (newest first, at most a few dozen). */
  games: z.array(z.string()),
  /** The other wallet, for a signal about a pair. */
  otherWallet: z.string().optional(),
});
export type RiskSignal = z.infer<typeof riskSignalSchema>;

export const riskEvidenceSchema = z.object({
  version: z.literal(1),
  score: z.number().int().min(0).max(100),
  computedAt: z.string(),
  signals: z.array(riskSignalSchema),
});
export type RiskEvidence = z.infer<typeof riskEvidenceSchema>;

/** The evidence in a stored value, or null when it is none (an operator's own flag, an older row). */
export function riskEvidenceOf(value: unknown): RiskEvidence | null {
  const parsed = riskEvidenceSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
