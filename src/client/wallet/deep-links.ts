/**
 * The wallet apps' published links for opening this page inside their in-app browser (SPEC §2 mobile
 * wallet dialog, §7 deep links). Universal links first (they open the app when installed and its web page
 * otherwise); each app's own scheme is the alternative for browsers that do not hand universal links over.
 *   Phantom: https://phantom.app/ul/browse/<url>?ref=<ref>          (docs.phantom.com, "Browse")
 *   Solflare: https://solflare.com/ul/v1/browse/<url>?ref=<ref>     (docs.solflare.com, "Browse")
 * Both parameters are URL-encoded; ref is the requesting app's origin.
 */
import type { WalletAppName } from './device.ts';

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
