/**
 * `npm run bench`: an honest load test of the game server. The product runs in its own process
 * (bench/server-process.ts); one load process per available core runs bots that sign in with their own
 * keypairs and play practice matches over real WebSockets (bench/bot.ts); the server's side is read from
 * its own /metrics. Prints a table and, as the very last line, one JSON object of the figures.
 *
 *   npm run bench -- --matches 100 --seconds 20
 *   npm run bench -- --ramp --seconds 20          (100, 250, 500, 1000, 2000 until a goal breaks)
 *   npm run bench -- --matches 20 --payments 10   (also entry payments through findMatch)
 *
 * Half the product's bots play with a round trip added (`--rtt MS`, 100 by default; 0 for none), so each run
 * reports the drawn-ball error (bench/drawn-ball-error.ts) both without and with it.
 *
 * `--peer colyseus` measures the Colyseus 0.18 peer instead (bench/peers/colyseus): the
 * same load processes and figures against a minimal Colyseus server running this project's physics, first its
 * `json` room (the product's JSON gameState every tick), then its `schema` room (a @colyseus/schema state
 * patched at 20 Hz), each in a fresh server process with its own table and JSON line; `--peer colyseus-json`
 * or `--peer colyseus-schema` measures one. The peer's packages are installed on first use
 * (npm install --prefix bench/peers/colyseus), never by the project's npm ci. Works with --ramp too.
 *
 *   npm run bench -- --peer colyseus --matches 200 --seconds 20
 *
 * `--target URL` drives a server that is already running (one process, or a cluster's proxy)
 * instead of starting one. The server's figures come from `URL/metrics` when it answers as one server's; else
 * (a proxy, which spreads scrapes over its nodes, or no answer) they are null.
 *
 *   npm run bench -- --target http://127.0.0.1:8080 --matches 50 --seconds 20
 *
 * `--metrics NODE_URL` (repeatable, with `--target`) reads the server's figures from each named node's own
 * /metrics instead and merges them as the cluster's (bench/cluster-figures.ts), with a line per node.
 *
 *   npm run bench -- --target http://127.0.0.1:8080 --metrics http://127.0.0.1:8081 \
 *     --metrics http://127.0.0.1:8082 --matches 50 --seconds 20
 */
import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { clusterRows, clusterServerOf, type NodeScrapes } from './cluster-figures.ts';
import {
  type Figures,
  figuresOf,
  goalsOf,
  type Measured,
  type MoveFigures,
  moveFiguresOf,
  type NodeCount,
  type PaymentFigures,
  paymentFiguresOf,
  type ServerScrapes,
  snapshotHz,
  table,
} from './figures.ts';
import type { FromLoad, ToLoad } from './load-protocol.ts';
import { checkMetricsNodes, metricsNodesOf } from './metrics-nodes.ts';
import { runPayments } from './payments.ts';
import { peerRoomLine } from './peers/colyseus/peer-figures.ts';
import { ensurePeerInstalled, startColyseusPeer } from './peers/colyseus/peer-process.ts';
import { PEER_VARIANTS, type PeerVariant } from './peers/colyseus/peer-types.ts';
import { type Scrape, scrapeMetrics, whyMetricsUnreadable } from './prometheus.ts';
import { createSampleHistogram } from './sample-histogram.ts';
import { startProductServer } from './server-process.ts';
import type { WireFigures, WireKind } from './wire-figures.ts';

const RAMP = [100, 250, 500, 1000, 2000];
const HERE = path.dirname(fileURLToPath(import.meta.url));

