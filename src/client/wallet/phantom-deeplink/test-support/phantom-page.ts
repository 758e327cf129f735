import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { createFakeClock } from '../../../../common/clock.ts';
import { safeStorageArea } from '../../../storage/storage-area.ts';
import { createStoredValues } from '../../../storage/stored-values.ts';
import { memoryStorage } from '../../../storage/test-support/memory-storage.ts';
import { createManualTimers } from '../../../test-support/manual-timers.ts';
import type { ToastInput } from '../../../ui/toast-provider.tsx';
import { createConnectFlow } from '../../connect-flow.ts';
import { createPageReturn } from '../../page-return.ts';
import type { WalletCore } from '../../wallet-core.ts';
import { WalletStore } from '../../wallet-store.ts';
import { loadNacl } from '../phantom-crypto.ts';
import { createPhantomReturn, type PhantomReturnDeps } from '../phantom-return.ts';
import { createPhantomStore } from '../phantom-store.ts';

/**
 * A phone page for the deep-link tests: the real connect flow, page return and Phantom return over a
 * wallet core whose clock, timers, storage, wallet registry, navigation and HTTP the test holds.
 */
export function phantomPage() {
  const clock = createFakeClock();
  const timers = createManualTimers();
  const toasts: ToastInput[] = [];
  const store = new WalletStore();
  const storage = memoryStorage();
  const stored = createStoredValues(
    safeStorageArea(() => storage),
    safeStorageArea(() => memoryStorage()),
  );
  const phantom = createPhantomStore(safeStorageArea(() => storage));
  const registered: Wallet[] = [];
  const opened: string[] = [];
  const connections: { wallet: Wallet; account: WalletAccount }[] = [];
  const payments: Parameters<NonNullable<PhantomReturnDeps['onPayment']>>[0][] = [];
  const verifyBodies: Record<string, unknown>[] = [];
  let verifyStatus = 200;
  const core: WalletCore = {
    deps: {
      config: { houseWallet: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', cluster: 'devnet' },
      stored,
      toast: (t) => void toasts.push(t),
      device: () => ({ isMobile: true, inWalletApp: null }),
      clock,
    },
    clock,
    state: store.getState,
    set: (patch) => store.set(patch),
    wait: async () => undefined,
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    chainReady: () => Promise.reject(new Error('no chain in this test')),
    usableWallets: () => registered,
    noteDetected: () => undefined,
    refreshBalance: async () => undefined,
    // As the controller does: the request answered, the wallet remembered (sign-in is the controller's).
    connected: async (wallet, account) => {
      connections.push({ wallet, account });
      stored.walletConnectRequested.clear();
      stored.walletConnectTime.clear();
      stored.walletType.set(wallet.name);
      stored.walletAddress.set(account.address);
      store.set({ status: 'connected', publicKey: account.address, walletName: wallet.name });
    },
  };
  const fetchStub = (async (url: string, init?: RequestInit) => {
    verifyBodies.push({ url, ...(JSON.parse(String(init?.body)) as Record<string, unknown>) });
    return new Response(JSON.stringify(verifyStatus === 200 ? { ok: true } : { error: 'Sign-in expired' }), {
      status: verifyStatus,
    });
  }) as typeof fetch;
  const phantomReturn = createPhantomReturn(core, {
    phantom,
    nacl: loadNacl,
    http: { fetch: fetchStub },
    register: (wallet) => {
      registered.push(wallet);
      return () => void registered.splice(registered.indexOf(wallet), 1);
    },
    pageUrl: () => location.href,
    open: (link) => void opened.push(link),
    onPayment: (result) => void payments.push(result),
  });
  const flow = createConnectFlow(core, { store: phantom, nacl: loadNacl });
  const pageReturn = createPageReturn(core, phantomReturn);
  return {
    core,
    clock,
    timers,
    toasts,
    store,
    stored,
    storage,
    phantom,
    registered,
    opened,
    connections,
    payments,
    verifyBodies,
    failVerify: () => {
      verifyStatus = 400;
    },
    flow,
    pageReturn,
    /** The browser lands on `url` (Phantom's redirect) and the page loads. */
    land(url: string) {
      history.replaceState(null, '', url);
      pageReturn.onLoad();
    },
    /** The mobile dialog opens and the player taps Phantom's connect link: returns that link. */
    async openConnectLink(): Promise<string> {
      await flow.beginConnect();
      const dialog = store.getState().dialog;
      if (dialog?.kind !== 'mobile' || !dialog.connectLink) throw new Error('expected the mobile dialog');
      flow.openedWalletApp('Phantom');
      return dialog.connectLink;
    },
  };
}

export type PhantomPage = ReturnType<typeof phantomPage>;
