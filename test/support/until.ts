/**
 * Waiting in tests on real time, one way: poll a condition until it holds, and fail with what was awaited
 * once the time is up. A test that steps a fake clock waits on nothing of this.
 */

export interface UntilOptions {
  /** What the test waits for, named in the error when it never happens. */
  what?: string;
  /** Default 5 000 ms. */
  timeoutMs?: number;
  /** Default 5 ms between polls. */
  intervalMs?: number;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Lets sockets and timers already due run (a couple of milliseconds of real time): never a timing wait. */
export const flush = (ms = 2) => sleep(ms);

/** Polls `condition` until it holds; throws naming `what` if it still does not after `timeoutMs`. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  { what = 'the condition', timeoutMs = 5_000, intervalMs = 5 }: UntilOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`never happened within ${timeoutMs} ms: ${what}`);
    await sleep(intervalMs);
  }
}

const shown = (value: unknown) => JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `${v}n` : v));

/** Reads until `done` holds for what was read, and returns it; the error shows the last value read. */
export async function readUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { what = 'the value', timeoutMs = 5_000, intervalMs = 250 }: UntilOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms; last: ${shown(value)}`);
    await sleep(intervalMs);
  }
}

/** Retries `check` (an assertion) until it passes, rethrowing its last failure after `timeoutMs`. */
export async function eventually(
  check: () => Promise<void>,
  { timeoutMs = 5_000, intervalMs = 20 }: Omit<UntilOptions, 'what'> = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(intervalMs);
    }
  }
}

/** How often `watched` says what a slow step still waits on. */
const WATCH_EVERY_MS = 30_000;

/**
 * Awaits `work`, saying on stderr every 30 s that it still waits on `what` (`what()` is read each time, so
 * it may name a step that moves on): a hook that hangs then times out with what it waited on beside it.
 */
export async function watched<T>(what: string | (() => string), work: Promise<T>): Promise<T> {
  const started = Date.now();
  const watch = setInterval(() => {
    const name = typeof what === 'string' ? what : what();
    process.stderr.write(`still waiting on ${name} after ${Math.round((Date.now() - started) / 1000)} s\n`);
  }, WATCH_EVERY_MS);
  try {
    return await work;
  } finally {
    clearInterval(watch);
  }
}
