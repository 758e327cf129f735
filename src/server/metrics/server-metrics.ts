import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { TICK_MS } from '../../common/game/constants.ts';
import type { TickObserver } from '../game/match/match-runner.ts';

/** Upper bounds in seconds: dense around the 8 ms goal and the 16.7 ms tick period. */
const TICK_BOUNDS = [
  0.0001,
  0.00025,
  0.0005,
  0.00075,
  0.001,
  0.0015,
  0.002,
  0.0025,
  0.003,
  0.004,
  0.005,
  0.006,
  0.007,
  0.008,
  0.009,
  0.01,
  0.012,
  0.014,
  TICK_MS / 1000,
  0.02,
  0.025,
  0.033,
  0.05,
  0.075,
  0.1,
  0.25,
  0.5,
  1,
];
const LOOP_DELAY_BOUNDS = [...TICK_BOUNDS, 2.5, 5];
/** Dense around the payment goals: p50 50 ms, p99 250 ms. */
const PAYMENT_BOUNDS = [
  0.005, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.075, 0.1, 0.125, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 1.5,
  2, 3, 5, 10, 30,
];

/** The event-loop sampler's period: what it records is the period plus the delay, so the period is taken off. */
export const LOOP_SAMPLE_MS = 10;
const LOOP_FOLD_MS = 1_000;

export interface ServerMetrics {
  ticks: TickObserver;
  /** A paid search's findMatch was answered with joinQueue after `ms`. */
  paidSearchJoined(ms: number): void;
  /** The registry every metric is kept in: another module's own metrics join it (`registers: [registry]`). */
  registry: Registry;
  /** The Prometheus text exposition of every metric. */
  render(): Promise<string>;
  /** Starts sampling the event loop; returns the function that stops it. */
  start(): () => void;
}

/**
 * The server's own operational metrics, kept by prom-client: how long one tick of all matches
 * takes, ticks that started more than one period late or never ran, event-loop delay, the paid-search path,
 * live matches, and prom-client's default process metrics (CPU, memory, handles, GC). Exposed by the metrics
 * route; the benchmark reads its figures from here. Quantiles over a period are read from two scrapes (the
 * difference of the buckets), as `histogram_quantile` does, so the bounds are dense where the goals sit.
 */
export function createServerMetrics(options: { liveMatches: () => number }): ServerMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const tickDuration = new Histogram({
    name: 'pong_tick_duration_seconds',
    help: 'One tick of every live match: simulation, serialisation and sends',
    buckets: TICK_BOUNDS,
    registers,
  });
  const loopDelay = new Histogram({
    name: 'pong_event_loop_delay_seconds',
    help: `Event-loop delay, sampled every ${LOOP_SAMPLE_MS} ms (monitorEventLoopDelay)`,
    buckets: LOOP_DELAY_BOUNDS,
    registers,
  });
  const paidSearch = new Histogram({
    name: 'pong_paid_search_join_seconds',
    help: 'A paid findMatch (payment verification included) until its joinQueue reply',
    buckets: PAYMENT_BOUNDS,
    registers,
  });
  const ticksRun = new Counter({ name: 'pong_ticks_total', help: 'Ticks the runner ran', registers });
  const ticksMissed = new Counter({
    name: 'pong_ticks_missed_total',
    help: 'Ticks started more than one period late, or skipped',
    registers,
  });
  new Gauge({
    name: 'pong_live_matches',
    help: 'Matches the runner ticks',
    registers,
    collect() {
      this.set(options.liveMatches());
    },
  });
  new Gauge({
    name: 'nodejs_heap_used_bytes',
    help: 'V8 heap in use',
    registers,
    collect() {
      this.set(process.memoryUsage().heapUsed);
    },
  });
  const sampler = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });

  /** Moves what the sampler holds into the histogram: its percentile steps give each value's share. */
  const foldLoopDelay = () => {
    const total = sampler.count;
    let before = 0;
    for (const [percentile, nanoseconds] of sampler.percentiles) {
      const upTo = Math.round((total * percentile) / 100);
      const delayMs = Math.max(0, nanoseconds / 1e6 - LOOP_SAMPLE_MS);
      for (let i = before; i < upTo; i++) loopDelay.observe(delayMs / 1000);
      before = Math.max(before, upTo);
    }
    sampler.reset();
  };

  return {
    ticks: {
      ran(lateMs, durationMs) {
        ticksRun.inc();
        if (lateMs > TICK_MS) ticksMissed.inc();
        tickDuration.observe(durationMs / 1000);
      },
      skipped(count) {
        if (count > 0) ticksMissed.inc(count);
      },
    },
    paidSearchJoined: (ms) => paidSearch.observe(ms / 1000),
    registry,
    render() {
      // The latest second's samples too, so a scrape right after load sees it.
      foldLoopDelay();
      return registry.metrics();
    },
    start() {
      sampler.enable();
      const timer = setInterval(foldLoopDelay, LOOP_FOLD_MS);
      timer.unref();
      return () => {
        clearInterval(timer);
        foldLoopDelay();
        sampler.disable();
      };
    },
  };
}
