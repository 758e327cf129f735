import type { BalanceReading } from './balance-fetch.ts';

/** SPEC §9: balance polling every 30 s. */
export const BALANCE_POLL_MS = 30_000;

export interface BalancePollerDeps {
  /** The connected address, or null. */
  owner(): string | null;
  balanceOf(owner: string): Promise<BalanceReading>;
  /** A fresh balance of `owner`, still the connected address. */
  onBalance(lamports: bigint): void;
  /** The read failed (SPEC's fallback, or no chain): the last known balance stays, marked stale. */
  onStale(): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/**
 * The balance every 30 s while connected, and on demand (after every payment,
 * payout and refund). An answer for an address that is no longer connected is dropped. A failed read never
 * becomes the balance: SPEC §8's 0.001 SOL fallback only says the read failed.
 */
export function createBalancePoller(deps: BalancePollerDeps) {
  let timer: unknown = null;
  const refresh = async (): Promise<void> => {
    const owner = deps.owner();
    if (!owner) return;
    let reading: BalanceReading;
    try {
      reading = await deps.balanceOf(owner);
    } catch (error) {
      console.warn('Balance refresh failed', error);
      reading = { kind: 'fallback', lamports: 0n };
    }
    if (deps.owner() !== owner) return;
    if (reading.kind === 'read') deps.onBalance(reading.lamports);
    else deps.onStale();
  };
  const stop = () => {
    if (timer !== null) deps.clearInterval(timer);
    timer = null;
  };
  return {
    refresh,
    /** Polls from now on (restarting any earlier poll) and fetches at once. */
    start() {
      stop();
      timer = deps.setInterval(() => void refresh(), BALANCE_POLL_MS);
      void refresh();
    },
    stop,
  };
}
