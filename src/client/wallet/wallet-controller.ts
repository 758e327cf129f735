import { getWallets } from '@wallet-standard/app';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import {
  StandardDisconnect,
  type StandardDisconnectFeature,
  StandardEvents,
  type StandardEventsFeature,
} from '@wallet-standard/features';
import { type Clock, systemClock } from '../../common/clock.ts';
import type { GameModeId } from '../../common/game-modes.ts';
import { ensureSignedIn, signOut } from '../auth/sign-in.ts';
import { confirmPayment } from '../payment/confirm-payment.ts';
import { onWalletTransaction } from '../state/wallet-transaction-event.ts';
import { createBalancePoller } from './balance-poller.ts';
import { describeConnectError } from './connect-errors.ts';
import { createConnectFlow } from './connect-flow.ts';
import { payWithConnectedWallet } from './controller-payment.ts';
import { shouldIgnoreDisconnect } from './disconnect-rule.ts';
import { airdropTestSol } from './local-wallet/airdrop.ts';
import { LOCAL_WALLET_NAME } from './local-wallet/local-wallet.ts';
import { registerLocalWallet } from './local-wallet/register-local-wallet.ts';
import { createPageReturn } from './page-return.ts';
import { loadNacl } from './phantom-deeplink/phantom-crypto.ts';
import { PhantomDeepLinkWallet } from './phantom-deeplink/phantom-deeplink-wallet.ts';
import {
  createPhantomReturn,
  type PhantomPaymentAnswer,
  type PhantomReturn,
} from './phantom-deeplink/phantom-return.ts';
import { createPhantomStore } from './phantom-deeplink/phantom-store.ts';
import { BLOCKHASH_VALID_BLOCKS, resumePhantomPayment } from './phantom-deeplink/resume-payment.ts';
import type { PaymentResult, PaymentStatus } from './wallet-api.ts';
import { openWalletChain, type WalletChain } from './wallet-chain.ts';
import { fetchWalletConfig } from './wallet-config.ts';
import { choiceOf, type WalletControllerDeps, type WalletCore } from './wallet-core.ts';
import { orderWallets } from './wallet-discovery.ts';
import { INITIAL_WALLET_STATE } from './wallet-state.ts';
import { WalletStore } from './wallet-store.ts';

export { BALANCE_POLL_MS } from './balance-poller.ts';
export type { WalletControllerDeps } from './wallet-core.ts';

/**
 * The wallet side of the page (SPEC §4 Wallet), loaded when the player connects or a
 * stored connection is restored: Wallet Standard discovery, the connect flow and its dialogs
 * (connect-flow.ts), the load and return rules (page-return.ts), sign-in, the balance (balance-poller.ts),
 * the entry payment and the Local Wallet's airdrop. The provider renders its state and nothing else.
 */
export class WalletController {
  readonly #store = new WalletStore();
  #wallet: Wallet | null = null;
  #account: WalletAccount | null = null;
  #chain: Promise<WalletChain> | null = null;
  #cleanups: (() => void)[] = [];
  #walletCleanup: (() => void) | null = null;
  readonly #deps: WalletControllerDeps;
  readonly #clock: Clock;
  readonly #wallets = getWallets();
  readonly #core: WalletCore;
  readonly #balance;
  readonly #flow;
  readonly #pageReturn;
  /** Phantom's answer to an entry payment sent by deep link before this page loaded (resumePayment). */
  #resumedPayment: PhantomPaymentAnswer | null = null;
  readonly #phantomReturn: PhantomReturn;

