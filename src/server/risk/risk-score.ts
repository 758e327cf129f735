import type { RiskEvidence, RiskSignal } from '../../common/api/risk-evidence.ts';

/**
 * A wallet's risk score, 0-100: for each kind of signal, the points of its strongest instance, summed and
 * capped at 100 (two pairs dumping to one wallet weigh as much as the worse one; a dumping pair that is also
 * one person's two accounts weighs both). The signals are kept whole as its evidence, strongest first.
 */
export function riskEvidence(signals: readonly RiskSignal[], computedAt: Date): RiskEvidence {
  const strongest = new Map<string, number>();
  for (const s of signals) strongest.set(s.kind, Math.max(strongest.get(s.kind) ?? 0, s.points));
  const sum = [...strongest.values()].reduce((a, b) => a + b, 0);
  return {
    version: 1,
    score: Math.min(100, Math.round(sum)),
    computedAt: computedAt.toISOString(),
    signals: [...signals].sort((a, b) => b.points - a.points),
  };
}

/** The flag's reason: the score and the kinds behind it, strongest first. */
export function flagReasonOf(evidence: RiskEvidence): string {
  const kinds = [...new Set(evidence.signals.map((s) => s.kind))];
  return `Risk score ${evidence.score}: ${kinds.join(', ')}`;
}

/** A score at or past this severity's floor takes it. */
export function severityOf(score: number): 'medium' | 'high' | 'critical' {
  if (score >= 95) return 'critical';
  if (score >= 80) return 'high';
  return 'medium';
}

/**
 * A game's integrity score, 100 for nothing seen: 100 minus the points of the signals seen within it (a seat's
 * bot signals judged on this game alone, the two players on one IP), floored at 0. The game is marked
 * suspicious as soon as any signal is seen.
 */
export const SAME_IP_GAME_POINTS = 40;

export function gameIntegrity(signalPoints: readonly number[]): {
  integrityScore: number;
  suspicious: boolean;
} {
  const points = signalPoints.reduce((a, b) => a + b, 0);
  return { integrityScore: Math.max(0, 100 - points), suspicious: signalPoints.length > 0 };
}
