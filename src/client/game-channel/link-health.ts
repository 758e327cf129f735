import {
  averageOf,
  type ConnectionQuality,
  connectionQuality,
  LATENCY_SAMPLES,
  QUALITY_SCORES,
} from '../../common/connection-quality.ts';

/** SPEC §9 ping timing. */
export const PING_INTERVAL_MS = 3_000;
export const POOR_PING_INTERVAL_MS = 2_000;
/** A ping unanswered this long before the next one counts as lost. */
export const PING_LOSS_MARGIN_MS = 500;

export interface LinkHealth {
  answered(roundTripMs: number): void;
  lost(): void;
  /** Average of the last 10 round trips, or null before the first. */
  averageMs(): number | null;
  /** Share of the last 10 pings that went unanswered (0-1). */
  loss(): number;
  quality(): ConnectionQuality;
  score(): number;
  /** SPEC §9: every 3 s, every 2 s when the quality is poor. */
  pingIntervalMs(): number;
  reset(): void;
}

/** SPEC §4 connection quality from the pings' round trips and losses (common/connection-quality.ts). */
export function createLinkHealth(): LinkHealth {
  let latencies: number[] = [];
  let outcomes: boolean[] = [];
  const keep = <T>(list: T[], value: T) => [...list, value].slice(-LATENCY_SAMPLES);
  const health: LinkHealth = {
    answered(roundTripMs) {
      latencies = keep(latencies, Math.max(0, roundTripMs));
      outcomes = keep(outcomes, true);
    },
    lost() {
      outcomes = keep(outcomes, false);
    },
    averageMs: () => averageOf(latencies),
    loss: () => (outcomes.length === 0 ? 0 : outcomes.filter((ok) => !ok).length / outcomes.length),
    quality: () => connectionQuality(health.averageMs() ?? 0, health.loss()),
    score: () => QUALITY_SCORES[health.quality()],
    pingIntervalMs: () => (health.quality() === 'poor' ? POOR_PING_INTERVAL_MS : PING_INTERVAL_MS),
    reset() {
      latencies = [];
      outcomes = [];
    },
  };
  return health;
}
