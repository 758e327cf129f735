import { histogramQuantile, increase, type Scrape } from './prometheus.ts';
import type { SampleHistogram } from './sample-histogram.ts';
import { perPlayerPerSecond } from './wire-bytes.ts';
import {
  eventWireGoals,
  WIRE_UNITS,
  type WireFigures,
  type WireKind,
  type WireMeasured,
  wireFiguresOf,
} from './wire-figures.ts';

/**
 * The figures of one measured period, under exactly these names. Those read from the
 * server's /metrics are null when the bench drives a `--target` whose /metrics it cannot read as one
 * server's (bench/run.ts); with `--metrics` they are the named cluster nodes' merged (bench/cluster-figures.ts).
 */
export interface Figures {
  tickP99Ms: number | null;
  tickP50Ms: number | null;
  missedTicks: number | null;
  loopDelayP99Ms: number | null;
  echoP99Ms: number;
  echoP50Ms: number;
  snapshotGapP99Ms: number;
  bytesPerPlayerPerSec: number;
  upBytesPerPlayerPerSec: number;
  cpuPerMatchPct: number | null;
  rssPerMatchKB: number | null;
  matches: number | null;
}

export interface PaymentFigures {
  paymentP50Ms: number;
  paymentP99Ms: number;
}

/** Bots that followed their match to its game node, and how long a move took. */
export interface MoveFigures {
  movedPlayers: number;
  moveP50Ms: number;
  moveP99Ms: number;
}

/** What the bench read of the server's /metrics: two scrapes around the period and one before any load. */
export interface ServerScrapes {
  idle: Scrape;
  before: Scrape;
  after: Scrape;
  /** Seconds between the two scrapes. */
  seconds: number;
  /** Live matches and the server's resident memory, sampled through the period. */
  liveSamples: number[];
  rssSamples: number[];
  /**
   * The server at half the load, once those matches played: its mean RSS and live matches. Memory per match
   * is the growth from there to the full load, both loaded (an idle server still holds its start-up garbage,
   * which its first collections under load hand back). Null when there was no half step (one match).
   */
  halfway: { rss: number; matches: number } | null;
}

/** What the bench gathered: the server's side (null when it could not read it), and the bots' sums. */
export interface Measured extends WireMeasured {
  server: ServerScrapes | null;
  echo: SampleHistogram;
  gaps: SampleHistogram;
  players: number;
  /** Seconds the bots measured (their own clock). */
  botSeconds: number;
  down: number;
  up: number;
  snapshots: number;
  /** Games the bots saw end during the period: rallies end and matches restart. */
  gamesOver: number;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const round = (n: number, digits = 2) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : n);

/** The figures read from a server's /metrics: one process's, or a cluster's merged (bench/cluster-figures.ts). */
export type ServerFigures = Record<
  | 'tickP99Ms'
  | 'tickP50Ms'
  | 'missedTicks'
  | 'loopDelayP99Ms'
  | 'cpuPerMatchPct'
  | 'rssPerMatchKB'
  | 'matches',
  number
>;

/**
 * A server's resident memory and live matches over the bench's steps, before any division by matches, so a
 * cluster's nodes can be added up: idle, at half the load (null without a half step), and fully loaded.
 */
export interface ServerMemory {
  idleRss: number;
  halfway: { rss: number; matches: number } | null;
  loadedRss: number;
  /** Mean live matches through the period, not rounded. */
  liveMatches: number;
}

export function memoryOf(s: ServerScrapes): ServerMemory {
  return {
    idleRss: s.idle.get('process_resident_memory_bytes') ?? 0,
    halfway: s.halfway,
    loadedRss: mean(s.rssSamples),
    liveMatches: mean(s.liveSamples),
  };
}

/** The server process's CPU through the period, in % of one core. */
export function cpuPctOf(s: ServerScrapes): number {
  const cpuSeconds =
    increase(s.before, s.after, 'process_cpu_user_seconds_total') +
    increase(s.before, s.after, 'process_cpu_system_seconds_total');
  return (cpuSeconds / s.seconds) * 100;
}

