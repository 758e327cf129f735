import {
  SolanaSignAndSendTransaction,
  type SolanaSignAndSendTransactionFeature,
  SolanaSignMessage,
  type SolanaSignMessageFeature,
} from '@solana/wallet-standard-features';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import {
  StandardConnect,
  type StandardConnectFeature,
  StandardDisconnect,
  type StandardDisconnectFeature,
  StandardEvents,
  type StandardEventsFeature,
  type StandardEventsListeners,
} from '@wallet-standard/features';
import type { GameModeId } from '../../../common/game-modes.ts';
import { newConnectionId } from '../mobile-connect.ts';
import { fromBase58, KEY_BYTES, type Nacl, toBase58 } from './phantom-crypto.ts';
import { phantomSignAndSendLink, phantomSignMessageLink } from './phantom-requests.ts';
import type { PhantomMethod, PhantomSession, PhantomStore } from './phantom-store.ts';

export const PHANTOM_DEEPLINK_NAME = 'Phantom';
const CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet'] as const;
/** A plain purple mark (no downloaded asset): the dialogs show the wallet's name beside it. */
export const PHANTOM_DEEPLINK_ICON: `data:image/svg+xml;base64,${string}` = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#ab9ff2"/><path d="M7 20c0-7 4-11 9-11s9 4 9 10c0 3-2 4-3 2-1 2-3 2-4 0-1 2-3 2-4 0-2 3-7 3-7-1z" fill="#fff"/></svg>',
)}`;

export interface PhantomDeepLinkOptions {
  phantom: PhantomStore;
  nacl: () => Promise<Nacl>;
  clock: { now(): number };
  /** This page's address (the redirect links come back to it). */
  pageUrl(): string;
  /** Leaves for Phantom's app (location.assign in the browser). */
  open(link: string): void;
  /** Called once the player disconnected (the caller unregisters the wallet). */
  onDisconnect?(): void;
}

type Features = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignAndSendTransactionFeature;

/**
 * Phantom reached through its deep links, for a phone browser that has no Phantom inside it: a Wallet
 * Standard wallet over the session a connect deep link stored (phantom-connect-return.ts), so the
 * controller, sign-in and payment use it like any wallet. Signing leaves the page: the request is stored,
 * the page opens Phantom's link, and the promise never settles; Phantom's answer arrives on the page that
 * loads from the redirect link (phantom-return.ts resumes from there).
 */
export class PhantomDeepLinkWallet implements Wallet {
  readonly version = '1.0.0' as const;
  readonly name = PHANTOM_DEEPLINK_NAME;
  readonly icon = PHANTOM_DEEPLINK_ICON;
  readonly chains = CHAINS;
  readonly features: Features;
  readonly #options: PhantomDeepLinkOptions;
  #listeners = new Set<StandardEventsListeners['change']>();
  #paymentMode: GameModeId | null = null;

  constructor(options: PhantomDeepLinkOptions) {
    this.#options = options;
    this.features = {
      [StandardConnect]: { version: '1.0.0', connect: async () => ({ accounts: this.accounts }) },
      [StandardDisconnect]: { version: '1.0.0', disconnect: async () => this.#disconnect() },
      [StandardEvents]: {
        version: '1.0.0',
        on: (_event, listener) => {
          this.#listeners.add(listener);
          return () => void this.#listeners.delete(listener);
        },
      },
      [SolanaSignMessage]: {
        version: '1.0.0',
        signMessage: async (...inputs) => {
          const [input] = inputs;
          if (!input || inputs.length !== 1) throw new Error('Phantom deep links sign one message at a time');
          return this.#leaveFor(
            'signMessage',
            input.account,
            (n, link) => phantomSignMessageLink(n, { ...link, message: input.message }),
            { message: toBase58(input.message) },
          );
        },
      },
      [SolanaSignAndSendTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: async (...inputs) => {
          const [input] = inputs;
          if (!input || inputs.length !== 1)
            throw new Error('Phantom deep links send one transaction at a time');
          const gameMode = this.#paymentMode;
          this.#paymentMode = null;
          return this.#leaveFor(
            'signAndSendTransaction',
            input.account,
            (n, link) => phantomSignAndSendLink(n, { ...link, transaction: input.transaction }),
            gameMode ? { gameMode } : {},
          );
        },
      },
    };
  }

  /** The entry payment about to be sent is for `mode`: the page that comes back resumes that payment. */
  payingFor(mode: GameModeId): void {
    this.#paymentMode = mode;
  }

  get accounts(): readonly WalletAccount[] {
    const session = this.#options.phantom.session.get();
    const publicKey = fromBase58(session?.address, KEY_BYTES);
    if (!session || !publicKey) return [];
    return [
      {
        address: session.address,
        publicKey,
        chains: CHAINS,
        features: [SolanaSignMessage, SolanaSignAndSendTransaction],
        label: PHANTOM_DEEPLINK_NAME,
      },
    ];
  }

  async #leaveFor(
    method: PhantomMethod,
    account: WalletAccount,
    link: (n: Nacl, input: { session: PhantomSession; pageUrl: string; requestId: string }) => string,
    kept: { message?: string; gameMode?: GameModeId } = {},
  ): Promise<never> {
    const session = this.#options.phantom.session.get();
    if (!session || session.address !== account.address) throw new Error('Wallet not connected');
    const n = await this.#options.nacl();
    const requestId = newConnectionId();
    const url = link(n, { session, pageUrl: this.#options.pageUrl(), requestId });
    this.#options.phantom.request.set({
      id: requestId,
      method,
      createdAt: this.#options.clock.now(),
      address: account.address,
      ...kept,
    });
    this.#options.open(url);
    // The page is leaving for Phantom; the answer comes to the page the redirect link loads.
    return new Promise<never>(() => undefined);
  }

  #disconnect(): void {
    const { phantom } = this.#options;
    phantom.session.clear();
    phantom.request.clear();
    for (const listener of this.#listeners) listener({ accounts: [] });
    this.#options.onDisconnect?.();
  }
}
