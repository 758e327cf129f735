import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { adminSessions, adminUsers } from '../db/schema/admin.ts';
import { systemEvents } from '../db/schema/index.ts';
import { ADMIN_EVENT } from './admin-events.ts';
import { ADMIN_ERRORS } from './admin-messages.ts';
import { ADMIN_ABSOLUTE_TIMEOUT_MS, ADMIN_IDLE_TIMEOUT_MS, adminSessionId } from './admin-sessions.ts';
import { adminAppPerTest, getUser, postJson, signedIn } from './test-support/admin-app-bed.ts';

const NOT_AUTHENTICATED = { error: ADMIN_ERRORS.notAuthenticated };
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

describeEachDatabase('admin sessions and the /api/admin guard', (target) => {
  const start = adminAppPerTest(() => target.db);

  const storedRow = (cookie: string) =>
    target.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.sid, adminSessionId(tokenOf(cookie))));

  it('GET /api/admin/session answers 200 either way: signed out (or a forged token) false, signed in true', async () => {
    const h = await start();
    for (const headers of [{}, { cookie: `pong_admin=${'A'.repeat(43)}` }]) {
      const res = await h.app.inject({ url: '/api/admin/session', headers });
      expect([res.statusCode, res.json()]).toEqual([200, { signedIn: false }]);
    }
    const { cookie } = await signedIn(h, target.db);
    const res = await h.app.inject({ url: '/api/admin/session', headers: { cookie } });
    expect([res.statusCode, res.json()]).toEqual([200, { signedIn: true }]);
  });

  it.each([
    ['GET', '/api/admin/user'],
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/no-such-route'],
    ['GET', '/api/admin'],
    ['POST', '/api/admin/test-recorded-action'],
    ['POST', '/api/admin/ban-wallet'],
  ] as const)('%s %s without a session is 401 { error }', async (method, url) => {
    const { app } = await start();
    const res = method === 'GET' ? await app.inject({ url }) : await postJson(app, url, undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_AUTHENTICATED);
    // A forged or unknown token is no session either.
    const forged =
      method === 'GET'
        ? await app.inject({ url, headers: { cookie: `pong_admin=${'A'.repeat(43)}` } })
        : await postJson(app, url, `pong_admin=${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(401);
  });

  it('with a session an unknown admin path is a 404 { error }', async () => {
    const harness = await start();
    const { cookie } = await signedIn(harness, target.db);
    const res = await harness.app.inject({ url: '/api/admin/no-such-route', headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: ADMIN_ERRORS.notFound });
  });

  it('GET /api/admin/logout deletes the session, clears the cookie, records it and redirects to /admin/login', async () => {
    const harness = await start();
    const { admin, cookie } = await signedIn(harness, target.db);
    const res = await harness.app.inject({ url: '/api/admin/logout', headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/login');
    expect(String(res.headers['set-cookie'])).toMatch(/^pong_admin=;.*Expires=Thu, 01 Jan 1970/);
    expect(await storedRow(cookie)).toEqual([]);
    expect((await getUser(harness.app, cookie)).statusCode).toBe(401);
    const [event] = await target.db
      .select()
      .from(systemEvents)
      .where(
        sql`${systemEvents.eventType} = ${ADMIN_EVENT.logout} and ${systemEvents.details}->>'adminId' = ${admin.id}`,
      );
    expect(event?.details).toMatchObject({ adminEmail: admin.email, ip: '127.0.0.1', action: 'logout' });
    // Without a session (already gone) logout still lands on the sign-in page.
    const again = await harness.app.inject({ url: '/api/admin/logout', headers: { cookie } });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/admin/login');
  });

  it('idle timeout: a session unused for 30 min ends (alive at 30 min - 1 ms), and each request moves the deadline', async () => {
    const harness = await start();
    const { cookie } = await signedIn(harness, target.db);
    harness.clock.advance(ADMIN_IDLE_TIMEOUT_MS - 1);
    expect((await getUser(harness.app, cookie)).statusCode).toBe(200);
    harness.clock.advance(ADMIN_IDLE_TIMEOUT_MS - 1);
    expect((await getUser(harness.app, cookie)).statusCode).toBe(200);
    const [row] = await storedRow(cookie);
    expect(row?.expire.getTime()).toBe(harness.clock.now() + ADMIN_IDLE_TIMEOUT_MS);
    harness.clock.advance(ADMIN_IDLE_TIMEOUT_MS);
    const res = await getUser(harness.app, cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NOT_AUTHENTICATED);
    expect(await storedRow(cookie)).toEqual([]);
  });

  it('absolute timeout: a session in constant use ends 12 h after login', async () => {
    const harness = await start();
    const { cookie } = await signedIn(harness, target.db);
    const loggedInAt = harness.clock.now();
    const step = 20 * 60 * 1000;
    while (harness.clock.now() + step < loggedInAt + ADMIN_ABSOLUTE_TIMEOUT_MS) {
      harness.clock.advance(step);
      expect((await getUser(harness.app, cookie)).statusCode).toBe(200);
    }
    harness.clock.set(loggedInAt + ADMIN_ABSOLUTE_TIMEOUT_MS - 1);
    expect((await getUser(harness.app, cookie)).statusCode).toBe(200);
    const [row] = await storedRow(cookie);
    expect(row?.expire.getTime()).toBe(loggedInAt + ADMIN_ABSOLUTE_TIMEOUT_MS);
    harness.clock.advance(1);
    expect((await getUser(harness.app, cookie)).statusCode).toBe(401);
  });

  it('a deactivated admin’s session stops working at the next request', async () => {
    const harness = await start();
    const { admin, cookie } = await signedIn(harness, target.db);
    expect((await getUser(harness.app, cookie)).statusCode).toBe(200);
    await target.db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, admin.id));
    expect((await getUser(harness.app, cookie)).statusCode).toBe(401);
    expect(await storedRow(cookie)).toEqual([]);
  });

  it('one row per session, and the sweep deletes expired rows only', async () => {
    const harness = await start();
    const old = await signedIn(harness, target.db);
    harness.clock.advance(ADMIN_IDLE_TIMEOUT_MS);
    const fresh = await signedIn(harness, target.db);
    expect(await storedRow(old.cookie)).toHaveLength(1);
    expect(await harness.sessions.sweep()).toBeGreaterThanOrEqual(1);
    expect(await storedRow(old.cookie)).toEqual([]);
    expect(await storedRow(fresh.cookie)).toHaveLength(1);
    const [row] = await storedRow(fresh.cookie);
    expect(row?.sess).toMatchObject({ adminId: fresh.admin.id, ip: '127.0.0.1' });
  });
});
