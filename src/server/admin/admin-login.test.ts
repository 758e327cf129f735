import { hash, parseOptions } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import type { Database } from '../db/database.ts';
import { adminSessions, adminUsers } from '../db/schema/admin.ts';
import { systemEvents } from '../db/schema/index.ts';
import { ADMIN_EVENT } from './admin-events.ts';
import { ADMIN_ERRORS } from './admin-messages.ts';
import { adminSessionId } from './admin-sessions.ts';
import {
  adminAppPerTest,
  getUser,
  login,
  newAdmin,
  PASSWORD,
  sessionCookieOf,
  uniqueEmail,
} from './test-support/admin-app-bed.ts';

const eventsFor = (db: Database, email: string) =>
  db
    .select()
    .from(systemEvents)
    .where(sql`${systemEvents.details}->>'email' = ${email}`)
    .orderBy(systemEvents.createdAt);

describeEachDatabase('admin login', (target) => {
  const start = adminAppPerTest(() => target.db);

  it('a good login sets an HttpOnly, SameSite=Strict, Path=/ cookie (no Secure over http) and /user answers role and currentIP', async () => {
    const harness = await start();
    const admin = await newAdmin(harness, target.db);
    const res = await login(harness.app, { email: admin.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, user: { role: 'admin', email: admin.email } });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^pong_admin=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure');
    expect(res.headers['cache-control']).toBe('no-store');

    const user = await getUser(harness.app, sessionCookieOf(res));
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({
      user: {
        id: admin.id,
        email: admin.email,
        username: admin.username,
        role: 'admin',
        currentIP: '127.0.0.1',
      },
    });
    const [row] = await target.db.select().from(adminUsers).where(eq(adminUsers.id, admin.id));
    expect(row?.lastLogin?.getTime()).toBe(harness.clock.now());
  });

  it('under https the cookie is __Host- prefixed and Secure, and the unprefixed name is not read', async () => {
    const harness = await start({ publicOrigin: 'https://pong.example' });
    const admin = await newAdmin(harness, target.db);
    const res = await login(harness.app, { email: admin.email, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-pong_admin=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Domain');
    const cookie = sessionCookieOf(res, '__Host-pong_admin');
    expect((await getUser(harness.app, cookie)).statusCode).toBe(200);
    expect((await getUser(harness.app, cookie.replace('__Host-', ''))).statusCode).toBe(401);
  });

  it('an unknown e-mail, a wrong password and a deactivated account all get the same 401 { error }', async () => {
    const harness = await start();
    const admin = await newAdmin(harness, target.db);
    const off = await newAdmin(harness, target.db);
    await target.db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, off.id));
    const answers = [
      await login(harness.app, { email: admin.email, password: 'wrong password!!' }),
      await login(harness.app, { email: uniqueEmail(), password: PASSWORD }),
      await login(harness.app, { email: off.email, password: PASSWORD }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: ADMIN_ERRORS.invalidCredentials });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(answers[0]?.body).toBe(answers[1]?.body);
  });

  it('every login, good or bad, is a system event with who, what, when and from which IP', async () => {
    const harness = await start();
    const admin = await newAdmin(harness, target.db);
    await login(harness.app, { email: admin.email, password: 'wrong password!!' });
    await login(harness.app, { email: admin.email, password: PASSWORD });
    const events = await eventsFor(target.db, admin.email);
    expect(events.map((e) => e.eventType)).toEqual([ADMIN_EVENT.loginFailed, ADMIN_EVENT.loginSucceeded]);
    expect(events[0]).toMatchObject({
      severity: 'warning',
      details: { email: admin.email, ip: '127.0.0.1' },
    });
    expect(events[1]).toMatchObject({
      severity: 'other',
      details: { email: admin.email, ip: '127.0.0.1', adminId: admin.id, role: 'admin' },
    });
    for (const e of events) expect(e.createdAt).toBeInstanceOf(Date);
    expect(JSON.stringify(events)).not.toContain(PASSWORD);
  });

  it('five failures from one IP on any accounts make its sixth attempt 429', async () => {
    const harness = await start({ trustProxy: true });
    const admin = await newAdmin(harness, target.db);
    const from = { 'x-forwarded-for': '203.0.113.50' };
    for (let i = 0; i < 5; i++) {
      expect((await login(harness.app, { email: uniqueEmail(), password: PASSWORD }, from)).statusCode).toBe(
        401,
      );
    }
    const sixth = await login(harness.app, { email: admin.email, password: PASSWORD }, from);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBe(900);
    // Another address may still sign in to that account.
    const other = await login(
      harness.app,
      { email: admin.email, password: PASSWORD },
      { 'x-forwarded-for': '203.0.113.51' },
    );
    expect(other.statusCode).toBe(200);
  });

  it('a login gets a new session id, and the one the browser held is deleted', async () => {
    const harness = await start();
    const admin = await newAdmin(harness, target.db);
    const first = sessionCookieOf(await login(harness.app, { email: admin.email, password: PASSWORD }));
    const again = await login(harness.app, { email: admin.email, password: PASSWORD }, { cookie: first });
    const second = sessionCookieOf(again);
    expect(second).not.toBe(first);
    expect((await getUser(harness.app, first)).statusCode).toBe(401);
    expect((await getUser(harness.app, second)).statusCode).toBe(200);
    const stored = await target.db
      .select({ sid: adminSessions.sid })
      .from(adminSessions)
      .where(eq(adminSessions.sid, adminSessionId(first.split('=')[1] ?? '')));
    expect(stored).toEqual([]);
  });

  it('the stored hash is argon2id with m=19456, t=2, p=1, and a login replaces a weaker one', async () => {
    const harness = await start();
    const admin = await newAdmin(harness, target.db);
    expect(admin.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(admin.passwordHash).not.toContain(PASSWORD);

    const weak = await hash(PASSWORD, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await target.db.update(adminUsers).set({ passwordHash: weak }).where(eq(adminUsers.id, admin.id));
    expect((await login(harness.app, { email: admin.email, password: PASSWORD })).statusCode).toBe(200);
    const [row] = await target.db.select().from(adminUsers).where(eq(adminUsers.id, admin.id));
    expect(row?.passwordHash).not.toBe(weak);
    expect(parseOptions(row?.passwordHash ?? '')).toMatchObject({
      algorithm: 2,
      memoryCost: 19456,
      timeCost: 2,
      parallelism: 1,
    });
    expect((await login(harness.app, { email: admin.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('admin login payload: a body without email or password is 400 { error } and changes nothing', async () => {
    const harness = await start();
    for (const payload of [{}, { email: 'a@b.co' }, { password: 'x' }, { email: '', password: '' }]) {
      const res = await login(harness.app, payload as { email: string; password: string });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: ADMIN_ERRORS.missingCredentials });
    }
  });
});
