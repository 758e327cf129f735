import { desc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { newWallet } from '../../../test/support/admin-fixtures.ts';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { until } from '../../../test/support/until.ts';
import { systemEvents } from '../db/schema/index.ts';
import {
  ACCESS_REFUSED_EVENT,
  REFUSED_EVENT_MAX_ROUTES,
  REFUSED_EVENT_WINDOW_MS,
} from './refused-access-events.ts';
import { postAction } from './test-support/admin-action-checks.ts';
import {
  type AdminBed,
  login,
  PASSWORD,
  sessionCookieOf,
  signedIn,
  startAdminApp,
} from './test-support/admin-app-bed.ts';

/**
 * A lower role's refused requests are on the audit trail, bounded: one warning event per admin per hour that
 * counts every 403 the role guard gave, names who, the role, the address and the first few routes tried.
 */
describeEachDatabase('requests refused for the role are recorded, bounded', (target) => {
  let h: AdminBed;
  beforeAll(async () => {
    h = await startAdminApp(target.db);
    return () => h.app.close();
  });
  const eventsOf = (email: string) =>
    target.db
      .select()
      .from(systemEvents)
      .where(eq(systemEvents.eventType, ACCESS_REFUSED_EVENT))
      .orderBy(desc(systemEvents.createdAt))
      .then((rows) => rows.filter((r) => (r.details as { by?: string } | null)?.by === email));

  it('a viewer trying money actions: one event counting every 403, with who, role, routes and address', async () => {
    const { cookie, admin } = await signedIn(h, target.db, 'viewer');
    const wallet = await newWallet();
    const tries = [
      ['/ban-wallet', { walletAddress: wallet, reason: 'x' }],
      ['/ban-wallet', { walletAddress: wallet, reason: 'y' }],
      ['/held-payouts/release', { jobId: wallet, reason: 'x' }],
      ['/notes', { targetKind: 'wallet', target: wallet, text: 'x' }],
    ] as const;
    for (const [url, body] of tries) expect((await postAction(h, cookie, url, body)).statusCode).toBe(403);
    const csv = await h.app.inject({ url: '/api/admin/export/transactions.csv', headers: { cookie } });
    expect(csv.statusCode).toBe(403);
    await until(async () => (await eventsOf(admin.email))[0]?.message.includes('5 time(s)') ?? false, {
      timeoutMs: 10_000,
    });
    const events = await eventsOf(admin.email);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ severity: 'warning' });
    expect(events[0]?.details).toMatchObject({
      adminEmail: admin.email,
      role: 'viewer',
      attempts: 5,
      ip: expect.any(String),
      routes: [
        'POST /ban-wallet',
        'POST /held-payouts/release',
        'POST /notes',
        'GET /export/transactions.csv',
      ],
    });
    expect(events[0]?.message).toContain(`Admin ${admin.email} (viewer) was refused 5 time(s)`);
  });

  it('a flood keeps one row and at most a few routes; a new hour starts a new row', async () => {
    const { cookie, admin } = await signedIn(h, target.db, 'support');
    for (let i = 0; i < 30; i++) {
      expect(
        (await postAction(h, cookie, `/ban-wallet`, { walletAddress: 'w', reason: String(i) })).statusCode,
      ).toBe(403);
    }
    for (const url of [
      '/ban-ip',
      '/unban-ip',
      '/unban-wallet',
      '/flag-wallet',
      '/resolve-flag',
      '/resolve-event',
    ]) {
      expect((await postAction(h, cookie, url, {})).statusCode).toBe(403);
    }
    await until(async () => (await eventsOf(admin.email))[0]?.message.includes('36 time(s)') ?? false, {
      timeoutMs: 10_000,
    });
    const [event] = await eventsOf(admin.email);
    expect((event?.details as { routes?: string[] } | undefined)?.routes).toHaveLength(
      REFUSED_EVENT_MAX_ROUTES,
    );
    expect(await eventsOf(admin.email)).toHaveLength(1);

    // An hour on (the session has lapsed by then: the same admin signs in again).
    h.clock.advance(REFUSED_EVENT_WINDOW_MS);
    const again = sessionCookieOf(await login(h.app, { email: admin.email, password: PASSWORD }));
    expect((await postAction(h, again, '/ban-wallet', {})).statusCode).toBe(403);
    await until(async () => (await eventsOf(admin.email)).length === 2, { timeoutMs: 10_000 });
  });

  it('a request the role may make records nothing', async () => {
    const { cookie, admin } = await signedIn(h, target.db, 'viewer');
    expect((await h.app.inject({ url: '/api/admin/stats', headers: { cookie } })).statusCode).toBe(200);
    expect(await eventsOf(admin.email)).toEqual([]);
  });
});
