/**
 * Timer functions, injected (ARCHITECTURE invariant 8) so that the channel's ping, heartbeat, grace and
 * backoff run in tests on a fake clock, without sleeping. Intervals are chains of timeouts: the ping's
 * period changes with the connection's quality.
 */
export type TimerHandle = unknown;

export interface Timers {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};
