import type { Cluster } from './wallet-api.ts';

/** GET /api/wallet-config (SPEC §7): where wagers go and which chain the server runs. */
export interface WalletConfig {
  houseWallet: string;
  cluster: Cluster;
}

const CLUSTERS: readonly Cluster[] = ['localnet', 'devnet', 'testnet', 'mainnet-beta'];

/**
 * Read at start. A server without `cluster` yet is the local chain (the default of `npm start`). SPEC §7's
 * "built-in fallback house address" is deliberately absent: this product's house wallet differs per
 * deployment, so a fixed address would send players' wagers where the server never looks; a payment
 * without a configuration is refused instead (pay-entry asks again first).
 */
export async function fetchWalletConfig(fetchImpl: typeof fetch = fetch): Promise<WalletConfig> {
  const res = await fetchImpl('/api/wallet-config', { credentials: 'include' });
  if (!res.ok) throw new Error(`Failed to load the wallet configuration (${res.status})`);
  const body = (await res.json()) as { houseWallet?: unknown; cluster?: unknown };
  if (typeof body.houseWallet !== 'string' || body.houseWallet.length === 0) {
    throw new Error('The wallet configuration names no house wallet');
  }
  const cluster = CLUSTERS.includes(body.cluster as Cluster) ? (body.cluster as Cluster) : 'localnet';
  return { houseWallet: body.houseWallet, cluster };
}
