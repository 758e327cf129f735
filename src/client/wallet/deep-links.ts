/**
 * The wallet apps' published links for opening this page inside their in-app browser (SPEC §2 mobile
 * wallet dialog, §7 deep links). Universal links first (they open the app when installed and its web page
 * otherwise); each app's own scheme is the alternative for browsers that do not hand universal links over.
 *   Phantom: https://phantom.app/ul/browse/<url>?ref=<ref>          (docs.phantom.com, "Browse")
 *   Solflare: https://solflare.com/ul/v1/browse/<url>?ref=<ref>     (docs.solflare.com, "Browse")
 * Both parameters are URL-encoded; ref is the requesting app's origin.
 * Phantom's connect deep link asks the app to approve this site and come back to `redirect_link`:
 *   https://phantom.app/ul/v1/connect?app_url=<origin>&dapp_encryption_public_key=<base58 X25519 key>
 *     &redirect_link=<url>&cluster=<mainnet-beta|testnet|devnet>   (docs.phantom.com, "Connect")
 */
import type { WalletAppName } from './device.ts';
import { CONNECTION_PARAM } from './mobile-connect.ts';

export interface WalletAppLinks {
  name: WalletAppName;
  /** The universal (https) browse link. */
  browse: string;
  /** The app's own scheme, for browsers that keep universal links to themselves. */
  appScheme: string;
  download: string;
}

export const WALLET_DOWNLOADS: Record<WalletAppName, string> = {
  Phantom: 'https://phantom.app/download',
  Solflare: 'https://solflare.com/download',
};

export function browseLinks(pageUrl: string, origin: string): WalletAppLinks[] {
  const url = encodeURIComponent(pageUrl);
  const ref = encodeURIComponent(origin);
  return [
    {
      name: 'Phantom',
      browse: `https://phantom.app/ul/browse/${url}?ref=${ref}`,
      appScheme: `phantom://browse/${url}?ref=${ref}`,
      download: WALLET_DOWNLOADS.Phantom,
    },
    {
      name: 'Solflare',
      browse: `https://solflare.com/ul/v1/browse/${url}?ref=${ref}`,
      appScheme: `solflare://ul/v1/browse/${url}?ref=${ref}`,
      download: WALLET_DOWNLOADS.Solflare,
    },
  ];
}

/** Clusters Phantom's deep links know; a local chain has none (the link then names no cluster). */
const PHANTOM_CLUSTERS = new Set(['mainnet-beta', 'testnet', 'devnet']);

/** This page with the connection id the wallet app's answer must carry back (mobile-connect.ts). */
export function redirectLink(pageUrl: string, connectionId: string): string {
  const url = new URL(pageUrl);
  url.searchParams.set(CONNECTION_PARAM, connectionId);
  return url.toString();
}

export function phantomConnectLink(request: {
  appUrl: string;
  /** The page's X25519 public key, base58. */
  encryptionPublicKey: string;
  redirectLink: string;
  cluster: string | null;
}): string {
  const params = new URLSearchParams({
    app_url: request.appUrl,
    dapp_encryption_public_key: request.encryptionPublicKey,
    redirect_link: request.redirectLink,
  });
  if (request.cluster && PHANTOM_CLUSTERS.has(request.cluster)) params.set('cluster', request.cluster);
  return `https://phantom.app/ul/v1/connect?${params.toString()}`;
}
