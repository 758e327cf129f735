import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { type OwnSession, ownSessionsSchema } from '../../../common/api/admin-own-account.ts';
import { systemEvents } from '../../db/schema/index.ts';
import { ADMIN_EVENT } from '../admin-events.ts';
import { ADMIN_ERRORS } from '../admin-messages.ts';
import { ADMIN_IDLE_TIMEOUT_MS } from '../admin-sessions.ts';
import { postAction } from '../test-support/admin-action-checks.ts';
import {
  type AdminBed,
  adminAppPerTest,
  getUser,
  login,
  PASSWORD,
  sessionCookieOf,
  signedIn,
} from '../test-support/admin-app-bed.ts';
import { signInAgain } from '../test-support/own-account-checks.ts';

const PHONE = { 'x-forwarded-for': '198.51.100.20', 'user-agent': 'Mozilla/5.0 (iPhone) Safari/604.1' };
const LAPTOP = { 'x-forwarded-for': '203.0.113.40', 'user-agent': 'Mozilla/5.0 (X11; Linux) Firefox/140.0' };

async function sessionsOf(h: AdminBed, cookie: string): Promise<OwnSession[]> {
  const res = await h.app.inject({ url: '/api/admin/account/sessions', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return ownSessionsSchema.parse(res.json()).sessions;
}

const sessionEvents = (db: Parameters<typeof signedIn>[1], adminId: string) =>
  db
    .select()
    .from(systemEvents)
    .where(
      sql`${systemEvents.eventType} = ${ADMIN_EVENT.sessionsEnded} and ${systemEvents.details}->>'adminId' = ${adminId}`,
    );

describeEachDatabase('an admin sees and ends their own sessions', (target) => {
  const start = adminAppPerTest(() => target.db);
  const behindProxy = { trustProxy: true };

  it("lists the admin's own live sessions, most recently seen first, with when, where from and which browser; this one marked", async () => {
    const h = await start(behindProxy);
    const { admin } = await signedIn(h, target.db, 'viewer');
    const signedInAt = h.clock.now();
    const phone = await signInAgain(h, admin.email, { headers: PHONE });
    h.clock.advance(60_000);
    const laptop = await signInAgain(h, admin.email, { headers: LAPTOP });
    await signedIn(h, target.db, 'viewer'); // someone else's: never in this list

    const list = await sessionsOf(h, laptop);
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({
      current: true,
      ip: LAPTOP['x-forwarded-for'],
      userAgent: LAPTOP['user-agent'],
      createdAt: new Date(signedInAt + 60_000).toISOString(),
      secondFactorPending: false,
    });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const fromPhone = list.find((s) => s.ip === PHONE['x-forwarded-for']);
    expect(fromPhone).toMatchObject({ userAgent: PHONE['user-agent'], current: false });
    // Seen again later, the phone's session moves to the top, marked current from there.
    h.clock.advance(60_000);
    const fromThere = await sessionsOf(h, phone);
    expect(fromThere[0]).toMatchObject({ ip: PHONE['x-forwarded-for'], current: true });
    expect(fromThere[0]?.lastSeenAt).toBe(new Date(h.clock.now()).toISOString());
    // The id is neither the cookie's token nor the stored sid.
    expect(phone).not.toContain(fromPhone?.id);
    const rows = await target.db.execute(sql`select sid from admin_sessions`);
    expect(JSON.stringify(rows)).not.toContain(fromPhone?.id);
  });

  it('a session past its password whose code is owed is listed as such; an idle one is not listed', async () => {
    const h = await start({ twoFactorRoles: ['support'] });
    const { admin, cookie, totp } = await signedIn(h, target.db, 'support');
    const pending = sessionCookieOf(await login(h.app, { email: admin.email, password: PASSWORD }));
    await signInAgain(h, admin.email, { totp }); // its code moves the clock on by a time step
    h.clock.advance(ADMIN_IDLE_TIMEOUT_MS - 60_000);
    // Any request moves a session's idle deadline on, the pending one's too (it is answered 401).
    expect((await getUser(h.app, cookie)).statusCode).toBe(200);
    expect((await getUser(h.app, pending)).statusCode).toBe(401);
    h.clock.advance(60_000);
    const list = await sessionsOf(h, cookie);
    expect(list.map((s) => [s.current, s.secondFactorPending])).toEqual([
      [true, false],
      [false, true],
    ]);
  });

  it('a listed session can be ended: its cookie is refused at once; this one goes on; recorded', async () => {
    const h = await start(behindProxy);
    const { admin, cookie } = await signedIn(h, target.db, 'support');
    const phone = await signInAgain(h, admin.email, { headers: PHONE });
    const id = (await sessionsOf(h, cookie)).find((s) => !s.current)?.id;
    const res = await postAction(h, cookie, '/account/sessions/end', { sessionId: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, ended: 1, signedOut: false });
    expect((await getUser(h.app, phone)).statusCode).toBe(401);
    expect((await getUser(h.app, cookie)).statusCode).toBe(200);
    expect((await sessionsOf(h, cookie)).map((s) => s.current)).toEqual([true]);
    const again = await postAction(h, cookie, '/account/sessions/end', { sessionId: id });
    expect(again.statusCode).toBe(404);
    const [event] = await sessionEvents(target.db, admin.id);
    expect(event?.details).toMatchObject({ which: 'one', sessionIp: PHONE['x-forwarded-for'] });
  });

  it("an admin cannot end another admin's session by its id (404), nor see it", async () => {
    const h = await start();
    const mine = await signedIn(h, target.db, 'owner');
    const theirs = await signedIn(h, target.db, 'viewer');
    const [their] = await sessionsOf(h, theirs.cookie);
    expect((await sessionsOf(h, mine.cookie)).map((s) => s.id)).not.toContain(their?.id);
    const res = await postAction(h, mine.cookie, '/account/sessions/end', { sessionId: their?.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: ADMIN_ERRORS.noSuchOwnSession });
    expect((await getUser(h.app, theirs.cookie)).statusCode).toBe(200);
    expect(await sessionEvents(target.db, mine.admin.id)).toEqual([]);
  });

  it('all others end at once; this one goes on; recorded with how many', async () => {
    const h = await start();
    const { admin, cookie } = await signedIn(h, target.db, 'admin');
    const others = [await signInAgain(h, admin.email), await signInAgain(h, admin.email)];
    const res = await postAction(h, cookie, '/account/sessions/end', { allOthers: true });
    expect(res.json()).toEqual({ success: true, ended: 2, signedOut: false });
    for (const other of others) expect((await getUser(h.app, other)).statusCode).toBe(401);
    expect((await getUser(h.app, cookie)).statusCode).toBe(200);
    const [event] = await sessionEvents(target.db, admin.id);
    expect(event?.details).toMatchObject({ which: 'all_others', ended: 2 });
  });

  it('ending this very session signs out: its cookie is cleared and refused after', async () => {
    const h = await start();
    const { cookie } = await signedIn(h, target.db, 'viewer');
    const [self] = await sessionsOf(h, cookie);
    const res = await postAction(h, cookie, '/account/sessions/end', { sessionId: self?.id });
    expect(res.json()).toEqual({ success: true, ended: 1, signedOut: true });
    const cleared = res.cookies.find((c) => cookie.startsWith(`${c.name}=`));
    expect(cleared?.value).toBe('');
    expect((await getUser(h.app, cookie)).statusCode).toBe(401);
  });

  it('a body naming neither a session nor all others is refused (400)', async () => {
    const h = await start();
    const { cookie } = await signedIn(h, target.db, 'viewer');
    for (const body of [{}, { allOthers: false }, { sessionId: 'x', allOthers: true }]) {
      expect((await postAction(h, cookie, '/account/sessions/end', body)).statusCode).toBe(400);
    }
    expect((await getUser(h.app, cookie)).statusCode).toBe(200);
  });
});
