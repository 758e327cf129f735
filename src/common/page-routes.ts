/**
 * The pages the client's router shows (SPEC §2 routes). The server answers any other path with the same app
 * and a 404 status, so the not-found screen is also a not-found answer (for a crawler, a link checker, a
 * monitoring probe), and the client's router shows these and nothing else.
 */
export const PAGE_ROUTES = {
  home: '/',
  admin: '/admin',
  adminLogin: '/admin/login',
} as const;

const KNOWN = new Set<string>(Object.values(PAGE_ROUTES));

/** Whether `pathname` (no query) is one of the pages; a trailing slash is the same page. */
export function isPageRoute(pathname: string): boolean {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return KNOWN.has(trimmed);
}
