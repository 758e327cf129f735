import type { Cluster } from '../wallet/wallet-api.ts';

/** A link to a public blockchain explorer for one transaction signature. */
export interface ExplorerLink {
  name: 'Solana Explorer' | 'Solscan';
  url: string;
}

/** This server's own chain as a browser reaches it: the local chain's public JSON-RPC endpoint. */
export function ownRpcUrl(origin = globalThis.location?.origin ?? ''): string | null {
  return origin && origin !== 'null' ? `${origin}/rpc` : null;
}

/**
 * SPEC §2 'Transaction Details' explorer links for the cluster the server runs on (/api/wallet-config).
 * The local chain is shown by Solana Explorer as a custom cluster reading this server's public /rpc
 * (`localRpcUrl`; the /rpc route lets the explorer's origin read it); an unknown cluster has none.
 */
export function explorerLinks(
  signature: string | null,
  cluster: Cluster | null,
  localRpcUrl: string | null = ownRpcUrl(),
): ExplorerLink[] {
  if (!signature || !cluster) return [];
  const sig = encodeURIComponent(signature);
  if (cluster === 'localnet') {
    if (!localRpcUrl) return [];
    const query = `?cluster=custom&customUrl=${encodeURIComponent(localRpcUrl)}`;
    return [{ name: 'Solana Explorer', url: `https://explorer.solana.com/tx/${sig}${query}` }];
  }
  const query = cluster === 'mainnet-beta' ? '' : `?cluster=${cluster}`;
  return [
    { name: 'Solana Explorer', url: `https://explorer.solana.com/tx/${sig}${query}` },
    { name: 'Solscan', url: `https://solscan.io/tx/${sig}${query}` },
  ];
}