const { values } = parseArgs({
  options: {
    matches: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '20' },
    ramp: { type: 'boolean', default: false },
    payments: { type: 'string', default: '0' },
    peer: { type: 'string' },
    target: { type: 'string' },
    metrics: { type: 'string', multiple: true },
    rtt: { type: 'string', default: '100' },
  },
});
const positive = (name: string, text: string, min: number) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`--${name} must be an integer of at least ${min} (got ${text})`);
  return n;
};
const matchesWanted = positive('matches', values.matches, 1);
const seconds = positive('seconds', values.seconds, 1);
const payments = positive('payments', values.payments, 0);
/** The round trip added to half the product's bots, so the drawn ball is measured at 0 and at this. */
const rttMs = positive('rtt', values.rtt, 0);
/** A running server to drive instead of starting one (`--target`): its base URL, or null. */
const target: string | null = (() => {
  const text = values.target;
  if (text === undefined) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`--target must be an http:// or https:// URL (got ${text})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`--target must be an http:// or https:// URL (got ${text})`);
  // Each ramp step and each peer room is a fresh server the bench starts; payments read its /metrics.
  const clash = values.ramp ? 'ramp' : values.peer !== undefined ? 'peer' : payments > 0 ? 'payments' : null;
  if (clash) throw new Error(`--target drives a running server; it cannot be combined with --${clash}`);
  return url.origin;
})();
/** The cluster nodes whose /metrics give the server figures (`--metrics`, with `--target`); empty without. */
const metricsNodes = metricsNodesOf(values.metrics, target);
/** The servers to measure, one after the other: the product (null) or Colyseus peer rooms. */
const targets: Array<PeerVariant | null> = (() => {
  const peer = values.peer;
  if (peer === undefined) return [null];
  if (payments > 0) throw new Error('--payments measures the product; it cannot be combined with --peer');
  if (peer === 'colyseus') return [...PEER_VARIANTS];
  const variant = PEER_VARIANTS.find((v) => peer === `colyseus-${v}`);
  if (!variant) throw new Error(`--peer must be colyseus, colyseus-json or colyseus-schema (got ${peer})`);
  return [variant];
})();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (text: string) => process.stdout.write(`${text}\n`);

interface LoadProcess {
  child: ChildProcess;
  progress: Extract<FromLoad, { type: 'progress' }>;
  tell(message: ToLoad): void;
  figures(): Promise<Extract<FromLoad, { type: 'figures' }>>;
}

function forkLoad(): LoadProcess {
  const child = fork(path.join(HERE, 'load-worker.ts'), { stdio: 'inherit' });
  let waiting: ((f: Extract<FromLoad, { type: 'figures' }>) => void) | null = null;
  const load: LoadProcess = {
    child,
    progress: { type: 'progress', started: 0, failed: 0, playing: 0, firstFailure: null },
    tell: (message) => child.send(message),
    figures: () =>
      new Promise((resolve) => {
        waiting = resolve;
        child.send({ type: 'collect' } satisfies ToLoad);
      }),
  };
  child.on('message', (message: FromLoad) => {
    if (message.type === 'progress') load.progress = message;
    else waiting?.(message);
  });
  return load;
}

/** All bots have started and 2 × matches of them are in a game that is being played, or the wait ran out. */
async function waitUntilAllPlay(loads: LoadProcess[], matches: number): Promise<void> {
  const deadline = Date.now() + 60_000 + matches * 100;
  for (;;) {
    await sleep(1_000);
    const sum = (key: 'started' | 'failed' | 'playing') => loads.reduce((n, l) => n + l.progress[key], 0);
    const failure = loads.find((l) => l.progress.firstFailure)?.progress.firstFailure;
    if (sum('failed') > 0) throw new Error(`${sum('failed')} bots could not start; the first: ${failure}`);
    if (sum('playing') >= matches * 2) return;
    if (Date.now() > deadline) {
      say(`(only ${sum('playing')} of ${matches * 2} bots playing after the wait; measuring anyway)`);
      return;
    }
  }
}

/** The idle server once its start-up settles: resident memory steady within 1% from one second to the next. */
async function settledIdle(url: string): Promise<Scrape> {
  let last = await scrapeMetrics(url);
  for (let i = 0; i < 15; i++) {
    await sleep(1_000);
    const now = await scrapeMetrics(url);
    const rss = (s: Scrape) => s.get('process_resident_memory_bytes') ?? 0;
    const steady = Math.abs(rss(now) - rss(last)) <= rss(last) * 0.01;
    last = now;
    if (steady) break;
  }
  return last;
}

/**
 * The server's RSS and live matches at the current load once its memory has settled: the mean of the last
 * five one-second samples, taken when they lie within 1% of each other (or after 30 s).
 */
