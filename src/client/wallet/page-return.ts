import { StandardConnect, type StandardConnectFeature } from '@wallet-standard/features';
import { detectWithRetry } from './detection-retry.ts';
import {
  clearConnectRequest,
  isStaleConnectRequest,
  keepConnectionIdBriefly,
  readWalletAppAnswer,
  retryMobileReturn,
  withoutWalletAppAnswer,
} from './mobile-connect.ts';
import type { PhantomReturn } from './phantom-deeplink/phantom-return.ts';
import { createReturnCheck } from './return-check.ts';
import { solanaAccount, type WalletCore } from './wallet-core.ts';

/**
 * SPEC §4's rules for a page that loads or becomes visible again: an existing connection is restored
 * (silently), a stale connect request is cleaned, a player back from a wallet app is reconnected (3 tries)
 * and, if still not connected 2 s later, told so (return-check.ts); the balance is refreshed.
 */
export function createPageReturn(core: WalletCore, phantom: PhantomReturn | null = null) {
  const { stored } = core.deps;
  const connected = () => core.state().status === 'connected';
  const returnCheck = createReturnCheck({
    connectRequested: () => stored.walletConnectRequested.get(),
    isConnected: connected,
    clearFlags: () => clearConnectRequest(stored, { keepWalletType: false }),
    onFailure: (message) => core.deps.toast({ title: message, variant: 'destructive' }),
    setTimeout: core.setTimeout,
    clearTimeout: core.clearTimeout,
  });
  let cancelKeepId: () => void = () => undefined;
  let returning = false;

  /** One silent connect to the stored wallet, if the page can see it now. */
  async function connectSilently(name: string): Promise<boolean> {
    const wallet = core.usableWallets().find((w) => w.name === name);
    if (!wallet) return false;
    const { accounts } = await (wallet.features as StandardConnectFeature)[StandardConnect].connect({
      silent: true,
    });
    const account = solanaAccount(accounts);
    if (!account) return false;
    await core.connected(wallet, account);
    return true;
  }

  /** SPEC §4: an existing connection comes back on load and when the page is visible again, silently. */
  async function restore(): Promise<void> {
    const name = stored.walletType.get();
    if (!name || core.state().status !== 'disconnected') return;
    const found = await detectWithRetry(() => core.usableWallets().filter((w) => w.name === name), core.wait);
    if (found.length === 0 || core.state().status !== 'disconnected') return;
    try {
      await connectSilently(name);
    } catch (error) {
      console.warn('Restoring the wallet connection failed', error);
    }
  }

  /** The answer a wallet app's redirect brought back in the address (Phantom's connect deep link). */
  function readAnswer(): 'rejected' | 'other' {
    const url = new URL(location.href);
    const answer = readWalletAppAnswer(url, stored.walletConnectionId.get());
    if (answer.kind === 'none') return 'other';
    history.replaceState(history.state, '', withoutWalletAppAnswer(url));
    if (answer.kind !== 'rejected') return 'other';
    clearConnectRequest(stored, { keepWalletType: connected() });
    core.deps.toast({
      title: 'Wallet Connection Failed',
      description: answer.message,
      variant: 'destructive',
    });
    return 'rejected';
  }

  /** SPEC §4 mobile return: up to 3 silent connects, 500 ms × the attempt apart; the id then kept 5 s. */
  async function mobileReturn(): Promise<void> {
    const name = stored.walletType.get();
    if (returning || !name || connected()) return;
    returning = true;
    try {
      await retryMobileReturn(
        async () => {
          try {
            return await connectSilently(name);
          } catch {
            return false;
          }
        },
        core.wait,
        () => connected() || !stored.walletConnectRequested.get(),
      );
    } finally {
      returning = false;
      cancelKeepId();
      cancelKeepId = keepConnectionIdBriefly(stored, core);
    }
  }

  /**
   * On load and on every return to the tab: a stale request is cleaned, a wallet app's answer read; a
   * phone with a request still open tries the mobile return, anything else the silent restore.
   */
  function onPageBack(): { mobileReturn: boolean } {
    // Phantom's deep-link answers (phantom-deeplink/) carry their own request and staleness checks.
    const url = new URL(location.href);
    if (phantom?.isAnswer(url)) {
      void phantom.handle(url);
      return { mobileReturn: false };
    }
    if (isStaleConnectRequest(stored, core.clock.now())) {
      clearConnectRequest(stored, { keepWalletType: connected() });
    } else if (
      readAnswer() === 'other' &&
      stored.walletConnectRequested.get() &&
      core.deps.device().isMobile
    ) {
      void mobileReturn();
      return { mobileReturn: true };
    }
    if (core.state().status === 'disconnected' && stored.walletType.get()) void restore();
    return { mobileReturn: false };
  }

  function onVisible(): void {
    onPageBack();
    returnCheck.onVisible();
    void core.chainReady().then(
      (chain) => chain.testConnection(),
      () => undefined,
    );
    if (connected()) void core.refreshBalance();
  }

  return {
    restore,
    /** Page load: the same rules, then the restore of a stored connection. */
    onLoad(): void {
      phantom?.registerStored();
      // Back from a wallet app's redirect: the page loads anew, and the 2 s check applies as on a return.
      if (onPageBack().mobileReturn) returnCheck.onVisible();
    },
    /** Listens to the page's visibility; returns the stop. */
    watch(): () => void {
      const listener = () => {
        if (document.visibilityState === 'visible') onVisible();
      };
      document.addEventListener('visibilitychange', listener);
      return () => {
        document.removeEventListener('visibilitychange', listener);
        returnCheck.cancel();
        cancelKeepId();
      };
    },
  };
}
