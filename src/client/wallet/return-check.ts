/** SPEC §9 wallet return check delay. */
export const RETURN_CHECK_DELAY_MS = 2000;
export const RETURN_FAILED_TOAST = "Couldn't connect wallet. Please try again.";

export interface ReturnCheckDeps {
  /** wallet_connect_requested is 'true'. */
  connectRequested(): boolean;
  isConnected(): boolean;
  /** Clears wallet_connect_requested (and the stored wallet type). */
  clearFlags(): void;
  onFailure(message: string): void;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * SPEC §4: when the player comes back to the tab (from a wallet app) with a connection requested and, 2 s
 * later, the wallet is still not connected, the flags are cleared and an error toast is shown. Call
 * `onVisible` on every visibilitychange to visible; `cancel` when the page goes away.
 */
export function createReturnCheck(deps: ReturnCheckDeps) {
  let pending: unknown = null;
  return {
    onVisible() {
      if (!deps.connectRequested() || pending !== null) return;
      pending = deps.setTimeout(() => {
        pending = null;
        if (!deps.connectRequested() || deps.isConnected()) return;
        deps.clearFlags();
        deps.onFailure(RETURN_FAILED_TOAST);
      }, RETURN_CHECK_DELAY_MS);
    },
    cancel() {
      if (pending !== null) deps.clearTimeout(pending);
      pending = null;
    },
  };
}
