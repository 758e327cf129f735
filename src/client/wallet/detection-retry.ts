/** SPEC §4: wallet detection retries every 1 s, up to 5 times. */
export const DETECTION_RETRY_MS = 1000;
export const DETECTION_RETRIES = 5;

/**
 * Looks for wallets now and, while none is found, again every second up to five more times (extensions
 * may register after the page). Returns what the last look found (empty: no wallet installed).
 */
export async function detectWithRetry<T>(
  detect: () => readonly T[],
  wait: (ms: number) => Promise<void>,
  options: { retries?: number; intervalMs?: number; cancelled?: () => boolean } = {},
): Promise<readonly T[]> {
  const retries = options.retries ?? DETECTION_RETRIES;
  let found = detect();
  for (let attempt = 0; found.length === 0 && attempt < retries && !options.cancelled?.(); attempt++) {
    await wait(options.intervalMs ?? DETECTION_RETRY_MS);
    found = detect();
  }
  return found;
}
