import type { Cluster } from '../wallet/wallet-api.ts';

/** A link to a public blockchain explorer for one transaction signature. */
export interface ExplorerLink {
  name: 'Solana Explorer' | 'Solscan';
  url: string;
}

/**
 * SPEC §2 'Transaction Details' explorer links for the cluster the server runs on (/api/wallet-config).
 * Public explorers cannot see a local chain, so localnet (or an unknown cluster) has none: the dialog
 * shows the signature to copy instead.
 */
export function explorerLinks(signature: string | null, cluster: Cluster | null): ExplorerLink[] {
  if (!signature || !cluster || cluster === 'localnet') return [];
  const sig = encodeURIComponent(signature);
  const query = cluster === 'mainnet-beta' ? '' : `?cluster=${cluster}`;
  return [
    { name: 'Solana Explorer', url: `https://explorer.solana.com/tx/${sig}${query}` },
    { name: 'Solscan', url: `https://solscan.io/tx/${sig}${query}` },
  ];
}
