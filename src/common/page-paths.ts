import { adminPlaceOf } from './admin-places.ts';
import { CHALLENGE_PREFIX, PAGE_ROUTES, PLAYER_PREFIX } from './page-routes.ts';
import { BASE58_ADDRESS, CHALLENGE_CODE } from './rules.ts';

/**
 * Which paths are pages (the server answers them with the app and 200, anything else with 404): kept apart
 * from page-routes.ts so the players' first page does not carry the back-office's path rules.
 */
const KNOWN = new Set<string>(Object.values(PAGE_ROUTES).filter((route) => !route.includes(':')));

/** `/challenge/<a challenge code>`. */
const isChallengePage = (path: string) =>
  path.startsWith(CHALLENGE_PREFIX) && CHALLENGE_CODE.test(path.slice(CHALLENGE_PREFIX.length));

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