/** `matches` and the per-match figures of a CPU share and a memory (one server's, or the sums of several). */
export function perMatchOf(
  cpuPct: number,
  memory: ServerMemory,
): Pick<ServerFigures, 'cpuPerMatchPct' | 'rssPerMatchKB' | 'matches'> {
  const matches = Math.round(memory.liveMatches);
  const perMatch = (n: number) => (matches > 0 ? n / matches : Number.NaN);
  const rssPerMatch = memory.halfway
    ? (memory.loadedRss - memory.halfway.rss) / Math.max(1, matches - memory.halfway.matches)
    : perMatch(memory.loadedRss - memory.idleRss);
  return {
    cpuPerMatchPct: round(perMatch(cpuPct), 4),
    rssPerMatchKB: round(rssPerMatch / 1024, 1),
    matches,
  };
}

export function serverFiguresOf(s: ServerScrapes): ServerFigures {
  const ms = (q: number, name: string) => histogramQuantile(q, s.before, s.after, name) * 1000;
  return {
    tickP99Ms: round(ms(0.99, 'pong_tick_duration_seconds')),
    tickP50Ms: round(ms(0.5, 'pong_tick_duration_seconds')),
    missedTicks: increase(s.before, s.after, 'pong_ticks_missed_total'),
    loopDelayP99Ms: round(ms(0.99, 'pong_event_loop_delay_seconds')),
    ...perMatchOf(cpuPctOf(s), memoryOf(s)),
  };
}

export function figuresOf(m: Measured): Figures & WireFigures {
  const s = m.server ? serverFiguresOf(m.server) : null;
  return {
    tickP99Ms: s?.tickP99Ms ?? null,
    tickP50Ms: s?.tickP50Ms ?? null,
    missedTicks: s?.missedTicks ?? null,
    loopDelayP99Ms: s?.loopDelayP99Ms ?? null,
    echoP99Ms: round(m.echo.percentile(99), 1),
    echoP50Ms: round(m.echo.percentile(50), 1),
    snapshotGapP99Ms: round(m.gaps.percentile(99), 1),
    bytesPerPlayerPerSec: Math.round(perPlayerPerSecond(m.down, m.players, m.botSeconds)),
    upBytesPerPlayerPerSec: Math.round(perPlayerPerSecond(m.up, m.players, m.botSeconds)),
    cpuPerMatchPct: s?.cpuPerMatchPct ?? null,
    rssPerMatchKB: s?.rssPerMatchKB ?? null,
    matches: s?.matches ?? null,
    ...wireFiguresOf(m),
  };
}

/** Only when some bot moved (cluster mode); one process adds nothing to the figures. */
export function moveFiguresOf(movedPlayers: number, moves: SampleHistogram): MoveFigures | null {
  if (moves.count() === 0) return null;
  return {
    movedPlayers,
    moveP50Ms: round(moves.percentile(50), 1),
    moveP99Ms: round(moves.percentile(99), 1),
  };
}

export function paymentFiguresOf(before: Scrape, after: Scrape): PaymentFigures {
  const ms = (q: number) =>
    round(histogramQuantile(q, before, after, 'pong_paid_search_join_seconds') * 1000);
  return { paymentP50Ms: ms(0.5), paymentP99Ms: ms(0.99) };
}

/** The snapshot rate the bots saw, per player. */
export function snapshotHz(m: Measured): number {
  return perPlayerPerSecond(m.snapshots, m.players, m.botSeconds);
}

/**
 * The load goals (tick, missed ticks, event loop, snapshot cadence and gaps, echo, CPU and memory per match) on
 * this machine; `holds` are the ones a bigger load breaks (the ramp stops there). `met` is null for a goal on
 * a figure the bench could not read. A stream of states (a Colyseus peer room) keeps the snapshot goals; the
 * product's wire of keyframes and events has its own (bench/wire-figures.ts).
 */
export function goalsOf(
  f: Figures & WireFigures,
  hz: number,
  wire: WireKind,
): Array<{ goal: string; met: boolean | null; holds: boolean }> {
  const period = 1000 / Math.max(hz, 1e-9);
  const read = (value: number | null, ok: (n: number) => boolean) => (value === null ? null : ok(value));
  const server = [
    { goal: 'tickP99Ms ≤ 8', met: read(f.tickP99Ms, (n) => n <= 8), holds: true },
    { goal: 'missedTicks = 0', met: read(f.missedTicks, (n) => n === 0), holds: true },
    { goal: 'loopDelayP99Ms ≤ 10', met: read(f.loopDelayP99Ms, (n) => n <= 10), holds: true },
  ];
  const memory = {
    goal: 'rssPerMatchKB ≤ 100',
    // A negative growth is garbage collection between the two samples, not memory met: never counted as met.
    met: read(f.rssPerMatchKB, (n) => n >= 0 && n <= 100),
    holds: false,
  };
  if (wire === 'events') return [...server, ...eventWireGoals(f), memory];
  return [
    ...server,
    { goal: 'snapshots ≥ 20 Hz', met: hz >= 20, holds: true },
    { goal: 'snapshotGapP99Ms ≤ 2.5 periods', met: f.snapshotGapP99Ms <= 2.5 * period, holds: true },
    { goal: 'echoP99Ms ≤ period + 25', met: f.echoP99Ms <= period + 25, holds: true },
    { goal: 'cpuPerMatchPct ≤ 0.066', met: read(f.cpuPerMatchPct, (n) => n <= 0.066), holds: false },
    memory,
    { goal: 'bytesPerPlayerPerSec ≤ 2048', met: f.bytesPerPlayerPerSec <= 2048, holds: false },
  ];
}

