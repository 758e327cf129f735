import type { Rpc, SendTransactionApi } from '@solana/kit';
import { registerWallet } from '@wallet-standard/wallet';
import { LocalWallet } from './local-wallet.ts';

let registered = false;

function browserLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Announces the Local Wallet to the page through the Wallet Standard, once per page, so it is discovered
 * like any extension. Only for a server on the local chain (the caller checks the cluster).
 */
export function registerLocalWallet(rpc: Rpc<SendTransactionApi>): void {
  if (registered) return;
  registerWallet(
    new LocalWallet({
      rpc,
      indexedDB: 'indexedDB' in globalThis ? globalThis.indexedDB : undefined,
      storage: browserLocalStorage(),
      defaultDomain: location.host,
    }),
  );
  registered = true;
}
