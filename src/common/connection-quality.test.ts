import { describe, expect, it } from 'vitest';
import { averageOf, connectionQuality } from './connection-quality.ts';

describe('connection quality', () => {
  it.each([
    [10, 0, 'excellent'],
    [50, 0.02, 'excellent'],
    [51, 0, 'good'],
    [20, 0.021, 'good'],
    [101, 0, 'fair'],
    [20, 0.051, 'fair'],
    [201, 0, 'poor'],
    [20, 0.11, 'poor'],
  ] as const)('latency %d ms with loss %d is %s', (latency, loss, quality) => {
    expect(connectionQuality(latency, loss)).toBe(quality);
  });

  it('averages samples, and has none for no samples', () => {
    expect(averageOf([])).toBeNull();
    expect(averageOf([10, 20, 30])).toBe(20);
  });
});
