/** SPEC §4 connection quality: thresholds on average latency (ms) and packet loss (0-1). */
export type ConnectionQuality = 'excellent' | 'good' | 'fair' | 'poor';

export const QUALITY_SCORES: Record<ConnectionQuality, number> = {
  excellent: 100,
  good: 75,
  fair: 50,
  poor: 25,
};

/** SPEC §9: the last 10 latency samples are kept. */
export const LATENCY_SAMPLES = 10;

export function connectionQuality(averageLatencyMs: number, loss = 0): ConnectionQuality {
  if (averageLatencyMs > 200 || loss > 0.1) return 'poor';
  if (averageLatencyMs > 100 || loss > 0.05) return 'fair';
  if (averageLatencyMs > 50 || loss > 0.02) return 'good';
  return 'excellent';
}

export function averageOf(samples: readonly number[]): number | null {
  if (samples.length === 0) return null;
  return samples.reduce((a, b) => a + b, 0) / samples.length;
}
