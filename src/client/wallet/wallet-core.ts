import type { Wallet, WalletAccount } from '@wallet-standard/base';
import type { Clock } from '../../common/clock.ts';
import type { StoredValues } from '../storage/stored-values.ts';
import type { ToastInput } from '../ui/toast-provider.tsx';
import type { WalletChain } from './wallet-chain.ts';
import type { WalletConfig } from './wallet-config.ts';
import type { WalletChoice, WalletState } from './wallet-state.ts';

export interface WalletControllerDeps {
  config: WalletConfig | null;
  stored: StoredValues;
  toast(input: ToastInput): void;
  device(): { isMobile: boolean; inWalletApp: string | null };
  clock?: Clock;
}

/**
 * What the parts of the wallet controller share (wallet-controller.ts holds it): the state, the wallets
 * the page can see, the chain, timers, and the step every successful connect ends with.
 */
export interface WalletCore {
  readonly deps: WalletControllerDeps;
  readonly clock: Clock;
  state(): WalletState;
  set(patch: Partial<WalletState>): void;
  wait(ms: number): Promise<void>;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  chainReady(): Promise<WalletChain>;
  /** Solana wallets with connect and events, Phantom and Solflare first (wallet-discovery.ts). */
  usableWallets(): Wallet[];
  noteDetected(): void;
  refreshBalance(): Promise<void>;
  /** Remembers the wallet and account, starts the balance and signs in. */
  connected(wallet: Wallet, account: WalletAccount): Promise<void>;
}

export const choiceOf = (w: Wallet): WalletChoice => ({ name: w.name, icon: w.icon });

/** The account a wallet offers for Solana (the first one otherwise). */
export function solanaAccount(accounts: readonly WalletAccount[]): WalletAccount | undefined {
  return accounts.find((a) => a.chains.some((c) => c.startsWith('solana:'))) ?? accounts[0];
}
