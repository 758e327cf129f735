import { getWallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import {
  StandardConnect,
  type StandardConnectFeature,
  StandardDisconnect,
  type StandardDisconnectFeature,
  StandardEvents,
  type StandardEventsFeature,
} from '@wallet-standard/features';
import { type Clock, systemClock } from '../../common/clock.ts';
import type { GameModeId } from '../../common/game-modes.ts';
import { ensureSignedIn, signOut } from '../auth/sign-in.ts';
import { onWalletTransaction } from '../state/wallet-transaction-event.ts';
import type { createStoredValues } from '../storage/stored-values.ts';
import type { ToastInput } from '../ui/toast-provider.tsx';
import { CONNECTION_CANCELLED, describeConnectError, INVALID_CONNECTION_RESPONSE } from './connect-errors.ts';
import { connectStep } from './connect-step.ts';
import { payWithConnectedWallet } from './controller-payment.ts';
import { detectWithRetry } from './detection-retry.ts';
import { shouldIgnoreDisconnect } from './disconnect-rule.ts';
import { airdropTestSol } from './local-wallet/airdrop.ts';
import { LOCAL_WALLET_NAME } from './local-wallet/local-wallet.ts';
import { registerLocalWallet } from './local-wallet/register-local-wallet.ts';
import { createReturnCheck } from './return-check.ts';
import type { PaymentResult, PaymentStatus } from './wallet-api.ts';
import { openWalletChain, type WalletChain } from './wallet-chain.ts';
import { fetchWalletConfig, type WalletConfig } from './wallet-config.ts';
import { orderWallets } from './wallet-discovery.ts';
import {
  INITIAL_WALLET_STATE,
  type WalletChoice,
  type WalletDialog,
  type WalletState,
} from './wallet-state.ts';

/** SPEC §9: balance polling every 30 s. */
export const BALANCE_POLL_MS = 30_000;

export interface WalletControllerDeps {
  config: WalletConfig | null;
  stored: ReturnType<typeof createStoredValues>;
  toast(input: ToastInput): void;
  device(): { isMobile: boolean; inWalletApp: string | null };
  clock?: Clock;
}

const choiceOf = (w: Wallet): WalletChoice => ({ name: w.name, icon: w.icon });

/**
 * The wallet side of the page (SPEC §4 Wallet, issue 9 points 1-4), loaded when the player connects or a
 * stored connection is restored: Wallet Standard discovery, connect and its dialogs, sign-in, the balance,
 * the entry payment and the Local Wallet's airdrop. The provider renders its state and nothing else.
 */
export class WalletController {
  #state: WalletState = INITIAL_WALLET_STATE;
  #listeners = new Set<() => void>();
  #wallet: Wallet | null = null;
  #account: WalletAccount | null = null;
  #chain: Promise<WalletChain> | null = null;
  #cleanups: (() => void)[] = [];
  #walletCleanup: (() => void) | null = null;
  #balanceTimer: ReturnType<typeof setInterval> | null = null;
  readonly #deps: WalletControllerDeps;
  readonly #clock: Clock;
  readonly #wallets = getWallets();
  readonly #returnCheck;

  constructor(deps: WalletControllerDeps) {
    this.#deps = deps;
    this.#clock = deps.clock ?? systemClock;
    this.#returnCheck = createReturnCheck({
      connectRequested: () => deps.stored.walletConnectRequested.get(),
      isConnected: () => this.#state.status === 'connected',
      clearFlags: () => {
        deps.stored.walletConnectRequested.clear();
        deps.stored.walletType.clear();
      },
      onFailure: (message) => deps.toast({ title: message, variant: 'destructive' }),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    });
  }

  getState = (): WalletState => this.#state;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #set(patch: Partial<WalletState>) {
    this.#state = { ...this.#state, ...patch };
    for (const listener of this.#listeners) listener();
  }

  #wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  #chainReady(): Promise<WalletChain> {
    this.#chain ??= openWalletChain(this.#wait).catch((error: unknown) => {
      this.#chain = null;
      throw error;
    });
    return this.#chain;
  }

  #usableWallets(): Wallet[] {
    return orderWallets(this.#wallets.get());
  }

  #noteDetected() {
    this.#set({ detected: this.#usableWallets().map(choiceOf) });
  }

  /** Registers the Local Wallet on localnet, listens to the page, and restores a stored connection. */
  async start(): Promise<void> {
    this.#cleanups.push(
      this.#wallets.on('register', () => this.#noteDetected()),
      this.#wallets.on('unregister', () => this.#noteDetected()),
      onWalletTransaction(() => void this.refreshBalance()),
    );
    const onVisibility = () => {
      if (document.visibilityState !== 'visible') return;
      this.#returnCheck.onVisible();
      void this.#chainReady().then(
        (chain) => chain.testConnection(),
        () => undefined,
      );
      if (this.#state.status === 'disconnected' && this.#deps.stored.walletType.get()) void this.restore();
      else if (this.#state.status === 'connected') void this.refreshBalance();
    };
    document.addEventListener('visibilitychange', onVisibility);
    this.#cleanups.push(() => document.removeEventListener('visibilitychange', onVisibility));
    await this.#registerLocalWallet();
    this.#noteDetected();
    void this.#chainReady().then(
      (chain) => chain.testConnection(),
      () => undefined,
    );
    // Not awaited: a connect the player starts meanwhile must not wait for a wallet that may never answer.
    if (this.#deps.stored.walletType.get()) void this.restore();
  }

  dispose() {
    for (const cleanup of this.#cleanups.splice(0)) cleanup();
    this.#walletCleanup?.();
    this.#returnCheck.cancel();
    if (this.#balanceTimer) clearInterval(this.#balanceTimer);
  }

  async #registerLocalWallet() {
    if (this.#deps.config?.cluster !== 'localnet') return;
    try {
      registerLocalWallet((await this.#chainReady()).rpc);
    } catch (error) {
      console.warn('The Local Wallet could not start', error);
    }
  }

  /** SPEC §4: an existing connection comes back on load and when the page is visible again, silently. */
  async restore(): Promise<void> {
    const name = this.#deps.stored.walletType.get();
    if (!name || this.#state.status !== 'disconnected') return;
    const [wallet] = (
      await detectWithRetry(() => this.#usableWallets().filter((w) => w.name === name), this.#wait)
    ).slice(0, 1);
    if (!wallet || this.#state.status !== 'disconnected') return;
    try {
      const { accounts } = await (wallet.features as StandardConnectFeature)[StandardConnect].connect({
        silent: true,
      });
      const account = accounts.find((a) => a.chains.some((c) => c.startsWith('solana:'))) ?? accounts[0];
      if (account) await this.#connected(wallet, account);
    } catch (error) {
      console.warn('Restoring the wallet connection failed', error);
    }
  }

  /** After the terms (connect-step.ts): Direct Connect, the mobile dialog, download page, wallet or chooser. */
  async beginConnect(): Promise<void> {
    const device = this.#deps.device();
    this.#set({ status: 'connecting', lastError: null });
    const found =
      device.isMobile && device.inWalletApp
        ? []
        : await detectWithRetry(() => this.#usableWallets(), this.#wait, {
            retries: device.isMobile ? 0 : undefined,
          });
    this.#noteDetected();
    const step = connectStep(device, found);
    if (step.kind === 'connect') {
      await this.#connect(step.wallet);
      return;
    }
    const dialog: WalletDialog =
      step.kind === 'direct'
        ? { kind: 'direct', walletName: step.walletName, error: null }
        : step.kind === 'mobile'
          ? {
              kind: 'mobile',
              connectionId: crypto.randomUUID().replaceAll('-', ''),
              pageUrl: location.href,
              origin: location.origin,
              wallets: step.wallets.map(choiceOf),
            }
          : step.kind === 'chooser'
            ? { kind: 'chooser', wallets: step.wallets.map(choiceOf) }
            : { kind: 'download' };
    this.#set({ status: 'disconnected', dialog });
  }

  async choose(name: string): Promise<void> {
    const wallet = this.#usableWallets().find((w) => w.name === name);
    this.#set({ dialog: null });
    if (wallet) await this.#connect(wallet);
  }

  /** 'Direct Connect' inside a wallet app's browser: its injected wallet, or the first one found. */
  async directConnect(): Promise<void> {
    const dialog = this.#state.dialog;
    const name = dialog?.kind === 'direct' ? dialog.walletName : null;
    const found = await detectWithRetry(() => this.#usableWallets(), this.#wait);
    const wallet = found.find((w) => w.name === name) ?? found[0];
    if (!wallet) {
      this.#set({ dialog: { kind: 'direct', walletName: name, error: 'Wallet provider not found' } });
      return;
    }
    const error = await this.#connect(wallet);
    if (error) this.#set({ dialog: { kind: 'direct', walletName: name, error } });
  }

  /** A wallet app link was opened: SPEC §4's return check applies when the player comes back. */
  openedWalletApp(name: string) {
    this.#deps.stored.walletConnectRequested.set(true);
    this.#deps.stored.walletType.set(name);
  }

  closeDialog() {
    this.#set({
      dialog: null,
      status: this.#state.status === 'connecting' ? 'disconnected' : this.#state.status,
    });
  }

  /** Returns the error shown, or null once connected. */
  async #connect(wallet: Wallet): Promise<string | null> {
    const { stored } = this.#deps;
    this.#set({ status: 'connecting', dialog: null, lastError: null });
    stored.walletConnectRequested.set(true);
    stored.walletType.set(wallet.name);
    try {
      const output = await (wallet.features as StandardConnectFeature)[StandardConnect].connect();
      const accounts = output?.accounts ?? [];
      const account = accounts.find((a) => a.chains.some((c) => c.startsWith('solana:'))) ?? accounts[0];
      if (!account?.address) throw new Error(INVALID_CONNECTION_RESPONSE);
      await this.#connected(wallet, account);
      return null;
    } catch (error) {
      const message = describeConnectError(error);
      stored.walletConnectRequested.clear();
      stored.walletType.clear();
      this.#set({ status: 'disconnected', lastError: message });
      if (message !== CONNECTION_CANCELLED) console.warn('Wallet connection failed', error);
      this.#deps.toast({ title: 'Wallet Connection Failed', description: message, variant: 'destructive' });
      return message;
    }
  }

  async #connected(wallet: Wallet, account: WalletAccount) {
    const { stored } = this.#deps;
    this.#walletCleanup?.();
    this.#wallet = wallet;
    this.#account = account;
    stored.walletConnectRequested.clear();
    stored.walletType.set(wallet.name);
    stored.walletAddress.set(account.address);
    const events = (wallet.features as Partial<StandardEventsFeature>)[StandardEvents];
    this.#walletCleanup =
      events?.on('change', ({ accounts }) => accounts && this.#onAccounts(accounts)) ?? null;
    this.#set({
      status: 'connected',
      publicKey: account.address,
      walletName: wallet.name,
      walletIcon: wallet.icon,
      localWallet: wallet.name === LOCAL_WALLET_NAME,
      signedIn: false,
      dialog: null,
      balanceLamports: stored.walletBalance.get(),
    });
    if (this.#balanceTimer) clearInterval(this.#balanceTimer);
    this.#balanceTimer = setInterval(() => void this.refreshBalance(), BALANCE_POLL_MS);
    void this.refreshBalance();
    await this.signIn();
  }

  /** SPEC §4: an account change updates key and balance; a disconnect event is ignored when unsafe. */
  #onAccounts(accounts: readonly WalletAccount[]) {
    const wallet = this.#wallet;
    if (!wallet || this.#state.status !== 'connected') return;
    const next = accounts[0];
    if (!next) {
      const ignore = shouldIgnoreDisconnect({
        pageHidden: document.visibilityState === 'hidden',
        pageLoading: document.readyState === 'loading',
        walletStillConnected: wallet.accounts.length > 0,
      });
      if (!ignore) void this.#forget(false);
      return;
    }
    if (next.address === this.#account?.address) return;
    this.#account = next;
    this.#deps.stored.walletAddress.set(next.address);
    this.#set({ publicKey: next.address, signedIn: false, balanceLamports: null });
    void this.refreshBalance();
    void this.signIn();
  }

  /** SIWS once per session (auth/sign-in.ts); the game channel opens once `signedIn` is true. */
  async signIn(): Promise<void> {
    const wallet = this.#wallet;
    const account = this.#account;
    if (!wallet || !account) return;
    try {
      await ensureSignedIn(wallet, account, {
        http: { fetch: (...args) => fetch(...args) },
        session: this.#deps.stored,
        clock: this.#clock,
      });
      if (this.#account === account) this.#set({ signedIn: true, lastError: null });
    } catch (error) {
      const message = describeConnectError(error);
      this.#set({ signedIn: false, lastError: message });
      this.#deps.toast({ title: 'Sign-in Failed', description: message, variant: 'destructive' });
    }
  }

  async disconnect(): Promise<void> {
    const wallet = this.#wallet;
    await this.#forget(true);
    const disconnect = (wallet?.features as Partial<StandardDisconnectFeature> | undefined)?.[
      StandardDisconnect
    ];
    await disconnect?.disconnect().catch((error: unknown) => console.warn('Wallet disconnect failed', error));
  }

  async #forget(byPlayer: boolean) {
    const { stored } = this.#deps;
    this.#walletCleanup?.();
    this.#walletCleanup = null;
    if (this.#balanceTimer) clearInterval(this.#balanceTimer);
    this.#balanceTimer = null;
    this.#wallet = null;
    this.#account = null;
    stored.walletType.clear();
    stored.walletAddress.clear();
    stored.walletBalance.clear();
    stored.walletConnectRequested.clear();
    this.#set({
      ...INITIAL_WALLET_STATE,
      detected: this.#state.detected,
      lastError: byPlayer ? null : 'Wallet disconnected',
    });
    await signOut({ http: { fetch: (...args) => fetch(...args) }, session: stored });
  }

  async refreshBalance(): Promise<void> {
    const owner = this.#account?.address ?? null;
    if (!owner) return;
    try {
      const lamports = await (await this.#chainReady()).balanceOf(owner);
      if (this.#account?.address !== owner) return;
      this.#deps.stored.walletBalance.set(lamports);
      this.#set({ balanceLamports: lamports });
    } catch (error) {
      console.warn('Balance refresh failed', error);
    }
  }

  async payEntry(mode: GameModeId, onStatus: (status: PaymentStatus) => void): Promise<PaymentResult> {
    this.#deps.config ??= await fetchWalletConfig().catch(() => null);
    const result = await payWithConnectedWallet({
      mode,
      onStatus,
      config: this.#deps.config,
      chain: await this.#chainReady().catch(() => null),
      wallet: this.#wallet,
      account: this.#account,
    });
    void this.refreshBalance();
    return result;
  }

  /** 'Airdrop test SOL': 1 SOL from the local chain to the Local Wallet, then the balance. */
  async airdrop(): Promise<void> {
    const owner = this.#account?.address;
    if (!owner || !this.#state.localWallet) throw new Error('Wallet not connected');
    const { rpc } = await this.#chainReady();
    await airdropTestSol(owner as never, { rpc: rpc as never });
    await this.refreshBalance();
  }
}
