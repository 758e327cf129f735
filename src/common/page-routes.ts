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

export const PLAYER_PREFIX = '/player/';
export const CHALLENGE_PREFIX = '/challenge/';

export function challengePath(code: string): string {
  return `${CHALLENGE_PREFIX}${code}`;
}

export function playerPagePath(walletAddress: string): string {
  return `${PLAYER_PREFIX}${walletAddress}`;
}
