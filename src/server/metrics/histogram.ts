/**
 * A Prometheus histogram: cumulative counts under fixed upper bounds, a sum and a count. Quantiles over a
 * period are read from two scrapes (the difference of the buckets), as `histogram_quantile` does, so the
 * bounds are dense where the goals sit (a tick budget of 16.7 ms, a payment goal of 50 and 250 ms).
 */
export interface Histogram {
  observe(value: number): void;
  /** Adds `count` observations of one value at once (folding another histogram in). */
  observeMany(value: number, count: number): void;
  /** The metric's lines in the Prometheus text format, with its HELP and TYPE. */
  render(): string;
}

export function createHistogram(options: {
  name: string;
  help: string;
  bounds: readonly number[];
}): Histogram {
  const bounds = [...options.bounds].sort((a, b) => a - b);
  const counts = new Array<number>(bounds.length + 1).fill(0);
  let sum = 0;
  let count = 0;

  const observeMany = (value: number, n: number) => {
    if (!Number.isFinite(value) || n <= 0) return;
    let i = 0;
    while (i < bounds.length && value > bounds[i]!) i++;
    counts[i]! += n;
    sum += value * n;
    count += n;
  };

  return {
    observe: (value) => observeMany(value, 1),
    observeMany,
    render() {
      const { name } = options;
      const lines = [`# HELP ${name} ${options.help}`, `# TYPE ${name} histogram`];
      let cumulative = 0;
      bounds.forEach((bound, i) => {
        cumulative += counts[i]!;
        lines.push(`${name}_bucket{le="${bound}"} ${cumulative}`);
      });
      lines.push(`${name}_bucket{le="+Inf"} ${count}`, `${name}_sum ${sum}`, `${name}_count ${count}`);
      return lines.join('\n');
    },
  };
}

/** A counter or gauge line with its HELP and TYPE. */
export function renderValue(name: string, type: 'counter' | 'gauge', help: string, value: number): string {
  return `# HELP ${name} ${help}\n# TYPE ${name} ${type}\n${name} ${value}`;
}
