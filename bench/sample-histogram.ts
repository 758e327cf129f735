/**
 * Bot-side timings (echo, snapshot gaps) in 0.1 ms steps: exact to the step, small whatever the run's length,
 * and mergeable across the load generator's processes, which send them as plain [step, count] pairs.
 */
export const STEPS_PER_MS = 10;

export type SampleCounts = Array<[step: number, count: number]>;

export interface SampleHistogram {
  add(ms: number): void;
  merge(counts: SampleCounts): void;
  count(): number;
  /** Nearest rank: the smallest recorded value (to the step below) with at least p% of samples at or under it. */
  percentile(p: number): number;
  counts(): SampleCounts;
  reset(): void;
}

export function createSampleHistogram(): SampleHistogram {
  const steps = new Map<number, number>();
  let total = 0;
  const addSteps = (step: number, n: number) => {
    steps.set(step, (steps.get(step) ?? 0) + n);
    total += n;
  };
  return {
    add(ms) {
      if (!Number.isFinite(ms) || ms < 0) return;
      // The epsilon keeps 0.3 ms in step 3 although 0.3 * 10 is 2.9999999999999996 in binary.
      addSteps(Math.floor(ms * STEPS_PER_MS + 1e-9), 1);
    },
    merge(counts) {
      for (const [step, n] of counts) addSteps(step, n);
    },
    count: () => total,
    percentile(p) {
      if (total === 0) return Number.NaN;
      const rank = Math.max(1, Math.ceil((p / 100) * total));
      let seen = 0;
      for (const step of [...steps.keys()].sort((a, b) => a - b)) {
        seen += steps.get(step)!;
        if (seen >= rank) return step / STEPS_PER_MS;
      }
      return Number.NaN;
    },
    counts: () => [...steps.entries()],
    reset() {
      steps.clear();
      total = 0;
    },
  };
}
