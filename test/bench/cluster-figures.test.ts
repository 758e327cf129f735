import { describe, expect, it } from 'vitest';
import { clusterRows, clusterServerOf, type NodeScrapes } from '../../bench/cluster-figures.ts';
import { figuresOf, type ServerScrapes } from '../../bench/figures.ts';
import { parsePrometheus } from '../../bench/prometheus.ts';
import { createSampleHistogram } from '../../bench/sample-histogram.ts';
import { noWireCounts } from '../../bench/wire-figures.ts';

const MB = 1024 * 1024;
const BOUNDS = ['0.001', '0.002', '0.004', '+Inf'];

/** Cumulative bucket lines of a histogram holding `counts[i]` observations in bucket i (non-cumulative). */
function histogram(name: string, counts: number[]): string[] {
  let total = 0;
  return BOUNDS.map((le, i) => {
    total += counts[i] ?? 0;
    return `${name}_bucket{le="${le}"} ${total}`;
  });
}

interface Node {
  ticks: number[];
  loop: number[];
  missed: number;
  cpuUser: number;
  cpuSystem: number;
  live: number;
  halfway: { rss: number; matches: number };
  loadedRss: number;
}

/** A node's scrapes over a 10 s period: everything it counted during it, starting from zero. */
function scrapesOf(n: Node): ServerScrapes {
  const zero = parsePrometheus(
    [
      ...histogram('pong_tick_duration_seconds', []),
      ...histogram('pong_event_loop_delay_seconds', []),
      'pong_ticks_missed_total 0',
      'process_cpu_user_seconds_total 0',
      'process_cpu_system_seconds_total 0',
    ].join('\n'),
  );
  const after = parsePrometheus(
    [
      ...histogram('pong_tick_duration_seconds', n.ticks),
      ...histogram('pong_event_loop_delay_seconds', n.loop),
      `pong_ticks_missed_total ${n.missed}`,
      `process_cpu_user_seconds_total ${n.cpuUser}`,
      `process_cpu_system_seconds_total ${n.cpuSystem}`,
    ].join('\n'),
  );
  return {
    idle: parsePrometheus(`process_resident_memory_bytes ${90 * MB}`),
    before: zero,
    after,
    seconds: 10,
    liveSamples: [n.live, n.live],
    rssSamples: [n.loadedRss, n.loadedRss],
    halfway: n.halfway,
  };
}

// Node A: 100 ticks in (2, 4] ms, 30 matches, 15 % of a core, 3 MB more for its 15 added matches.
const A: Node = {
  ticks: [0, 0, 100, 0],
  loop: [100, 0, 0, 0],
  missed: 2,
  cpuUser: 1,
  cpuSystem: 0.5,
  live: 30,
  halfway: { rss: 100 * MB, matches: 15 },
  loadedRss: 103 * MB,
};
// Node B: faster ticks, a slower event loop, 10 matches, 9 % of a core, 0.5 MB more for its 5 added matches.
const B: Node = {
  ticks: [100, 0, 0, 0],
  loop: [0, 100, 0, 0],
  missed: 3,
  cpuUser: 0.6,
  cpuSystem: 0.3,
  live: 10,
  halfway: { rss: 200 * MB, matches: 5 },
  loadedRss: 200.5 * MB,
};
const node = (url: string, n: Node): NodeScrapes => ({ url, scrapes: scrapesOf(n) });

describe('bench --metrics: a cluster’s server figures from its nodes’ scrapes', () => {
  it('adds matches and missed ticks, takes the worst node’s tick and loop times', () => {
    const { figures } = clusterServerOf([node('http://a', A), node('http://b', B)]);
    expect(figures.matches).toBe(40);
    expect(figures.missedTicks).toBe(5);
    // A's ticks: p99 = 2 + 2 × 0.99 ms, p50 = 3 ms; B's are under 1 ms.
    expect(figures.tickP99Ms).toBe(3.98);
    expect(figures.tickP50Ms).toBe(3);
    // B's event loop: p99 = 1 + 0.99 ms; A's is under 1 ms.
    expect(figures.loopDelayP99Ms).toBe(1.99);
  });

  it('divides the nodes’ total CPU and memory growth by the cluster’s matches, not the mean of per-node figures', () => {
    const { figures } = clusterServerOf([node('http://a', A), node('http://b', B)]);
    // (15 % + 9 %) / 40 matches; per node 0.5 and 0.9, whose mean would be 0.7.
    expect(figures.cpuPerMatchPct).toBe(0.6);
    // (303.5 − 300) MB / (40 − 20) matches = 179.2 KB; per node 204.8 and 102.4.
    expect(figures.rssPerMatchKB).toBe(179.2);
  });

  it('one node gives exactly the one-server figures', () => {
    const scrapes = scrapesOf(A);
    const oneServer = figuresOf({
      server: scrapes,
      echo: createSampleHistogram(),
      gaps: createSampleHistogram(),
      players: 60,
      botSeconds: 10,
      down: 0,
      up: 0,
      snapshots: 0,
      gamesOver: 0,
      ...noWireCounts(),
    });
    const { figures } = clusterServerOf([{ url: 'http://a', scrapes }]);
    expect(figures).toEqual({
      tickP99Ms: oneServer.tickP99Ms,
      tickP50Ms: oneServer.tickP50Ms,
      missedTicks: oneServer.missedTicks,
      loopDelayP99Ms: oneServer.loopDelayP99Ms,
      cpuPerMatchPct: oneServer.cpuPerMatchPct,
      rssPerMatchKB: oneServer.rssPerMatchKB,
      matches: oneServer.matches,
    });
    expect(figures.cpuPerMatchPct).toBe(0.5);
  });

  it('a node that ticked no match does not hide the other node’s tick times', () => {
    const idleNode: Node = { ...B, ticks: [0, 0, 0, 0], live: 0, halfway: { rss: 200 * MB, matches: 0 } };
    const { figures, nodes } = clusterServerOf([node('http://a', A), node('http://idle', idleNode)]);
    expect(nodes[1]?.tickP99Ms).toBeNaN();
    expect(figures.tickP99Ms).toBe(3.98);
  });

  it('prints one line per node with its matches, tick p99 and CPU', () => {
    const rows = clusterRows(clusterServerOf([node('http://a:1', A), node('http://b:2', B)]));
    expect(rows[0]).toContain('300→304  MB at 20 → 40 matches (idle 180)');
    expect(rows.slice(1)).toEqual([
      '  node http://a:1: 30 matches, tick p99 3.98 ms, cpu 15.0 % of a core',
      '  node http://b:2: 10 matches, tick p99 0.99 ms, cpu 9.0 % of a core',
    ]);
  });

  it('refuses to merge no node at all', () => {
    expect(() => clusterServerOf([])).toThrow(/at least one node/);
  });
});
