import { INITIAL_WALLET_STATE, type WalletState } from './wallet-state.ts';

/** The wallet state the provider renders (useSyncExternalStore): one value, replaced on every change. */
export class WalletStore {
  #state: WalletState = INITIAL_WALLET_STATE;
  #listeners = new Set<() => void>();

  getState = (): WalletState => this.#state;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  set(patch: Partial<WalletState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const listener of this.#listeners) listener();
  }
}
