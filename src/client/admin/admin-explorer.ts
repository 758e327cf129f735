import { explorerLinks } from '../history/explorer-links.ts';
import type { Cluster } from '../wallet/wallet-api.ts';

/** The Solana Explorer page of a transaction on the server's cluster; none on localnet (no public explorer sees it). */
export function explorerTxUrl(signature: string, cluster: Cluster | null): string | null {
  return explorerLinks(signature, cluster)[0]?.url ?? null;
}

/** The Solana Explorer page of an account on the server's cluster; none on localnet. */
export function explorerAddressUrl(address: string, cluster: Cluster | null): string | null {
  if (!cluster || cluster === 'localnet') return null;
  const query = cluster === 'mainnet-beta' ? '' : `?cluster=${cluster}`;
  return `https://explorer.solana.com/address/${encodeURIComponent(address)}${query}`;
}
