// @vitest-environment jsdom
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeClock, type FakeClock } from '../../common/clock.ts';
import { safeStorageArea } from '../storage/storage-area.ts';
import { createStoredValues } from '../storage/stored-values.ts';
import { memoryStorage } from '../storage/test-support/memory-storage.ts';
import { createManualTimers } from '../test-support/manual-timers.ts';
import type { ToastInput } from '../ui/toast-provider.tsx';
import { CONNECTION_CANCELLED } from './connect-errors.ts';
import { createConnectFlow } from './connect-flow.ts';
import { CONNECTION_ID_KEEP_MS, STALE_CONNECT_REQUEST_MS } from './mobile-connect.ts';
import { createPageReturn } from './page-return.ts';
import { RETURN_CHECK_DELAY_MS } from './return-check.ts';
import type { WalletCore } from './wallet-core.ts';
import { WalletStore } from './wallet-store.ts';

/**
 * SPEC §4's load and return rules (page-return.ts) and the mobile dialog's request (connect-flow.ts) over
 * a wallet core whose clock, timers and waits the test drives: no sleeping, no real wallet app.
 */

const ADDRESS = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const ID = '0123456789abcdef0123456789abcdef';

/** A standard wallet whose silent connect answers with the accounts `answers` gives, one per try. */
function fakeWallet(name: string, answers: (readonly WalletAccount[])[]) {
  const tries: { silent?: boolean }[] = [];
  const wallet = {
    version: '1.0.0',
    name,
    icon: 'data:image/svg+xml;base64,',
    chains: ['solana:devnet'],
    accounts: [],
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => {
          tries.push(input ?? {});
          return { accounts: answers[tries.length - 1] ?? [] };
        },
      },
    },
  } as unknown as Wallet;
  return { wallet, tries };
}

const account: WalletAccount = {
  address: ADDRESS,
  publicKey: new Uint8Array(32),
  chains: ['solana:devnet'],
  features: [],
};

function setup(options: { mobile: boolean; wallets: Wallet[]; clock?: FakeClock }) {
  const clock = options.clock ?? createFakeClock();
  const timers = createManualTimers();
  const waits: number[] = [];
  const toasts: ToastInput[] = [];
  const store = new WalletStore();
  const [local, session] = [memoryStorage(), memoryStorage()];
  const stored = createStoredValues(
    safeStorageArea(() => local),
    safeStorageArea(() => session),
  );
  const core: WalletCore = {
    deps: {
      config: { houseWallet: ADDRESS, cluster: 'devnet' },
      stored,
      toast: (t) => void toasts.push(t),
      device: () => ({ isMobile: options.mobile, inWalletApp: null }),
      clock,
    },
    clock,
    state: store.getState,
    set: (patch) => store.set(patch),
    wait: async (ms) => void waits.push(ms),
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    chainReady: () => Promise.reject(new Error('no chain in this test')),
    usableWallets: () => options.wallets,
    noteDetected: () => undefined,
    refreshBalance: async () => undefined,
    // As the controller does: connected, the request answered (its id left for its 5 s).
    connected: async (wallet, acc) => {
      stored.walletConnectRequested.clear();
      stored.walletConnectTime.clear();
      stored.walletType.set(wallet.name);
      store.set({ status: 'connected', publicKey: acc.address, walletName: wallet.name });
    },
  };
  const pageReturn = createPageReturn(core);
  const stop = pageReturn.watch();
  stops.push(stop);
  return { core, clock, timers, waits, toasts, store, stored, pageReturn };
}

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  history.replaceState(null, '', '/');
});

const backToTab = () => document.dispatchEvent(new Event('visibilitychange'));

