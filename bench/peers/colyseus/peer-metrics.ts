/**
 * The peer's /metrics: the very metrics the product serves (src/server/metrics, the same names and bounds,
 * read by bench/prometheus.ts), fed as peer-ticks.ts explains, plus one histogram of single room steps.
 */
import { performance } from 'node:perf_hooks';
import { Counter, Histogram } from 'prom-client';
import { TICK_MS } from '../../../src/common/game/constants.ts';
import { createServerMetrics } from '../../../src/server/metrics/server-metrics.ts';
import { createMissedPeriods, createPeriodWork, type LoopFrames } from './peer-ticks.ts';

const ROOM_STEP_BOUNDS = [
  0.000005, 0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1,
];

export interface PeerMetrics {
  /** A frame of a room's loop started at `frameMs`: counts the steps it finds missed. */
  frame(loop: LoopFrames, frameMs: number): void;
  /** Runs and times one room's step (physics, state, sends). */
  step(run: () => void): void;
  /** Runs and times other room work on the game's path (a state patch: serialisation and sends). */
  work<T>(run: () => T): T;
  render(): Promise<string>;
  start(): () => void;
}

export function createPeerMetrics(liveMatches: () => number): PeerMetrics {
  const server = createServerMetrics({ liveMatches });
  const registers = [server.registry];
  const roomStep = new Histogram({
    name: 'peer_room_step_duration_seconds',
    help: 'One step of one room (physics, state, sends), each room on its own Colyseus loop',
    buckets: ROOM_STEP_BOUNDS,
    registers,
  });
  const steps = new Counter({ name: 'peer_room_steps_total', help: 'Room steps run', registers });
  const roomStepsMissed = new Counter({
    name: 'peer_room_steps_missed_total',
    help: 'Room steps due more than a period before the loop frame running them started, counted per room',
    registers,
  });
  const missedPeriods = createMissedPeriods(TICK_MS);
  const periods = createPeriodWork(TICK_MS, (totalMs) => server.ticks.ran(0, totalMs));
  const timed = <T>(run: () => T): { value: T; ms: number } => {
    const startedMs = performance.now();
    const value = run();
    const ms = performance.now() - startedMs;
    periods.add(startedMs, ms);
    return { value, ms };
  };
  return {
    frame(loop, frameMs) {
      for (const dueMs of loop.frame(frameMs)) {
        roomStepsMissed.inc();
        if (missedPeriods.missed(dueMs)) server.ticks.skipped(1);
      }
    },
    step(run) {
      roomStep.observe(timed(run).ms / 1000);
      steps.inc();
    },
    work: (run) => timed(run).value,
    render: () => server.render(),
    start: () => server.start(),
  };
}
