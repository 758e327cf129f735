import { SERVED_BY_HEADER } from '../scripts/cluster/proxy.ts';

/** The server's /metrics read back: Prometheus text parsed into series, and histogram quantiles over a period. */
export type Scrape = Map<string, number>;

/** `name{labels} value` lines into a map keyed by `name{labels}` exactly as written; comments are skipped. */
export function parsePrometheus(text: string): Scrape {
  const series: Scrape = new Map();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    series.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return series;
}

/** How much a counter (or a histogram's sum or count) grew between two scrapes. */
export function increase(before: Scrape, after: Scrape, name: string): number {
  return (after.get(name) ?? 0) - (before.get(name) ?? 0);
}

/**
 * The q-quantile (0..1) of what a histogram observed between two scrapes, as Prometheus'
 * `histogram_quantile` computes it: find the bucket holding the rank, interpolate linearly inside it (from 0
 * for the first bucket); a rank in the +Inf bucket gives the highest finite bound. NaN without observations.
 */
export function histogramQuantile(q: number, before: Scrape, after: Scrape, name: string): number {
  const prefix = `${name}_bucket{le="`;
  const buckets: Array<{ le: number; count: number }> = [];
  for (const key of after.keys()) {
    if (!key.startsWith(prefix)) continue;
    const le = key.slice(prefix.length, -2);
    buckets.push({
      le: le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le),
      count: increase(before, after, key),
    });
  }
  buckets.sort((a, b) => a.le - b.le);
  const total = buckets.at(-1)?.count ?? 0;
  if (total <= 0) return Number.NaN;
  const rank = q * total;
  let lowerBound = 0;
  let lowerCount = 0;
  for (const { le, count } of buckets) {
    if (count >= rank) {
      if (le === Number.POSITIVE_INFINITY) return lowerBound;
      const inBucket = count - lowerCount;
      return inBucket === 0 ? le : lowerBound + ((le - lowerBound) * (rank - lowerCount)) / inBucket;
    }
    lowerBound = le;
    lowerCount = count;
  }
  return lowerBound;
}

/** `baseUrl`'s /metrics, parsed; a failed request or an answer other than 200 throws, naming `baseUrl`. */
export async function scrapeMetrics(baseUrl: string): Promise<Scrape> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/metrics`);
  } catch (error) {
    throw new Error(
      `GET ${baseUrl}/metrics failed (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (!response.ok) throw new Error(`GET ${baseUrl}/metrics answered ${response.status}`);
  return parsePrometheus(await response.text());
}

/**
 * Why `baseUrl`'s /metrics cannot be read as one server's (for `--target`), or null when it can: it does not
 * answer 200, or the cluster's proxy answered (it names the node in `x-served-by`), which sends each scrape
 * to the next node, so two scrapes would not be of one process.
 */
export async function whyMetricsUnreadable(baseUrl: string): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/metrics`);
  } catch (error) {
    return `GET /metrics failed (${error instanceof Error ? error.message : String(error)})`;
  }
  await response.body?.cancel();
  if (!response.ok) return `GET /metrics answered ${response.status}`;
  const node = response.headers.get(SERVED_BY_HEADER);
  return node === null
    ? null
    : `a proxy answered GET /metrics (from ${node}); each scrape may reach another node`;
}
