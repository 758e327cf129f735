import type { FastifyInstance } from 'fastify';
import { sessionTokenFromCookieHeader } from '../security/player-sessions.ts';
import type { Tracker } from './tracker.ts';

export interface SessionWalletLookup {
  fromCookieHeader(cookieHeader: string | undefined): Promise<{ walletAddress: string } | null>;
}

/** The player API: the admin's own routes are not a wallet's, and the sign-in records itself (with its terms). */
export function isTrackedPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path.startsWith('/api/') && !path.startsWith('/api/admin') && path !== '/api/auth/verify';
}

/**
 * Every signed-in request to the player API counts for its address and its wallet. It runs
 * once the answer is sent, and only for a request carrying a session cookie: the session is looked up then,
 * so a request is never slowed by it, and a request without a valid session counts for nobody.
 */
export function registerRequestTracking(
  app: FastifyInstance,
  deps: { sessions: SessionWalletLookup; tracker: Tracker },
): void {
  app.addHook('onResponse', async (request) => {
    if (!isTrackedPath(request.url)) return;
    const cookie = request.headers.cookie;
    if (!sessionTokenFromCookieHeader(cookie)) return;
    const wallet = deps.sessions.fromCookieHeader(cookie).then((session) => session?.walletAddress ?? null);
    deps.tracker.requestSeen(request.ip, wallet);
  });
}
