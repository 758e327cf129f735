import {
  cpuPctOf,
  memoryOf,
  perMatchOf,
  rssRow,
  type ServerFigures,
  type ServerMemory,
  type ServerScrapes,
  serverFiguresOf,
} from './figures.ts';

/**
 * `npm run bench -- --target URL --metrics NODE_URL ...`: a cluster's server figures from each game node's own
 * /metrics, since its proxy spreads scrapes over the nodes. Matches and missed ticks add up; tick and event-loop
 * times are the worst node's; CPU and memory per match are the nodes' totals over the cluster's matches, as one
 * server's are over its own (so one node gives exactly the one-server figures). Pure: bench/run.ts scrapes.
 */

/** One node's scrapes over the period, named by the base URL they were read from. */
export interface NodeScrapes {
  url: string;
  scrapes: ServerScrapes;
}

/** What the table shows of one node. */
export interface NodeFigures {
  url: string;
  matches: number;
  tickP99Ms: number;
  /** The node process's CPU through the period, % of one core. */
  cpuPct: number;
}

export interface ClusterServer {
  figures: ServerFigures;
  /** The nodes' memory added up: idle, half and full load, and live matches. */
  memory: ServerMemory;
  nodes: NodeFigures[];
}

/** The highest value; a node that saw no observation (NaN: no match ticked there) does not count. */
function worst(values: number[]): number {
  const seen = values.filter((v) => !Number.isNaN(v));
  return seen.length === 0 ? Number.NaN : Math.max(...seen);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * The nodes' memory as one server's: every RSS and live-match count summed. The half step is the sum of the
 * nodes' half steps (all nodes have one or none: they are scraped at the same steps).
 */
function summedMemory(nodes: ServerMemory[]): ServerMemory {
  const halves = nodes.map((n) => n.halfway);
  return {
    idleRss: sum(nodes.map((n) => n.idleRss)),
    halfway: halves.every((h) => h !== null)
      ? { rss: sum(halves.map((h) => h.rss)), matches: sum(halves.map((h) => h.matches)) }
      : null,
    loadedRss: sum(nodes.map((n) => n.loadedRss)),
    liveMatches: sum(nodes.map((n) => n.liveMatches)),
  };
}

export function clusterServerOf(nodes: NodeScrapes[]): ClusterServer {
  if (nodes.length === 0) throw new Error('A cluster’s figures need at least one node’s scrapes');
  const each = nodes.map(({ url, scrapes }) => ({
    url,
    figures: serverFiguresOf(scrapes),
    cpuPct: cpuPctOf(scrapes),
    memory: memoryOf(scrapes),
  }));
  const memory = summedMemory(each.map((n) => n.memory));
  const max = (key: 'tickP99Ms' | 'tickP50Ms' | 'loopDelayP99Ms') => worst(each.map((n) => n.figures[key]));
  return {
    figures: {
      tickP99Ms: max('tickP99Ms'),
      tickP50Ms: max('tickP50Ms'),
      missedTicks: sum(each.map((n) => n.figures.missedTicks)),
      loopDelayP99Ms: max('loopDelayP99Ms'),
      ...perMatchOf(sum(each.map((n) => n.cpuPct)), memory),
    },
    memory,
    nodes: each.map((n) => ({
      url: n.url,
      matches: n.figures.matches,
      tickP99Ms: n.figures.tickP99Ms,
      cpuPct: n.cpuPct,
    })),
  };
}

/** The table's server rows for a cluster: the nodes' summed memory, then one line per node. */
export function clusterRows(cluster: ClusterServer): string[] {
  return [
    rssRow(cluster.memory, '(nodes’ RSS, summed)'),
    ...cluster.nodes.map(
      (n) =>
        `  node ${n.url}: ${n.matches} matches, tick p99 ${n.tickP99Ms} ms, cpu ${n.cpuPct.toFixed(1)} % of a core`,
    ),
  ];
}