async function settledLoad(url: string): Promise<{ rss: number; matches: number }> {
  const rss: number[] = [];
  const live: number[] = [];
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  for (let i = 0; i < 30; i++) {
    await sleep(1_000);
    const sample = await scrapeMetrics(url);
    rss.push(sample.get('process_resident_memory_bytes') ?? 0);
    live.push(sample.get('pong_live_matches') ?? 0);
    const last = rss.slice(-5);
    if (last.length === 5 && Math.max(...last) - Math.min(...last) <= Math.min(...last) * 0.01) break;
  }
  return { rss: mean(rss.slice(-5)), matches: mean(live.slice(-5)) };
}

/**
 * `metricsFrom`: the base URLs whose /metrics give the server figures: none (they are null), the server's own,
 * or the `--metrics` nodes, merged as a cluster's.
 */
async function measure(
  url: string,
  matches: number,
  peer: PeerVariant | null,
  metricsFrom: string[],
): Promise<{ figures: Figures & WireFigures; hz: number; wire: WireKind }> {
  const read = metricsFrom.length > 0;
  const scrapeAll = () => Promise.all(metricsFrom.map(scrapeMetrics));
  const idle = await Promise.all(metricsFrom.map(settledIdle));
  const cores = availableParallelism();
  const loads = Array.from({ length: cores }, forkLoad);
  try {
    const startBots = (count: number, seedBase: number) => {
      const pairs = loads.map((_, i) => Math.floor(count / cores) + (i < count % cores ? 1 : 0));
      loads.forEach((load, i) => {
        if (pairs[i]! > 0)
          load.tell({
            type: 'start',
            baseUrl: url,
            bots: pairs[i]! * 2,
            seed: seedBase + i,
            peer,
            rttMs: peer ? 0 : rttMs,
          });
      });
    };
    // Half the matches first, then the rest: memory per match is the growth between the two loaded states.
    const half = Math.floor(matches / 2);
    let halfway: Array<ServerScrapes['halfway']> = metricsFrom.map(() => null);
    if (half > 0) {
      say(`Starting ${half * 2} bots in ${cores} load processes (half the load)...`);
      startBots(half, 1);
      await waitUntilAllPlay(loads, half);
      halfway = await Promise.all(metricsFrom.map(settledLoad));
    }
    say(`Starting ${(matches - half) * 2} more bots (the whole load)...`);
    startBots(matches - half, 1 + cores);
    await waitUntilAllPlay(loads, matches);

    for (const load of loads) load.tell({ type: 'measure' });
    const before = await scrapeAll();
    const startedAt = Date.now();
    const paying = payments > 0 ? runPayments(url, payments) : null;
    const liveSamples: number[][] = metricsFrom.map(() => []);
    const rssSamples: number[][] = metricsFrom.map(() => []);
    while (Date.now() - startedAt < seconds * 1000) {
      await sleep(Math.min(1_000, seconds * 1000 - (Date.now() - startedAt)));
      if (!read) continue;
      (await scrapeAll()).forEach((sample, i) => {
        liveSamples[i]!.push(sample.get('pong_live_matches') ?? 0);
        rssSamples[i]!.push(sample.get('process_resident_memory_bytes') ?? 0);
      });
    }
    const after = await scrapeAll();
    const elapsed = (Date.now() - startedAt) / 1000;
    const reports = await Promise.all(loads.map((l) => l.figures()));
    const servers: NodeScrapes[] = metricsFrom.map((nodeUrl, i) => ({
      url: nodeUrl,
      scrapes: {
        idle: idle[i]!,
        before: before[i]!,
        after: after[i]!,
        seconds: elapsed,
        liveSamples: liveSamples[i]!,
        rssSamples: rssSamples[i]!,
        halfway: halfway[i] ?? null,
      },
    }));
    const cluster = metricsNodes.length > 0 ? clusterServerOf(servers) : null;

    const echo = createSampleHistogram();
    const gaps = createSampleHistogram();
    const moves = createSampleHistogram();
    const drawn = createSampleHistogram();
    const drawnRtt = createSampleHistogram();
    for (const r of reports) {
      echo.merge(r.echo);
      gaps.merge(r.gaps);
      moves.merge(r.moves);
      drawn.merge(r.drawn);
      drawnRtt.merge(r.drawnRtt);
    }
    const sum = (
      key: 'players' | 'down' | 'up' | 'snapshots' | 'messages' | 'frames' | 'gamesOver' | 'movedPlayers',
    ) => reports.reduce((n, r) => n + r[key], 0);
    const measured: Measured = {
      // A cluster's server figures are its nodes' merged, below.
      server: cluster ? null : (servers[0]?.scrapes ?? null),
      echo,
      gaps,
      players: sum('players'),
      botSeconds: Math.max(...reports.map((r) => r.seconds)),
      down: sum('down'),
      up: sum('up'),
      snapshots: sum('snapshots'),
      gamesOver: sum('gamesOver'),
      wire: peer ? 'states' : 'events',
      messages: sum('messages'),
      frames: sum('frames'),
      drawn,
      drawnRtt,
      rttMs: peer ? 0 : rttMs,
    };
    const errors = reports.flatMap((r) => r.errors).map(([code, n]) => `${code} × ${n}`);
    if (errors.length > 0) say(`Errors the server sent bots during the period: ${errors.join(', ')}`);
    let figures: Figures & WireFigures & Partial<PaymentFigures & MoveFigures & NodeCount> = {
      ...figuresOf(measured),
      ...cluster?.figures,
      ...(cluster && { nodes: cluster.nodes.length }),
      ...moveFiguresOf(sum('movedPlayers'), moves),
    };
    const [ownBefore, ownAfter] = [before[0], after[0]];
    if (paying && ownBefore) {
      await paying;
      const paid: Scrape = await scrapeMetrics(url);
      figures = { ...figures, ...paymentFiguresOf(ownBefore, paid) };
    }
    const hz = snapshotHz(measured);
    if (peer && ownBefore && ownAfter)
      say(`\n${peerRoomLine(ownBefore, ownAfter, elapsed, figures.matches ?? 0)}`);
    const serverName = cluster
      ? `Cluster of ${cluster.nodes.length} nodes`
      : peer
        ? `Colyseus peer, ${peer} room,`
        : 'Game server';
    say(
      table(
        `\n${serverName} under ${matches} matches (${measured.players} players), ${elapsed.toFixed(1)} s:`,
        figures,
        measured,
        cluster ? clusterRows(cluster) : undefined,
      ),
    );
    say(JSON.stringify(figures));
    return { figures, hz, wire: measured.wire };
  } finally {
    for (const load of loads) load.tell({ type: 'stop' });
    await Promise.all(loads.map((l) => new Promise((resolve) => l.child.once('exit', resolve))));
  }
}

async function runStep(matches: number, peer: PeerVariant | null) {
  if (target && metricsNodes.length > 0) {
    await checkMetricsNodes(metricsNodes);
    return measure(target, matches, null, metricsNodes);
  }
  if (target) {
    const unreadable = await whyMetricsUnreadable(target);
    if (unreadable) say(`Server figures are null: ${unreadable}.`);
    return measure(target, matches, null, unreadable === null ? [target] : []);
  }
  const server = peer ? await startColyseusPeer() : await startProductServer();
  try {
    return await measure(server.url, matches, peer, [server.url]);
  } finally {
    await server.stop();
  }
}

if (targets.some((t) => t !== null)) await ensurePeerInstalled(say);
for (const peer of targets) {
  if (values.ramp) {
    for (const step of RAMP) {
      const { figures, hz, wire } = await runStep(step, peer);
      const broken = goalsOf(figures, hz, wire).filter((g) => g.holds && g.met === false);
      if (broken.length > 0) {
        say(`Ramp stops at ${step} matches: ${broken.map((g) => g.goal).join(', ')}`);
        // The last line stays the JSON of the step that broke.
        say(JSON.stringify(figures));
        break;
      }
    }
  } else {
    await runStep(matchesWanted, peer);
  }
}
