import { scrapeMetrics, whyMetricsUnreadable } from './prometheus.ts';

/**
 * `--metrics NODE_URL` (repeatable, only with `--target`): the game nodes of a cluster whose own /metrics the
 * bench reads, since the cluster's proxy spreads scrapes over them. Their URLs are checked here, and each
 * node's /metrics once before any bot starts, so a node that cannot be read stops the run with its name
 * instead of turning the cluster's figures into a silent null.
 */

/** The nodes' base URLs (origins) from the `--metrics` values; an empty list without any. */
export function metricsNodesOf(texts: string[] | undefined, target: string | null): string[] {
  if (texts === undefined || texts.length === 0) return [];
  if (target === null) throw new Error('--metrics reads the nodes of a cluster driven with --target URL');
  const origins = texts.map((text) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new Error(`--metrics must be a node's http:// or https:// base URL (got ${text})`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`--metrics must be a node's http:// or https:// base URL (got ${text})`);
    return url.origin;
  });
  const twice = origins.find((origin, i) => origins.indexOf(origin) !== i);
  if (twice) throw new Error(`--metrics names ${twice} twice; its figures would count twice`);
  return origins;
}

/** Why one node's /metrics cannot be read as a game node's, or null when it can. */
async function whyNodeUnreadable(url: string): Promise<string | null> {
  const why = await whyMetricsUnreadable(url);
  if (why) return why;
  const scrape = await scrapeMetrics(url);
  return scrape.has('pong_live_matches') ? null : 'its /metrics has no pong_live_matches: not a game node';
}

/** Resolves when every node's /metrics reads as one game node's; else rejects naming each node that does not. */
export async function checkMetricsNodes(urls: string[]): Promise<void> {
  const problems = await Promise.all(
    urls.map(async (url) => {
      const why = await whyNodeUnreadable(url);
      return why && `${url}: ${why}`;
    }),
  );
  const unreadable = problems.filter((p) => p !== null);
  if (unreadable.length > 0)
    throw new Error(`--metrics: cannot read these nodes' /metrics: ${unreadable.join('; ')}`);
}
