import { adminPlaceOf } from './admin-places.ts';
import { BASE58_ADDRESS, CHALLENGE_CODE } from './rules.ts';

/**
 * The pages the client's router shows (SPEC §2 routes, and the public rankings). The server answers any other
 * path with the same app and a 404 status, so the not-found screen is also a not-found answer (for a crawler,
 * a link checker, a monitoring probe), and the client's router shows these and nothing else.
 */
export const PAGE_ROUTES = {
  home: '/',
  /** The back-office; each of its places has a path below it too (src/common/admin-places.ts). */
  admin: '/admin',
  adminLogin: '/admin/login',
  leaderboard: '/leaderboard',
  /** A player's public page: `/player/<wallet address>` (playerPagePath). */
  player: '/player/:address',
  /** A challenge's link: `/challenge/<code>` (challengePath); the lobby, with the challenge to accept. */
  challenge: '/challenge/:code',
} as const;

const KNOWN = new Set<string>(Object.values(PAGE_ROUTES).filter((route) => !route.includes(':')));
const PLAYER_PREFIX = '/player/';
const CHALLENGE_PREFIX = '/challenge/';

export function challengePath(code: string): string {
  return `${CHALLENGE_PREFIX}${code}`;
}

/** `/challenge/<a challenge code>`. */
const isChallengePage = (path: string) =>
  path.startsWith(CHALLENGE_PREFIX) && CHALLENGE_CODE.test(path.slice(CHALLENGE_PREFIX.length));

export function playerPagePath(walletAddress: string): string {
  return `${PLAYER_PREFIX}${walletAddress}`;
}

/** `/player/<a Solana address>`. */
const isPlayerPage = (path: string) =>
  path.startsWith(PLAYER_PREFIX) && BASE58_ADDRESS.test(path.slice(PLAYER_PREFIX.length));

/** Whether `pathname` (no query) is one of the pages; a trailing slash is the same page. */
export function isPageRoute(pathname: string): boolean {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return (
    KNOWN.has(trimmed) || isPlayerPage(trimmed) || isChallengePage(trimmed) || adminPlaceOf(trimmed) !== null
  );
}
