/**
 * SPEC §8 balance fetch: up to 3 attempts; after a 429 wait 1500 ms × the attempt number, after any other
 * failure 1000 ms; after the final failure it yields 0.001 SOL; with no address it yields 0.
 */
export const BALANCE_ATTEMPTS = 3;
export const FALLBACK_BALANCE_LAMPORTS = 1_000_000n;

export function isRateLimited(error: unknown): boolean {
  const e = error as { context?: { statusCode?: unknown }; statusCode?: unknown; status?: unknown } | null;
  return e?.context?.statusCode === 429 || e?.statusCode === 429 || e?.status === 429;
}

export async function fetchBalanceWithRetry(
  address: string | null,
  getBalance: (address: string) => Promise<bigint>,
  wait: (ms: number) => Promise<void>,
): Promise<bigint> {
  if (!address) return 0n;
  for (let attempt = 1; attempt <= BALANCE_ATTEMPTS; attempt++) {
    try {
      return await getBalance(address);
    } catch (error) {
      if (attempt === BALANCE_ATTEMPTS) {
        console.warn('Balance fetch failed, showing the fallback balance', error);
        break;
      }
      await wait(isRateLimited(error) ? 1500 * attempt : 1000);
    }
  }
  return FALLBACK_BALANCE_LAMPORTS;
}
