import { BASE58_ADDRESS } from './rules.ts';
import { UUID_ONLY } from './text-checks.ts';

/**
 * Every place of the back-office has its own address: the overview at /admin, each tab at /admin/<tab>, and
 * each game, wallet and IP at /admin/games/<id>, /admin/wallets/<address>, /admin/ips/<ip>. The client
 * routes by it, the server answers these paths with the app (200) on a reload, and a link is a path.
 */

export const ADMIN_TAB_PATHS = {
  overview: '/admin',
  transactions: '/admin/transactions',
  games: '/admin/games',
  wallets: '/admin/wallets',
  banned: '/admin/banned-wallets',
  security: '/admin/security',
  events: '/admin/system-events',
  /** The owner's: managing the admins. */
  admins: '/admin/admins',
} as const;

export type AdminTabId = keyof typeof ADMIN_TAB_PATHS;

export type AdminPlace =
  | { kind: 'tab'; tab: AdminTabId }
  | { kind: 'game'; id: string }
  | { kind: 'wallet'; address: string }
  | { kind: 'ip'; ip: string };

const UUID = UUID_ONLY;
/** An IPv4 or IPv6 address's characters; the server checks the address itself when it is asked for it. */
const IP_TEXT = /^(?=.*[.:])[0-9a-f.:]{2,45}$/i;

const DETAILS = [
  {
    prefix: '/admin/games/',
    valid: (v: string) => UUID.test(v),
    place: (id: string) => ({ kind: 'game', id: id.toLowerCase() }),
  },
  {
    prefix: '/admin/wallets/',
    valid: (v: string) => BASE58_ADDRESS.test(v),
    place: (address: string) => ({ kind: 'wallet', address }),
  },
  {
    prefix: '/admin/ips/',
    valid: (v: string) => IP_TEXT.test(v),
    place: (ip: string) => ({ kind: 'ip', ip }),
  },
] as const satisfies readonly { prefix: string; valid(v: string): boolean; place(v: string): AdminPlace }[];

/** The place a path (no query; a trailing slash is the same place) shows, or null when it is none. */
export function adminPlaceOf(pathname: string): AdminPlace | null {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  for (const [tab, tabPath] of Object.entries(ADMIN_TAB_PATHS)) {
    if (path === tabPath) return { kind: 'tab', tab: tab as AdminTabId };
  }
  for (const detail of DETAILS) {
    if (!path.startsWith(detail.prefix)) continue;
    const value = safeDecode(path.slice(detail.prefix.length));
    return value !== null && detail.valid(value) ? detail.place(value) : null;
  }
  return null;
}

/** The path of a place. */
export function adminPlacePath(place: AdminPlace): string {
  switch (place.kind) {
    case 'tab':
      return ADMIN_TAB_PATHS[place.tab];
    case 'game':
      return `/admin/games/${place.id}`;
    case 'wallet':
      return `/admin/wallets/${place.address}`;
    case 'ip':
      return `/admin/ips/${encodeURIComponent(place.ip)}`;
  }
}

/** The tab a place belongs to: a game to Games, a wallet to Wallets, an IP to Security. */
export function adminTabOf(place: AdminPlace): AdminTabId {
  switch (place.kind) {
    case 'tab':
      return place.tab;
    case 'game':
      return 'games';
    case 'wallet':
      return 'wallets';
    case 'ip':
      return 'security';
  }
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
