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

/** Each figure the risk pass records, as an operator reads its name (pair-signals.ts, bot-signals.ts). */
export const RISK_FIGURE_LABELS: Record<string, string> = {
  games: 'Games together',
  expectedGames: 'Expected by chance',
  ratio: 'Times chance',
  walletWins: 'Won by this wallet',
  opponentWins: 'Won by the other',
  loser: 'Lost most',
  sharedIps: 'Shared IPs',
  gamesTogether: 'Games against each other',
  commonOpponents: 'Opponents in common',
  reactions: 'Reactions measured',
  medianMs: 'Median reaction (ms)',
  fastShare: 'Share under human speed',
  gaps: 'Move gaps measured',
  meanGapMs: 'Mean gap (ms)',
  variation: 'Variation',
  returns: 'Returns measured',
  earlyReads: 'Early reads',
  share: 'Share early',
};

/** A figure's name in words: its label, or its key spaced out ('someFigure' reads 'Some figure'). */
export function riskFigureLabel(key: string): string {
  const label = RISK_FIGURE_LABELS[key];
  if (label) return label;
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

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
