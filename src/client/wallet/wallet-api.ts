import { createContext, useContext } from 'react';
import type { Cluster } from '../../common/api/player-api.ts';
import type { GameModeId } from '../../common/game-modes.ts';

/**
 * What screens may know of the wallet (SPEC §3 "Wallet state", "Payment result"; §4 Wallet and Payment).
 * The wallet provider (wallet/) implements it; screens read it with useWallet() and never touch a wallet
 * object, a keypair or the chain themselves.
 */

export type WalletStatus = 'disconnected' | 'connecting' | 'connected';
export type { Cluster };

/** SPEC §4 Payment status. */
export type PaymentStatus = 'idle' | 'creating' | 'signing' | 'processing' | 'confirmed' | 'failed';

/** SPEC §8 payment errorType. */
export type PaymentErrorType =
  | 'user_rejected'
  | 'insufficient_funds'
  | 'timeout'
  | 'network'
  | 'buffer'
  | 'generic';

/** SPEC §3 Payment result. */
export interface PaymentResult {
  success: boolean;
  signature?: string;
  /** SOL, for display only; the transfer itself is lamports. */
  amount: number;
  gameMode: GameModeId;
  warning?: string;
  error?: string;
  errorType?: PaymentErrorType;
}

export interface WalletApi {
  status: WalletStatus;
  /** Base58 address of the connected account, or null. */
  publicKey: string | null;
  /** Lamports, null until first read (or with no wallet). Refreshed every 30 s and after every movement. */
  balanceLamports: bigint | null;
  /**
   * The last refresh failed: balanceLamports is the last known balance (null if none), to be shown marked
   * stale (wallet/balance-amount.tsx). SPEC §8's 0.001 SOL fallback is never put in its place.
   */
  balanceStale: boolean;
  isMobile: boolean;
  /** The connected wallet's name and icon (data: URL), as it announced itself. */
  walletName: string | null;
  walletIcon: string | null;
  /** The wallet proved itself to the server (SIWS) in this browser session: the game channel may open. */
  signedIn: boolean;
  /** From /api/wallet-config; null until loaded. */
  cluster: Cluster | null;
  houseWallet: string | null;
  /** The connect flow of SPEC §4: the terms modal first, then the chooser (or the only wallet), then sign-in. */
  connect(): void;
  disconnect(): Promise<void>;
  refreshBalance(): Promise<void>;
  /** SPEC §7 entry payment of the mode's wager; reports each PaymentStatus as it goes. */
  payEntry(mode: GameModeId, onStatus: (status: PaymentStatus) => void): Promise<PaymentResult>;
  /**
   * An entry payment a wallet app signed and sent while the page was away (Phantom's deep link on a phone
   * browser: the page reloads with its answer), confirmed and reported as payEntry reports one; null when
   * there is none. The lobby calls it once on load and then acts as after payEntry (findMatch or the error).
   */
  resumePayment?(onStatus: (status: PaymentStatus) => void): Promise<PaymentResult | null>;
  /**
   * The server ended this browser's sign-in session (a sign-out elsewhere, a ban) and closed the game socket:
   * the wallet stays connected but signed out, so the player may sign in again (a banned one is refused).
   */
  sessionEnded?(): void;
  /** Asks the wallet to sign in again after a refused or failed sign-in (optional: added by the wallet work). */
  signIn?(): Promise<void>;
  /** Present only when the Local Wallet is the connected wallet (localnet). */
  localWallet: { airdrop(): Promise<void> } | null;
}

export const WalletContext = createContext<WalletApi | null>(null);

export function useWallet(): WalletApi {
  const api = useContext(WalletContext);
  if (!api) throw new Error('useWallet must be used within a WalletProvider');
  return api;
}
