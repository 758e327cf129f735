import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { newWallet } from '../../../../test/support/admin-fixtures.ts';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { ADMIN_ERRORS } from '../admin-messages.ts';
import { type AdminBed, ORIGIN, signedIn, startAdminApp } from '../test-support/admin-app-bed.ts';

/** The admin API of the contract (paths under /api/admin); every one of them must be registered. */
const CONTRACT_ROUTES = [
  'GET /user',
  'GET /stats',
  'GET /overview',
  'GET /transactions',
  'GET /games',
  'GET /games/:id/replay',
  'GET /wallets',
  'GET /wallets/:wallet',
  'GET /wallets/:wallet/ips',
  'GET /ips',
  'GET /ips/:ip/wallets',
  'GET /system-events',
  'GET /banned-wallets',
  'GET /flagged-wallets',
  'POST /ban-wallet',
  'POST /unban-wallet',
  'POST /ban-ip',
  'POST /unban-ip',
  'POST /flag-wallet',
  'POST /resolve-flag',
  'POST /resolve-event',
];

describeEachDatabase('every admin route is guarded', (target) => {
  let h: AdminBed;
  let wallet: string;
  /** A concrete URL for a registered route pattern. */
  const urlOf = (pattern: string) =>
    pattern.replace(':id', randomUUID()).replace(':wallet', wallet).replace(':ip', '203.0.113.9');
  const guarded = () => h.adminRoutes.filter((r) => !r.public && !r.url.includes('/test-'));

  beforeAll(async () => {
    h = await startAdminApp(target.db);
    wallet = await newWallet();
    return () => h.app.close();
  });

  it('every contract route is registered under /api/admin', () => {
    const registered = h.adminRoutes.map((r) => `${r.method} ${r.url.replace('/api/admin', '')}`);
    expect(registered).toEqual(expect.arrayContaining(CONTRACT_ROUTES));
  });

  it('every registered admin route but login and logout is 401 { error } without a session', async () => {
    expect(guarded().length).toBeGreaterThanOrEqual(CONTRACT_ROUTES.length);
    for (const route of guarded()) {
      const res = await h.app.inject({
        method: route.method as 'GET' | 'POST',
        url: urlOf(route.url),
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        ...(route.method === 'GET'
          ? {}
          : { payload: JSON.stringify({ walletAddress: wallet, reason: 'x' }) }),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toEqual({ error: ADMIN_ERRORS.notAuthenticated });
    }
  });

  it('with a session, every POST route is 403 cross-origin and 403 when not JSON, and does nothing', async () => {
    const { cookie } = await signedIn(h, target.db);
    const posts = guarded().filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.url.replace('/api/admin', ''))).toEqual(
      expect.arrayContaining(CONTRACT_ROUTES.filter((r) => r.startsWith('POST')).map((r) => r.slice(5))),
    );
    const payload = JSON.stringify({ walletAddress: wallet, ipAddress: '203.0.113.9', reason: 'fraud' });
    for (const route of posts) {
      const crossOrigin = await h.app.inject({
        method: 'POST',
        url: urlOf(route.url),
        headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
        payload,
      });
      expect(crossOrigin.statusCode, `cross-origin ${route.url}`).toBe(403);
      expect(crossOrigin.json()).toEqual({ error: ADMIN_ERRORS.crossOrigin });
      const notJson = await h.app.inject({
        method: 'POST',
        url: urlOf(route.url),
        headers: { cookie, origin: ORIGIN, 'content-type': 'text/plain' },
        payload,
      });
      expect(notJson.statusCode, `not JSON ${route.url}`).toBe(403);
      expect(notJson.json()).toEqual({ error: ADMIN_ERRORS.notJsonPost });
    }
    expect(await h.bans.status(wallet, '203.0.113.9')).toMatchObject({
      walletBanned: false,
      ipBanned: false,
    });
  });
});