  constructor(deps: WalletControllerDeps) {
    this.#deps = deps;
    this.#clock = deps.clock ?? systemClock;
    this.#core = {
      deps,
      clock: this.#clock,
      state: this.getState,
      set: (patch) => this.#store.set(patch),
      wait: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      chainReady: () => this.#chainReady(),
      usableWallets: () => orderWallets(this.#wallets.get()),
      noteDetected: () => this.#store.set({ detected: this.#core.usableWallets().map(choiceOf) }),
      refreshBalance: () => this.refreshBalance(),
      connected: (wallet, account) => this.#connected(wallet, account),
    };
    this.#balance = createBalancePoller({
      owner: () => this.#account?.address ?? null,
      balanceOf: async (owner) => (await this.#chainReady()).balanceOf(owner),
      onBalance: (lamports) => {
        deps.stored.walletBalance.set(lamports);
        this.#store.set({ balanceLamports: lamports, balanceStale: false });
      },
      // The last known balance stays (neither shown as SPEC's fallback nor stored), marked stale.
      onStale: () => this.#store.set({ balanceStale: true }),
      setInterval: (callback, ms) => setInterval(callback, ms),
      clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    });
    const phantom = createPhantomStore();
    this.#flow = createConnectFlow(this.#core, { store: phantom, nacl: loadNacl });
    this.#phantomReturn = createPhantomReturn(this.#core, {
      phantom,
      nacl: loadNacl,
      http: { fetch: (...args) => fetch(...args) },
      register: (wallet) => this.#wallets.register(wallet),
      pageUrl: () => location.href,
      open: (link) => location.assign(link),
      onPayment: (answer) => {
        this.#resumedPayment = answer;
      },
    });
    this.#pageReturn = createPageReturn(this.#core, this.#phantomReturn);
  }

  getState = () => this.#store.getState();
  subscribe = (listener: () => void) => this.#store.subscribe(listener);

  #chainReady(): Promise<WalletChain> {
    this.#chain ??= openWalletChain(this.#core.wait).catch((error: unknown) => {
      this.#chain = null;
      throw error;
    });
    return this.#chain;
  }

  /** Registers the Local Wallet on localnet, listens to the page, and restores a stored connection. */
  async start(): Promise<void> {
    this.#cleanups.push(
      this.#wallets.on('register', () => this.#core.noteDetected()),
      this.#wallets.on('unregister', () => this.#core.noteDetected()),
      onWalletTransaction(() => void this.refreshBalance()),
      this.#pageReturn.watch(),
    );
    await this.#registerLocalWallet();
    this.#core.noteDetected();
    void this.#chainReady().then(
      (chain) => chain.testConnection(),
      () => undefined,
    );
    // Not awaited: a connect the player starts meanwhile must not wait for a wallet that may never answer.
    this.#pageReturn.onLoad();
  }

  dispose() {
    for (const cleanup of this.#cleanups.splice(0)) cleanup();
    this.#walletCleanup?.();
    this.#balance.stop();
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
  restore = (): Promise<void> => this.#pageReturn.restore();
  /** After the terms (connect-step.ts): Direct Connect, the mobile dialog, download page, wallet or chooser. */
  beginConnect = (): Promise<void> => this.#flow.beginConnect();
  choose = (name: string): Promise<void> => this.#flow.choose(name);
  /** 'Direct Connect' inside a wallet app's browser: its injected wallet, or the first one found. */
  directConnect = (): Promise<void> => this.#flow.directConnect();
  /** A wallet app link was opened: SPEC §4's return rules apply when the player comes back. */
  openedWalletApp = (name: string): void => this.#flow.openedWalletApp(name);
  closeDialog = (): void => this.#flow.closeDialog();

  async #connected(wallet: Wallet, account: WalletAccount) {
    const { stored } = this.#deps;
    this.#walletCleanup?.();
    this.#wallet = wallet;
    this.#account = account;
    // The connection id stays for its 5 s (page-return.ts); the request itself is answered.
    stored.walletConnectRequested.clear();
    stored.walletConnectTime.clear();
    stored.walletType.set(wallet.name);
    stored.walletAddress.set(account.address);
    const events = (wallet.features as Partial<StandardEventsFeature>)[StandardEvents];
    this.#walletCleanup =
      events?.on('change', ({ accounts }) => accounts && this.#onAccounts(accounts)) ?? null;
    this.#store.set({
      status: 'connected',
      publicKey: account.address,
      walletName: wallet.name,
      walletIcon: wallet.icon,
      localWallet: wallet.name === LOCAL_WALLET_NAME,
      signedIn: false,
      dialog: null,
      balanceLamports: stored.walletBalance.get(),
      balanceStale: false,
    });
    this.#balance.start();
    await this.signIn();
  }

  /** SPEC §4: an account change updates key and balance; a disconnect event is ignored when unsafe. */
  #onAccounts(accounts: readonly WalletAccount[]) {
    const wallet = this.#wallet;
    if (!wallet || this.getState().status !== 'connected') return;
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
    this.#store.set({ publicKey: next.address, signedIn: false, balanceLamports: null, balanceStale: false });
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
      if (this.#account === account) this.#store.set({ signedIn: true, lastError: null });
    } catch (error) {
      const message = describeConnectError(error);
      this.#store.set({ signedIn: false, lastError: message });
      this.#deps.toast({ title: 'Sign-in Failed', description: message, variant: 'destructive' });
    }
  }

  /** The server ended the session (it closed the game socket saying so): signed out, still connected. */
  sessionEnded(): void {
    this.#deps.stored.walletAuthTime.clear();
    this.#deps.stored.walletAuthAddr.clear();
    this.#store.set({ signedIn: false });
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
    this.#balance.stop();
    this.#wallet = null;
    this.#account = null;
    stored.walletType.clear();
    stored.walletAddress.clear();
    stored.walletBalance.clear();
    stored.walletConnectRequested.clear();
    stored.walletConnectTime.clear();
    this.#store.set({
      ...INITIAL_WALLET_STATE,
      detected: this.getState().detected,
      lastError: byPlayer ? null : 'Wallet disconnected',
    });
    await signOut({ http: { fetch: (...args) => fetch(...args) }, session: stored });
  }

  refreshBalance = (): Promise<void> => this.#balance.refresh();

  async payEntry(mode: GameModeId, onStatus: (status: PaymentStatus) => void): Promise<PaymentResult> {
    // A deep-link payment leaves the page: the page that comes back resumes it for this mode.
    if (this.#wallet instanceof PhantomDeepLinkWallet) this.#wallet.payingFor(mode);
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

  /**
   * An entry payment Phantom signed and sent by deep link while this page was away (a phone browser,
   * phantom-deeplink/), confirmed and reported as payEntry reports one; null when there is none. Once:
   * the lobby calls it on load and goes on to findMatch with the signature, as after payEntry.
   */
  async resumePayment(onStatus: (status: PaymentStatus) => void): Promise<PaymentResult | null> {
    await this.#phantomReturn.settled();
    const answer = this.#resumedPayment;
    this.#resumedPayment = null;
    if (!answer) return null;
    const result = await resumePhantomPayment(answer, onStatus, async (signature) => {
      const chain = await this.#chainReady();
      const height = await chain.rpc.getBlockHeight({ commitment: 'confirmed' }).send();
      await confirmPayment(
        { signature, lastValidBlockHeight: height + BLOCKHASH_VALID_BLOCKS },
        { rpc: chain.rpc, rpcSubscriptions: chain.rpcSubscriptions },
      );
    });
    void this.refreshBalance();
    return result;
  }

  /** 'Airdrop test SOL': 1 SOL from the local chain to the Local Wallet, then the balance. */
  async airdrop(): Promise<void> {
    const owner = this.#account?.address;
    if (!owner || !this.getState().localWallet) throw new Error('Wallet not connected');
    const { rpc } = await this.#chainReady();
    await airdropTestSol(owner as never, { rpc: rpc as never });
    await this.refreshBalance();
  }
}
