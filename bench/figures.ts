import { histogramQuantile, increase, type Scrape } from './prometheus.ts';
import type { SampleHistogram } from './sample-histogram.ts';
import { perPlayerPerSecond } from './wire-bytes.ts';

/** Issue 11 point 2: the figures of one measured period, under exactly these names. */
export interface Figures {
  tickP99Ms: number;
  tickP50Ms: number;
  missedTicks: number;
  loopDelayP99Ms: number;
  echoP99Ms: number;
  echoP50Ms: number;
  snapshotGapP99Ms: number;
  bytesPerPlayerPerSec: number;
  upBytesPerPlayerPerSec: number;
  cpuPerMatchPct: number;
  rssPerMatchKB: number;
  matches: number;
}

export interface PaymentFigures {
  paymentP50Ms: number;
  paymentP99Ms: number;
}

/** What the bench gathered: two scrapes around the period, one before any load, and the bots' sums. */
export interface Measured {
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
const idleRss = (m: Measured) => m.idle.get('process_resident_memory_bytes') ?? 0;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const round = (n: number, digits = 2) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : n);

export function figuresOf(m: Measured): Figures {
  const ms = (q: number, name: string) => histogramQuantile(q, m.before, m.after, name) * 1000;
  const matches = Math.round(mean(m.liveSamples));
  const cpuSeconds =
    increase(m.before, m.after, 'process_cpu_user_seconds_total') +
    increase(m.before, m.after, 'process_cpu_system_seconds_total');
  const perMatch = (n: number) => (matches > 0 ? n / matches : Number.NaN);
  const rssPerMatch = m.halfway
    ? (mean(m.rssSamples) - m.halfway.rss) / Math.max(1, matches - m.halfway.matches)
    : perMatch(mean(m.rssSamples) - idleRss(m));
  return {
    tickP99Ms: round(ms(0.99, 'pong_tick_duration_seconds')),
    tickP50Ms: round(ms(0.5, 'pong_tick_duration_seconds')),
    missedTicks: increase(m.before, m.after, 'pong_ticks_missed_total'),
    loopDelayP99Ms: round(ms(0.99, 'pong_event_loop_delay_seconds')),
    echoP99Ms: round(m.echo.percentile(99), 1),
    echoP50Ms: round(m.echo.percentile(50), 1),
    snapshotGapP99Ms: round(m.gaps.percentile(99), 1),
    bytesPerPlayerPerSec: Math.round(perPlayerPerSecond(m.down, m.players, m.botSeconds)),
    upBytesPerPlayerPerSec: Math.round(perPlayerPerSecond(m.up, m.players, m.botSeconds)),
    cpuPerMatchPct: round(perMatch((cpuSeconds / m.seconds) * 100), 4),
    rssPerMatchKB: round(rssPerMatch / 1024, 1),
    matches,
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

/** The goals of issue 11 on this machine; `holds` are the ones a bigger load breaks (the ramp stops there). */
export function goalsOf(f: Figures, hz: number): Array<{ goal: string; met: boolean; holds: boolean }> {
  const period = 1000 / Math.max(hz, 1e-9);
  return [
    { goal: 'tickP99Ms ≤ 8', met: f.tickP99Ms <= 8, holds: true },
    { goal: 'missedTicks = 0', met: f.missedTicks === 0, holds: true },
    { goal: 'loopDelayP99Ms ≤ 10', met: f.loopDelayP99Ms <= 10, holds: true },
    { goal: 'snapshots ≥ 20 Hz', met: hz >= 20, holds: true },
    { goal: 'snapshotGapP99Ms ≤ 2.5 periods', met: f.snapshotGapP99Ms <= 2.5 * period, holds: true },
    { goal: 'echoP99Ms ≤ period + 25', met: f.echoP99Ms <= period + 25, holds: true },
    { goal: 'cpuPerMatchPct ≤ 0.066', met: f.cpuPerMatchPct <= 0.066, holds: false },
    // A negative growth is garbage collection between the two samples, not memory met: never counted as met.
    { goal: 'rssPerMatchKB ≤ 100', met: f.rssPerMatchKB >= 0 && f.rssPerMatchKB <= 100, holds: false },
    { goal: 'bytesPerPlayerPerSec ≤ 2048', met: f.bytesPerPlayerPerSec <= 2048, holds: false },
  ];
}

const UNITS: Record<keyof Figures | keyof PaymentFigures, string> = {
  tickP99Ms: 'ms, one tick of all matches, server metrics',
  tickP50Ms: 'ms',
  missedTicks: 'ticks started > 1 period late or skipped',
  loopDelayP99Ms: 'ms, server event loop',
  echoP99Ms: 'ms, paddle move to the gameState showing it',
  echoP50Ms: 'ms',
  snapshotGapP99Ms: 'ms between gameStates a bot receives',
  bytesPerPlayerPerSec: 'B/s down per player, TCP bytes',
  upBytesPerPlayerPerSec: 'B/s up per player, TCP bytes',
  cpuPerMatchPct: '% of one core per match, server process',
  rssPerMatchKB: 'KB resident memory growth per match',
  matches: 'live matches during the period (mean)',
  paymentP50Ms: 'ms, paid findMatch to joinQueue, server',
  paymentP99Ms: 'ms',
};

/** The readable table: every figure with its unit, then the goals met or missed. */
export function table(title: string, f: Figures & Partial<PaymentFigures>, m: Measured): string {
  const hz = snapshotHz(m);
  const rows = Object.entries(f).map(
    ([key, value]) =>
      `  ${key.padEnd(24)} ${String(value).padStart(10)}  ${UNITS[key as keyof typeof UNITS]}`,
  );
  rows.push(
    `  ${'(snapshot rate)'.padEnd(24)} ${hz.toFixed(1).padStart(10)}  Hz per player, as the bots saw it`,
    m.halfway
      ? `  ${'(server RSS)'.padEnd(24)} ${`${mb(m.halfway.rss)}→${mb(mean(m.rssSamples))}`.padStart(10)}  MB at ${m.halfway.matches} → ${Math.round(mean(m.liveSamples))} matches (idle ${mb(idleRss(m))})`
      : `  ${'(server RSS)'.padEnd(24)} ${`${mb(idleRss(m))}→${mb(mean(m.rssSamples))}`.padStart(10)}  MB idle → loaded`,
    `  ${'(games ended)'.padEnd(24)} ${String(m.gamesOver / 2).padStart(10)}  during the period: rallies end, matches restart`,
  );
  const goals = goalsOf(f, hz).map((g) => `  ${g.met ? 'met   ' : 'MISSED'} ${g.goal}`);
  return [title, ...rows, 'Goals (issue 11):', ...goals].join('\n');
}
