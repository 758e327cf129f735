import type { Wallet } from '@wallet-standard/base';
import { StandardConnect, StandardEvents } from '@wallet-standard/features';

/** SPEC §5: a wallet must expose connect, disconnect and events, otherwise it is unusable. */
const REQUIRED = [StandardConnect, StandardEvents] as const;

/** A Solana wallet the app can use: standard:connect (and events) and at least one solana: chain. */
export function isUsableSolanaWallet(wallet: Wallet): boolean {
  return (
    REQUIRED.every((feature) => feature in wallet.features) &&
    wallet.chains.some((chain) => chain.startsWith('solana:'))
  );
}

/** The two wallets SPEC names first (by name, with their own icons), then the Local Wallet, then the rest. */
const FIRST = ['Phantom', 'Solflare', 'Local Wallet'];

export function orderWallets(wallets: readonly Wallet[]): Wallet[] {
  const rank = (w: Wallet) => {
    const i = FIRST.indexOf(w.name);
    return i === -1 ? FIRST.length : i;
  };
  const seen = new Set<string>();
  return [...wallets]
    .filter((w) => isUsableSolanaWallet(w) && !seen.has(w.name) && seen.add(w.name))
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/** The chain id a wallet must support for the server's cluster. */
export function chainOf(cluster: 'localnet' | 'devnet' | 'testnet' | 'mainnet-beta'): `solana:${string}` {
  return cluster === 'mainnet-beta' ? 'solana:mainnet' : `solana:${cluster}`;
}
