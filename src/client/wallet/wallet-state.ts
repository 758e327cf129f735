import type { WalletStatus } from './wallet-api.ts';

/** What the provider renders from the wallet controller: the WalletApi fields plus dialogs and debug facts. */

export interface WalletChoice {
  name: string;
  icon: string;
}

export type WalletDialog =
  | null
  /** Several wallets: pick one (SPEC §2). */
  | { kind: 'chooser'; wallets: WalletChoice[] }
  /** Desktop without a wallet: the download page (SPEC §2). */
  | { kind: 'download' }
  /** A phone outside a wallet app's browser: open this page in a wallet app (SPEC §2). */
  | {
      kind: 'mobile';
      connectionId: string;
      pageUrl: string;
      origin: string;
      /** Phantom's connect deep link (deep-links.ts); null where the browser cannot make its key. */
      connectLink: string | null;
      wallets: WalletChoice[];
    }
  /** Inside a wallet app's browser: 'Direct Connect' to its wallet, with the error of the last try. */
  | { kind: 'direct'; walletName: string | null; error: string | null };

export interface WalletState {
  status: WalletStatus;
  publicKey: string | null;
  balanceLamports: bigint | null;
  /** The last read of the balance failed: balanceLamports is the last known one (or null: none known). */
  balanceStale: boolean;
  walletName: string | null;
  walletIcon: string | null;
  signedIn: boolean;
  /** The connected wallet is the built-in Local Wallet (localnet). */
  localWallet: boolean;
  dialog: WalletDialog;
  /** Debug panel (SPEC §2 ?debug=wallet): every usable wallet the page has seen. */
  detected: WalletChoice[];
  lastError: string | null;
}

export const INITIAL_WALLET_STATE: WalletState = {
  status: 'disconnected',
  publicKey: null,
  balanceLamports: null,
  balanceStale: false,
  walletName: null,
  walletIcon: null,
  signedIn: false,
  localWallet: false,
  dialog: null,
  detected: [],
  lastError: null,
};
