import type { SoakResult } from './soak-run.ts';

/** The run passes when reconcile agrees, no bot met an error it could not explain, and no money rule broke. */
export function soakPassed(result: SoakResult): boolean {
  return result.reconcileExit === 0 && result.tally.failures.length === 0 && result.breaches.length === 0;
}

export function formatSoakReport(seed: number, result: SoakResult): string {
  const t = result.tally;
  const counts = (record: Record<string, number>) =>
    Object.entries(record)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  const refusals = [...t.refusals.entries()].map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
  return [
    `seed ${seed}: ${soakPassed(result) ? 'PASSED' : 'FAILED'} (replay with --seed ${seed})`,
    `rounds: ${counts(t.rounds)}`,
    `inside paid matches: ${counts(t.fates)}; matches over ${t.matchesOver}; searches cancelled ${t.cancels}`,
    `payments ${t.payments} (${t.paidLamports} lamports); resubmitted after a passing refusal ${t.resubmissions}`,
    `challenges opened ${t.facts.counts.challenges} (stepped away from ${t.facts.awayChallengeStakes.length}), accepts sent ${t.facts.counts.accepts}, Blink payments ${t.facts.counts.blinks}, exclusions mid-search ${t.facts.counts.exclusions}; wallets ${t.wallets.size}`,
    `refusals: ${refusals}`,
    ...t.failures.map((f) => `bot failure: ${f}`),
    ...result.breaches.map((b) => `rule broken: ${b}`),
    `reconcile exit ${result.reconcileExit}:`,
    result.reconcileOutput.trim(),
  ].join('\n');
}
