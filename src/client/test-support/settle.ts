import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Under fake timers, lets React and the promises a render started run to rest: `rounds` turns of zero-time
 * timers, each inside act().
 */
export async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await act(() => vi.advanceTimersByTimeAsync(0));
}
