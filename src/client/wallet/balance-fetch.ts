/**
 * SPEC §8 balance fetch: up to 3 attempts; after a 429 wait 1500 ms × the attempt number, after any other
 * failure 1000 ms; after the final failure it yields 0.001 SOL; with no address it yields 0.
 *
 * The 0.001 SOL is SPEC's signal that the read failed, not the wallet's balance: the reading says which it
 * is, and the page keeps the last balance it knew, marked stale, instead of showing the fallback as money.
 */
export const BALANCE_ATTEMPTS = 3;
export const FALLBACK_BALANCE_LAMPORTS = 1_000_000n;

export type BalanceReading =
  /** The chain's answer (or 0 with no address). */
  | { kind: 'read'; lamports: bigint }
  /** Every attempt failed: SPEC's fallback value, never to be displayed as the balance. */
  | { kind: 'fallback'; lamports: bigint };

export function isRateLimited(error: unknown): boolean {
  const e = error as { context?: { statusCode?: unknown }; statusCode?: unknown; status?: unknown } | null;
  return e?.context?.statusCode === 429 || e?.statusCode === 429 || e?.status === 429;
}

export async function fetchBalanceWithRetry(
  address: string | null,
  getBalance: (address: string) => Promise<bigint>,
  wait: (ms: number) => Promise<void>,
): Promise<BalanceReading> {
  if (!address) return { kind: 'read', lamports: 0n };
  for (let attempt = 1; attempt <= BALANCE_ATTEMPTS; attempt++) {
    try {
      return { kind: 'read', lamports: await getBalance(address) };
    } catch (error) {
      if (attempt === BALANCE_ATTEMPTS) {
        console.warn('Balance fetch failed; the last known balance is kept and marked stale', error);
        break;
      }
      await wait(isRateLimited(error) ? 1500 * attempt : 1000);
    }
  }
  return { kind: 'fallback', lamports: FALLBACK_BALANCE_LAMPORTS };
}