/** With `--metrics`: how many game nodes the server figures add up. */
export interface NodeCount {
  nodes: number;
}

const UNITS: Record<
  keyof Figures | keyof WireFigures | keyof PaymentFigures | keyof MoveFigures | keyof NodeCount,
  string
> = {
  ...WIRE_UNITS,
  tickP99Ms: 'ms, one tick of all matches, server metrics',
  tickP50Ms: 'ms',
  missedTicks: 'ticks started > 1 period late or skipped',
  loopDelayP99Ms: 'ms, server event loop',
  echoP99Ms: 'ms, paddle move to a state showing it (product: to the opponent’s report)',
  echoP50Ms: 'ms',
  snapshotGapP99Ms: 'ms between states (product: keyframes) a bot receives',
  bytesPerPlayerPerSec: 'B/s down per player, TCP bytes',
  upBytesPerPlayerPerSec: 'B/s up per player, TCP bytes',
  cpuPerMatchPct: '% of one core per match, server process',
  rssPerMatchKB: 'KB resident memory growth per match',
  matches: 'live matches during the period (mean)',
  nodes: 'game nodes whose /metrics were read (--metrics)',
  paymentP50Ms: 'ms, paid findMatch to joinQueue, server',
  paymentP99Ms: 'ms',
  movedPlayers: 'bots that followed a match to its game node, since they started',
  moveP50Ms: 'ms, matched to reconnectionSuccess on the match node',
  moveP99Ms: 'ms',
};

/** The server's memory row (`name` for the nodes' sum): idle or half load → loaded. */
export function rssRow(memory: ServerMemory | null, name = '(server RSS)'): string {
  const label = name.padEnd(24);
  if (!memory) return `  ${label} ${'null'.padStart(10)}  no /metrics read`;
  const loaded = mb(memory.loadedRss);
  return memory.halfway
    ? `  ${label} ${`${mb(memory.halfway.rss)}→${loaded}`.padStart(10)}  MB at ${memory.halfway.matches} → ${Math.round(memory.liveMatches)} matches (idle ${mb(memory.idleRss)})`
    : `  ${label} ${`${mb(memory.idleRss)}→${loaded}`.padStart(10)}  MB idle → loaded`;
}

/**
 * The readable table: every figure with its unit, the server's memory (`serverRows`: a cluster's sum and its
 * nodes instead), then the goals met, missed or not read (n/a).
 */
export function table(
  title: string,
  f: Figures & WireFigures & Partial<PaymentFigures & MoveFigures & NodeCount>,
  m: Measured,
  serverRows: string[] = [rssRow(m.server && memoryOf(m.server))],
): string {
  const hz = snapshotHz(m);
  const rows = Object.entries(f).map(
    ([key, value]) =>
      `  ${key.padEnd(24)} ${String(value).padStart(10)}  ${UNITS[key as keyof typeof UNITS]}`,
  );
  rows.push(
    `  ${'(snapshot rate)'.padEnd(24)} ${hz.toFixed(1).padStart(10)}  Hz per player of ${m.wire === 'events' ? 'keyframes' : 'states'}, as the bots saw it`,
    ...serverRows,
    `  ${'(games ended)'.padEnd(24)} ${String(m.gamesOver / 2).padStart(10)}  during the period: rallies end, matches restart`,
  );
  const verdict = (met: boolean | null) => (met === null ? 'n/a   ' : met ? 'met   ' : 'MISSED');
  const goals = goalsOf(f, hz, m.wire).map((g) => `  ${verdict(g.met)} ${g.goal}`);
  return [title, ...rows, 'Goals:', ...goals].join('\n');
}
