/** SPEC §9 mobile breakpoint: narrower than this is a phone layout. */
export const MOBILE_BREAKPOINT_PX = 768;

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile|webOS|BlackBerry/i;

export interface DeviceFacts {
  width: number;
  userAgent: string;
}

/** SPEC §3 isMobile: a narrow viewport or a mobile browser. */
export function isMobileDevice({ width, userAgent }: DeviceFacts): boolean {
  return width < MOBILE_BREAKPOINT_PX || MOBILE_UA.test(userAgent);
}

export type WalletAppName = 'Phantom' | 'Solflare';

/**
 * The wallet app whose own in-app browser shows this page, if any: there the wallet is injected and a
 * 'Direct Connect' is offered instead of deep links. Read from the user agent and the providers the apps
 * inject before the page's scripts run.
 */
export function walletAppBrowser(facts: {
  userAgent: string;
  injected: { phantom?: unknown; solflare?: unknown };
}): WalletAppName | null {
  const { userAgent, injected } = facts;
  if (
    /Phantom/i.test(userAgent) ||
    (injected.phantom as { solana?: { isPhantom?: boolean } })?.solana?.isPhantom
  ) {
    return 'Phantom';
  }
  if (/Solflare/i.test(userAgent) || (injected.solflare as { isSolflare?: boolean })?.isSolflare)
    return 'Solflare';
  return null;
}

export function currentDevice(): DeviceFacts & { inWalletApp: WalletAppName | null } {
  const userAgent = navigator.userAgent;
  const injected = window as unknown as { phantom?: unknown; solflare?: unknown };
  return {
    width: window.innerWidth,
    userAgent,
    inWalletApp: walletAppBrowser({ userAgent, injected }),
  };
}