describe('back from a wallet app on a phone', () => {
  it('reconnects within 3 tries (0, 500, 1000 ms), then keeps the connection id 5 s', async () => {
    const phantom = fakeWallet('Phantom', [[], [], [account]]);
    const t = setup({ mobile: true, wallets: [phantom.wallet] });
    t.stored.walletConnectRequested.set(true);
    t.stored.walletType.set('Phantom');
    t.stored.walletConnectTime.set(t.clock.now());
    t.stored.walletConnectionId.set(ID);
    t.clock.advance(60_000);
    backToTab();
    await vi.waitFor(() => expect(t.store.getState().status).toBe('connected'));
    expect(phantom.tries).toEqual([{ silent: true }, { silent: true }, { silent: true }]);
    expect(t.waits).toEqual([500, 1000]);
    expect(t.store.getState().publicKey).toBe(ADDRESS);
    // The 2 s return check and the 5 s removal of the id.
    await vi.waitFor(() => expect(t.timers.pending()).toBe(2));
    t.timers.advance(RETURN_CHECK_DELAY_MS);
    expect(t.toasts).toEqual([]);
    expect(t.stored.walletConnectionId.get()).toBe(ID);
    t.timers.advance(CONNECTION_ID_KEEP_MS - RETURN_CHECK_DELAY_MS);
    expect(t.stored.walletConnectionId.get()).toBeNull();
  });

  it("never connects: 3 tries, and 2 s after the return the flags are cleared with 'Couldn't connect wallet'", async () => {
    const phantom = fakeWallet('Phantom', []);
    const t = setup({ mobile: true, wallets: [phantom.wallet] });
    t.stored.walletConnectRequested.set(true);
    t.stored.walletType.set('Phantom');
    t.stored.walletConnectTime.set(t.clock.now());
    backToTab();
    await vi.waitFor(() => expect(phantom.tries).toHaveLength(3));
    t.timers.advance(RETURN_CHECK_DELAY_MS - 1);
    expect(t.toasts).toEqual([]);
    t.timers.advance(1);
    expect(t.toasts).toEqual([
      { title: "Couldn't connect wallet. Please try again.", variant: 'destructive' },
    ]);
    expect(t.stored.walletConnectRequested.get()).toBe(false);
    expect(t.stored.walletType.get()).toBeNull();
  });

  it('a request older than 5 minutes is cleaned on return: no connect try, no toast', async () => {
    const phantom = fakeWallet('Phantom', [[account]]);
    const t = setup({ mobile: true, wallets: [phantom.wallet] });
    t.stored.walletConnectRequested.set(true);
    t.stored.walletType.set('Phantom');
    t.stored.walletConnectTime.set(t.clock.now());
    t.stored.walletConnectionId.set(ID);
    t.clock.advance(STALE_CONNECT_REQUEST_MS + 1);
    backToTab();
    t.timers.advance(RETURN_CHECK_DELAY_MS);
    expect(t.stored.walletConnectRequested.get()).toBe(false);
    expect(t.stored.walletConnectTime.get()).toBeNull();
    expect(t.stored.walletConnectionId.get()).toBeNull();
    expect(t.stored.walletType.get()).toBeNull();
    expect(phantom.tries).toEqual([]);
    expect(t.toasts).toEqual([]);
  });

  it("Phantom's redirect says the player declined: the error toast, flags cleared, the address cleaned", () => {
    const phantom = fakeWallet('Phantom', [[account]]);
    const t = setup({ mobile: true, wallets: [phantom.wallet] });
    t.stored.walletConnectRequested.set(true);
    t.stored.walletType.set('Phantom');
    t.stored.walletConnectTime.set(t.clock.now());
    t.stored.walletConnectionId.set(ID);
    history.replaceState(
      null,
      '',
      `/?mode=x&wallet_connection=${ID}&errorCode=4001&errorMessage=User%20rejected`,
    );
    t.pageReturn.onLoad();
    expect(t.toasts).toEqual([
      { title: 'Wallet Connection Failed', description: CONNECTION_CANCELLED, variant: 'destructive' },
    ]);
    expect(location.search).toBe('?mode=x');
    expect(t.stored.walletConnectRequested.get()).toBe(false);
    expect(phantom.tries).toEqual([]);
  });
});

describe('restore on load and on return (desktop)', () => {
  it('a stored wallet with no open request is restored silently when the page is visible again', async () => {
    const phantom = fakeWallet('Phantom', [[account]]);
    const t = setup({ mobile: false, wallets: [phantom.wallet] });
    t.stored.walletType.set('Phantom');
    backToTab();
    await vi.waitFor(() => expect(t.store.getState().status).toBe('connected'));
    expect(phantom.tries).toEqual([{ silent: true }]);
  });
});

describe('the mobile wallet dialog opens a connect request', () => {
  it("on a phone: the dialog with a 32-hex connection id and Phantom's connect link carrying it back", async () => {
    const t = setup({ mobile: true, wallets: [] });
    const flow = createConnectFlow(t.core);
    await flow.beginConnect();
    const dialog = t.store.getState().dialog;
    if (dialog?.kind !== 'mobile') throw new Error(`expected the mobile dialog, got ${dialog?.kind}`);
    expect(dialog.connectionId).toMatch(/^[0-9a-f]{32}$/);
    const link = new URL(dialog.connectLink ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('https://phantom.app/ul/v1/connect');
    expect(link.searchParams.get('dapp_encryption_public_key')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{43,44}$/);
    expect(link.searchParams.get('cluster')).toBe('devnet');
    expect(new URL(link.searchParams.get('redirect_link') ?? '').searchParams.get('wallet_connection')).toBe(
      dialog.connectionId,
    );

    t.clock.advance(1234);
    flow.openedWalletApp('Phantom');
    expect(t.stored.walletConnectRequested.get()).toBe(true);
    expect(t.stored.walletType.get()).toBe('Phantom');
    expect(t.stored.walletConnectTime.get()).toBe(t.clock.now());
    expect(t.stored.walletConnectionId.get()).toBe(dialog.connectionId);
  });
});
