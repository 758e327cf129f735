import { challengePath } from '../../common/page-routes.ts';

/**
 * A challenge's link and its time left, as text: no zod or fetch here, so the wait screen (part of a first
 * visit) can show an open challenge without loading the challenge page's code.
 */

/** The link a friend opens: this site's origin and the challenge's path. */
export function challengeUrl(code: string, origin: string = window.location.origin): string {
  return `${origin}${challengePath(code)}`;
}

/** 'm:ss' until `expiresAt`, never below 0:00. */
export function expiresInText(expiresAt: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((expiresAt - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
