/**
 * The pages the client's router shows (SPEC §2 routes, and the public rankings). The server answers any other
 * path with the same app and a 404 status, so the not-found screen is also a not-found answer (for a crawler,
 * a link checker, a monitoring probe), and the client's router shows these and nothing else.
 */
export const PAGE_ROUTES = {
  home: '/',
  admin: '/admin',
  adminLogin: '/admin/login',
  leaderboard: '/leaderboard',
  /** A player's public page: `/player/<wallet address>` (playerPagePath). */
  player: '/player/:address',
} as const;

const KNOWN = new Set<string>(Object.values(PAGE_ROUTES).filter((route) => !route.includes(':')));
/** A Solana address: 32 to 44 base58 characters. */
const PLAYER_PAGE = /^\/player\/[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export function playerPagePath(walletAddress: string): string {
  return `/player/${walletAddress}`;
}

/** Whether `pathname` (no query) is one of the pages; a trailing slash is the same page. */
export function isPageRoute(pathname: string): boolean {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return KNOWN.has(trimmed) || PLAYER_PAGE.test(trimmed);
}
