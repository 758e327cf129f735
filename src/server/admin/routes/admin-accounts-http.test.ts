import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import type { AdminAccount } from '../../../common/api/admin-accounts-api.ts';
import { adminAccountAnswerSchema, adminAccountsSchema } from '../../../common/api/admin-accounts-api.ts';
import { adminUsers, systemEvents } from '../../db/schema/index.ts';
import { ACCOUNT_ERRORS } from '../accounts/admin-account-changes.ts';
import { ADMIN_EVENT } from '../admin-events.ts';
import {
  adminAppPerTest,
  getUser,
  login,
  ORIGIN,
  PASSWORD,
  sendCode,
  sessionCookieOf,
  signedIn,
  uniqueEmail,
} from '../test-support/admin-app-bed.ts';
import { nextCode } from '../test-support/own-account-checks.ts';

function post(app: FastifyInstance, url: string, cookie: string, body: unknown) {
  return app.inject({
    method: 'POST',
    url: `/api/admin${url}`,
    headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

const eventsOfType = (db: Parameters<typeof signedIn>[1], type: string) =>
  db.select().from(systemEvents).where(sql`${systemEvents.eventType} = ${type}`);

describeEachDatabase('the owner manages the admins', (target) => {
  const start = adminAppPerTest(() => target.db);

  it('lists the admins, creates one with a role (it can sign in), refuses a taken e-mail; recorded', async () => {
    const h = await start();
    const { admin: owner, cookie } = await signedIn(h, target.db, 'owner');
    const email = uniqueEmail();
    const created = await post(h.app, '/admins', cookie, { email, password: PASSWORD, role: 'support' });
    expect(created.statusCode, created.body).toBe(200);
    const answer = adminAccountAnswerSchema.parse(created.json());
    expect(answer.admin).toMatchObject({ email, role: 'support', isActive: true, twoFactorEnrolled: false });
    expect(JSON.stringify(created.json())).not.toMatch(/argon2|hash/i);

    const list = adminAccountsSchema.parse(
      (await h.app.inject({ url: '/api/admin/admins', headers: { cookie } })).json(),
    );
    expect(list.admins.map((a: AdminAccount) => a.email)).toEqual(
      expect.arrayContaining([owner.email, email]),
    );

    expect((await login(h.app, { email, password: PASSWORD })).statusCode).toBe(200);
    const again = await post(h.app, '/admins', cookie, { email, password: PASSWORD, role: 'viewer' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: ACCOUNT_ERRORS.emailTaken });
    const weak = await post(h.app, '/admins', cookie, {
      email: uniqueEmail(),
      password: 'short',
      role: 'viewer',
    });
    expect(weak.statusCode).toBe(400);
    const unknownRole = await post(h.app, '/admins', cookie, {
      email: uniqueEmail(),
      password: PASSWORD,
      role: 'god',
    });
    expect(unknownRole.statusCode).toBe(400);
    const events = await eventsOfType(target.db, ADMIN_EVENT.created);
    expect(events.some((e) => (e.details as Record<string, unknown>).targetEmail === email)).toBe(true);
  });

  it("changes a role, effective at the changed admin's next request; recorded with before and after", async () => {
    const h = await start();
    const { cookie } = await signedIn(h, target.db, 'owner');
    const { admin, cookie: adminCookie } = await signedIn(h, target.db, 'admin');
    const res = await post(h.app, '/admins/role', cookie, { adminId: admin.id, role: 'viewer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().admin.role).toBe('viewer');
    expect((await getUser(h.app, adminCookie)).json().user.role).toBe('viewer');
    expect((await post(h.app, '/ban-ip', adminCookie, { ipAddress: '203.0.113.1' })).statusCode).toBe(403);
    const [event] = (await eventsOfType(target.db, ADMIN_EVENT.accountChanged)).filter(
      (e) => (e.details as Record<string, unknown>).targetAdminId === admin.id,
    );
    expect(event?.details).toMatchObject({
      before: { role: 'admin' },
      after: { role: 'viewer' },
      action: 'change_admin_role',
    });
  });

  it('an owner cannot demote or deactivate themselves, nor reset their own second factor', async () => {
    const h = await start();
    const { admin: owner, cookie } = await signedIn(h, target.db, 'owner');
    for (const [url, body] of [
      ['/admins/role', { adminId: owner.id, role: 'admin' }],
      ['/admins/deactivate', { adminId: owner.id }],
    ] as const) {
      const res = await post(h.app, url, cookie, body);
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toEqual({ error: ACCOUNT_ERRORS.self });
    }
    expect((await post(h.app, '/admins/reset-2fa', cookie, { adminId: owner.id })).json()).toEqual({
      error: ACCOUNT_ERRORS.selfReset,
    });
    expect((await getUser(h.app, cookie)).json().user.role).toBe('owner');
  });

  it('two owners demoting each other at once leave one active owner', async () => {
    const h = await start();
    const a = await signedIn(h, target.db, 'owner');
    const b = await signedIn(h, target.db, 'owner');
    const [ab, ba] = await Promise.all([
      post(h.app, '/admins/role', a.cookie, { adminId: b.admin.id, role: 'admin' }),
      post(h.app, '/admins/role', b.cookie, { adminId: a.admin.id, role: 'admin' }),
    ]);
    const codes = [ab.statusCode, ba.statusCode];
    expect(codes.filter((c) => c === 200).length, `${ab.body} ${ba.body}`).toBeLessThanOrEqual(1);
    const owners = await target.db
      .select()
      .from(adminUsers)
      .where(
        sql`${adminUsers.role} = 'owner' and ${adminUsers.isActive} and ${adminUsers.id} in (${a.admin.id}, ${b.admin.id})`,
      );
    expect(owners.length).toBeGreaterThanOrEqual(1);
  });

  it("deactivating ends the admin's sessions at once and refuses its password; reactivating lets it sign in again", async () => {
    const h = await start();
    const { cookie } = await signedIn(h, target.db, 'owner');
    const { admin, cookie: theirs } = await signedIn(h, target.db, 'support');
    const off = await post(h.app, '/admins/deactivate', cookie, { adminId: admin.id });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().admin.isActive).toBe(false);
    expect((await getUser(h.app, theirs)).statusCode).toBe(401);
    expect((await login(h.app, { email: admin.email, password: PASSWORD })).statusCode).toBe(401);
    const on = await post(h.app, '/admins/reactivate', cookie, { adminId: admin.id });
    expect(on.json().admin.isActive).toBe(true);
    // The old session stays ended; a new sign-in works.
    expect((await getUser(h.app, theirs)).statusCode).toBe(401);
    const back = await login(h.app, { email: admin.email, password: PASSWORD });
    expect((await getUser(h.app, sessionCookieOf(back))).statusCode).toBe(200);
    const actions = (await eventsOfType(target.db, ADMIN_EVENT.accountChanged))
      .map((e) => e.details as Record<string, unknown>)
      .filter((d) => d.targetAdminId === admin.id)
      .map((d) => d.action);
    expect(actions).toEqual(['deactivate_admin', 'reactivate_admin']);
  });

  it("resetting another admin's second factor ends its sessions; it enrols afresh at its next sign-in; recorded", async () => {
    const h = await start({ twoFactorRoles: ['owner', 'admin'] });
    const { cookie } = await signedIn(h, target.db, 'owner');
    const { admin, cookie: theirs, totp } = await signedIn(h, target.db, 'admin');
    expect(totp).toBeDefined();
    const reset = await post(h.app, '/admins/reset-2fa', cookie, { adminId: admin.id });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().admin.twoFactorEnrolled).toBe(false);
    expect((await getUser(h.app, theirs)).statusCode).toBe(401);
    const next = await login(h.app, { email: admin.email, password: PASSWORD });
    expect(next.json().secondFactor).toBe('enrol');
    const events = await eventsOfType(target.db, ADMIN_EVENT.twoFactorReset);
    expect(events.some((e) => (e.details as Record<string, unknown>).targetAdminId === admin.id)).toBe(true);
  });

  it("the Admins tab's last sign-in moves only at a whole sign-in: a wrong password, or a right one whose code is owed, leave it; the code sets it", async () => {
    const h = await start({ twoFactorRoles: ['admin'] });
    const { cookie } = await signedIn(h, target.db, 'owner');
    const { admin, totp } = await signedIn(h, target.db, 'admin');
    if (!totp) throw new Error('the kit did not enrol');
    const enrolledAt = new Date(h.clock.now()).toISOString();
    const never = await post(h.app, '/admins', cookie, {
      email: uniqueEmail(),
      password: PASSWORD,
      role: 'viewer',
    });
    const lastLoginOf = async (id: string) => {
      const res = await h.app.inject({ url: '/api/admin/admins', headers: { cookie } });
      return adminAccountsSchema.parse(res.json()).admins.find((a) => a.id === id)?.lastLogin;
    };
    expect(await lastLoginOf(never.json().admin.id)).toBeNull();
    expect(await lastLoginOf(admin.id)).toBe(enrolledAt);

    h.clock.advance(60_000);
    expect((await login(h.app, { email: admin.email, password: 'a wrong password' })).statusCode).toBe(401);
    const pending = sessionCookieOf(await login(h.app, { email: admin.email, password: PASSWORD }));
    expect(await lastLoginOf(admin.id)).toBe(enrolledAt);
    expect((await sendCode(h, pending, 'verify', '000000')).statusCode).toBe(401);
    expect(await lastLoginOf(admin.id)).toBe(enrolledAt);

    const verified = await sendCode(h, pending, 'verify', nextCode(h, totp));
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await lastLoginOf(admin.id)).toBe(new Date(h.clock.now()).toISOString());
  });
});
