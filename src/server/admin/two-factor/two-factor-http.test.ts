import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { adminUsers } from '../../db/schema/index.ts';
import { LOGIN_MAX_FAILURES } from '../../security/login-throttle.ts';
import { ADMIN_EVENT } from '../admin-events.ts';
import { ADMIN_ERRORS } from '../admin-messages.ts';
import { adminEvents as eventsOf } from '../test-support/admin-action-checks.ts';
import {
  type AdminBed,
  adminAppPerTest,
  enrolTotp,
  getUser,
  login,
  newAdmin,
  PASSWORD,
  postJson,
  sendCode,
  sessionCookieOf,
  signedIn,
} from '../test-support/admin-app-bed.ts';
import {
  SECOND_FACTOR_FAILURES_PER_ADMIN,
  SECOND_FACTOR_TRIES_PER_SESSION,
  SECOND_FACTOR_WINDOW_MS,
} from './second-factor-limits.ts';
import { base32Decode, TOTP_STEP_MS, totpAt } from './totp.ts';

/** Signs in with the password only: the session is pending its second factor. */
async function passwordOnly(h: AdminBed, email: string, ip = '198.51.100.7') {
  const res = await login(h.app, { email, password: PASSWORD }, { 'x-forwarded-for': ip });
  expect(res.statusCode, res.body).toBe(200);
  return {
    cookie: sessionCookieOf(res),
    secondFactor: res.json<{ secondFactor: string | null }>().secondFactor,
  };
}

describeEachDatabase('admin two-factor sign-in (TOTP)', (target) => {
  const start = adminAppPerTest(() => target.db);
  const owners = { twoFactorRoles: ['owner', 'admin'] as const, trustProxy: true };

  it('a role that needs it enrols at first sign-in: QR secret, a confirming code, ten recovery codes; recorded', async () => {
    const h = await start(owners);
    const admin = await newAdmin(h, target.db, undefined, 'admin');
    const { cookie, secondFactor } = await passwordOnly(h, admin.email);
    expect(secondFactor).toBe('enrol');
    const status = await h.app.inject({ url: '/api/admin/two-factor', headers: { cookie } });
    expect(status.json()).toEqual({ stage: 'enrol', enrolled: false });

    const started = await postJson(h.app, '/api/admin/two-factor/enrol', cookie);
    expect(started.statusCode, started.body).toBe(200);
    const { secret, otpauthUri } = started.json<{ secret: string; otpauthUri: string }>();
    expect(otpauthUri).toContain(`secret=${secret}`);
    const [row] = await target.db.select().from(adminUsers).where(sql`${adminUsers.id} = ${admin.id}`);
    expect(row?.totpSecret).toMatch(/^v1\./);
    expect(row?.totpSecret).not.toContain(secret);

    expect((await sendCode(h, cookie, 'confirm', '000000')).statusCode).toBe(401);
    const confirmed = await sendCode(h, cookie, 'confirm', totpAt(base32Decode(secret), h.clock.now()));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(new Set(codes).size).toBe(10);
    expect((await getUser(h.app, cookie)).statusCode).toBe(200);
    // Enrolled: no second secret can replace the confirmed one.
    expect((await postJson(h.app, '/api/admin/two-factor/enrol', cookie)).statusCode).toBe(409);
    const types = (await eventsOf(target.db, admin.id)).map((e) => e.eventType);
    expect(types).toContain(ADMIN_EVENT.twoFactorEnrolled);
  });

  it('a pending session reads nothing and acts on nothing: 401 until its second factor passes', async () => {
    const h = await start(owners);
    const admin = await newAdmin(h, target.db, undefined, 'owner');
    const { cookie } = await passwordOnly(h, admin.email);
    for (const url of [
      '/api/admin/user',
      '/api/admin/stats',
      '/api/admin/admins',
      '/api/admin/no-such-route',
    ]) {
      const res = await h.app.inject({ url, headers: { cookie } });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ error: ADMIN_ERRORS.secondFactorRequired });
    }
    const ban = await postJson(h.app, '/api/admin/ban-ip', cookie);
    expect(ban.statusCode).toBe(401);
    // The panel's session probe says signed out too: the page goes to the sign-in, not into the panel.
    expect((await h.app.inject({ url: '/api/admin/session', headers: { cookie } })).json()).toEqual({
      signedIn: false,
    });
  });

  it('an enrolled admin signs in with a current code; the same code is refused a second time (replay)', async () => {
    const h = await start(owners);
    const { admin, totp } = await signedIn(h, target.db, 'admin');
    if (!totp) throw new Error('the kit did not enrol');
    h.clock.advance(TOTP_STEP_MS);
    const first = await passwordOnly(h, admin.email);
    expect(first.secondFactor).toBe('verify');
    const code = totpAt(totp.secret, h.clock.now());
    const ok = await sendCode(h, first.cookie, 'verify', code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true, by: 'totp' });
    expect((await getUser(h.app, first.cookie)).statusCode).toBe(200);

    // The same code within its window, from another sign-in: refused, and that session stays pending.
    const second = await passwordOnly(h, admin.email);
    const replay = await sendCode(h, second.cookie, 'verify', code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: ADMIN_ERRORS.invalidSecondFactor });
    expect((await getUser(h.app, second.cookie)).statusCode).toBe(401);
    // The next step's code passes.
    h.clock.advance(TOTP_STEP_MS);
    expect((await sendCode(h, second.cookie, 'verify', totpAt(totp.secret, h.clock.now()))).statusCode).toBe(
      200,
    );
  });

  it("the trail says 'signed in' only once the second factor passed; a right password alone is its own event", async () => {
    const h = await start(owners);
    const { admin, totp } = await signedIn(h, target.db, 'admin');
    if (!totp) throw new Error('the kit did not enrol');
    const signInsOf = async () =>
      (await eventsOf(target.db, admin.id)).filter((e) => e.eventType === ADMIN_EVENT.loginSucceeded);
    const lastLogin = async () =>
      (await target.db.select().from(adminUsers).where(sql`${adminUsers.id} = ${admin.id}`))[0]?.lastLogin;
    const before = { signIns: (await signInsOf()).length, lastLogin: await lastLogin() };

    // A password whose codes then fail, and one whose code never comes: neither is a sign-in.
    h.clock.advance(TOTP_STEP_MS);
    const failing = await passwordOnly(h, admin.email);
    for (let i = 0; i < SECOND_FACTOR_TRIES_PER_SESSION; i += 1)
      await sendCode(h, failing.cookie, 'verify', '000000');
    await passwordOnly(h, admin.email);
    expect(await signInsOf()).toHaveLength(before.signIns);
    expect(await lastLogin()).toEqual(before.lastLogin);
    const accepted = (await eventsOf(target.db, admin.id)).filter(
      (e) => e.eventType === ADMIN_EVENT.passwordAccepted,
    );
    expect(accepted.length).toBeGreaterThanOrEqual(2);
    expect(accepted.at(-1)?.message).toContain('not signed in until a two-factor code passes');

    h.clock.advance(TOTP_STEP_MS);
    const passing = await passwordOnly(h, admin.email);
    expect((await sendCode(h, passing.cookie, 'verify', totpAt(totp.secret, h.clock.now()))).statusCode).toBe(
      200,
    );
    const signIns = await signInsOf();
    expect(signIns).toHaveLength(before.signIns + 1);
    expect(signIns.at(-1)?.details).toMatchObject({ by: 'totp', adminId: admin.id });
    expect(signIns.at(-1)?.message).toContain('with the password and a two-factor code');
    expect((await lastLogin())?.getTime()).toBe(h.clock.now());
  });

  it('a wrong code is answered as such and is no server error: at enrolment, at sign-in, and when it ends the sign-in', async () => {
    const h = await start(owners);
    const enrolling = await newAdmin(h, target.db, undefined, 'admin');
    const pending = await passwordOnly(h, enrolling.email);
    expect((await postJson(h.app, '/api/admin/two-factor/enrol', pending.cookie)).statusCode).toBe(200);
    const wrongConfirm = await sendCode(h, pending.cookie, 'confirm', '000000');
    expect(wrongConfirm.statusCode).toBe(401);
    expect(wrongConfirm.json()).toEqual({ error: ADMIN_ERRORS.invalidSecondFactor });

    const { admin } = await signedIn(h, target.db, 'admin');
    const signingIn = await passwordOnly(h, admin.email);
    const answers = [];
    for (let i = 0; i < SECOND_FACTOR_TRIES_PER_SESSION; i += 1) {
      const res = await sendCode(h, signingIn.cookie, 'verify', '000000');
      answers.push([res.statusCode, res.json()]);
    }
    expect(answers.at(0)).toEqual([401, { error: ADMIN_ERRORS.invalidSecondFactor }]);
    expect(answers.at(-1)).toEqual([401, { error: ADMIN_ERRORS.secondFactorSessionEnded }]);
    expect(h.loggedErrors).toEqual([]);
  });

  it(`RELIABILITY 44: wrong codes count per address too: after ${LOGIN_MAX_FAILURES} from one, the next is 429, even a right one`, async () => {
    const h = await start(owners);
    const { admin, totp } = await signedIn(h, target.db, 'owner');
    if (!totp) throw new Error('the kit did not enrol');
    h.clock.advance(TOTP_STEP_MS);
    const ip = { 'x-forwarded-for': '203.0.113.50' };
    let sent = 0;
    let cookie: string | undefined;
    while (sent < LOGIN_MAX_FAILURES) {
      cookie = (await passwordOnly(h, admin.email, '203.0.113.50')).cookie;
      for (let i = 0; i < SECOND_FACTOR_TRIES_PER_SESSION && sent < LOGIN_MAX_FAILURES; i += 1, sent += 1) {
        expect((await sendCode(h, cookie, 'verify', '000000', ip)).statusCode).toBe(401);
      }
    }
    // The last sign-in still has a try left; the address has none.
    const refused = await sendCode(h, cookie, 'verify', totpAt(totp.secret, h.clock.now()), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: ADMIN_ERRORS.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it(`RELIABILITY 44: a pending sign-in is ended by its ${SECOND_FACTOR_TRIES_PER_SESSION}rd wrong code, recorded once for all of them`, async () => {
    const h = await start(owners);
    const { admin, totp } = await signedIn(h, target.db, 'admin');
    if (!totp) throw new Error('the kit did not enrol');
    h.clock.advance(TOTP_STEP_MS);
    const { cookie } = await passwordOnly(h, admin.email, '203.0.113.60');
    const ip = { 'x-forwarded-for': '203.0.113.60' };
    const answers = [];
    for (let i = 0; i < SECOND_FACTOR_TRIES_PER_SESSION; i += 1) {
      answers.push((await sendCode(h, cookie, 'verify', '000000', ip)).json());
    }
    expect(answers).toEqual([
      ...Array(SECOND_FACTOR_TRIES_PER_SESSION - 1).fill({ error: ADMIN_ERRORS.invalidSecondFactor }),
      { error: ADMIN_ERRORS.secondFactorSessionEnded },
    ]);
    // The session is gone: even the right code cannot finish it; the password step comes again.
    const late = await sendCode(h, cookie, 'verify', totpAt(totp.secret, h.clock.now()), ip);
    expect(late.statusCode).toBe(401);
    expect((await getUser(h.app, cookie)).statusCode).toBe(401);
    const failed = (await eventsOf(target.db, admin.id)).filter(
      (e) => e.eventType === ADMIN_EVENT.twoFactorFailed,
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]?.details).toMatchObject({ wrongCodes: SECOND_FACTOR_TRIES_PER_SESSION });
    const again = await passwordOnly(h, admin.email, '203.0.113.60');
    const ok = await sendCode(h, again.cookie, 'verify', totpAt(totp.secret, h.clock.now()), ip);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it(`RELIABILITY 44: wrong codes from many addresses stop at ${SECOND_FACTOR_FAILURES_PER_ADMIN} per admin: the next code is not even checked; the real admin passes once the window moves on`, async () => {
    const h = await start(owners);
    const { admin, totp } = await signedIn(h, target.db, 'owner');
    if (!totp) throw new Error('the kit did not enrol');
    h.clock.advance(TOTP_STEP_MS);
    // Strangers with the password, one fresh address (and a fresh sign-in) after another, each sending
    // codes until refused, until a fresh address's first code is refused too.
    const statuses: number[] = [];
    let firstOfFresh = 0;
    for (let n = 1; n <= 40 && firstOfFresh !== 429; n += 1) {
      const address = `198.18.${n >> 8}.${n & 255}`;
      const { cookie } = await passwordOnly(h, admin.email, address);
      for (let i = 0; i < SECOND_FACTOR_TRIES_PER_SESSION; i += 1) {
        const res = await sendCode(h, cookie, 'verify', '000000', { 'x-forwarded-for': address });
        statuses.push(res.statusCode);
        if (i === 0) firstOfFresh = res.statusCode;
        if (res.statusCode !== 401) break;
      }
    }
    // Exactly the cap was checked, however many addresses asked.
    expect(statuses.filter((s) => s === 401)).toHaveLength(SECOND_FACTOR_FAILURES_PER_ADMIN);
    expect(firstOfFresh).toBe(429);

    // Even a right code, from an address that never failed, is not checked now: the cap holds for all.
    const realAddress = { 'x-forwarded-for': '192.0.2.10' };
    const { cookie } = await passwordOnly(h, admin.email, '192.0.2.10');
    const paused = await sendCode(h, cookie, 'verify', totpAt(totp.secret, h.clock.now()), realAddress);
    expect(paused.statusCode).toBe(429);
    const retryAfterMs = Number(paused.headers['retry-after']) * 1000;
    expect(retryAfterMs).toBeGreaterThan(0);
    expect(retryAfterMs).toBeLessThanOrEqual(SECOND_FACTOR_WINDOW_MS);
    const [row] = await target.db.select().from(adminUsers).where(sql`${adminUsers.id} = ${admin.id}`);
    expect(row?.totpLastStep).not.toBe(Math.floor(h.clock.now() / TOTP_STEP_MS));

    // Recorded as one pause and one event per ended sign-in, not a row per guess.
    const types = (await eventsOf(target.db, admin.id)).map((e) => e.eventType);
    expect(types.filter((t) => t === ADMIN_EVENT.twoFactorPaused)).toHaveLength(1);
    expect(types.filter((t) => t === ADMIN_EVENT.twoFactorFailed).length).toBeLessThanOrEqual(
      Math.ceil(SECOND_FACTOR_FAILURES_PER_ADMIN / SECOND_FACTOR_TRIES_PER_SESSION),
    );

    // A throttle, not a lock: once the window has moved on, a fresh password step and the right code pass.
    h.clock.advance(retryAfterMs);
    const fresh = await passwordOnly(h, admin.email, '192.0.2.10');
    const passed = await sendCode(h, fresh.cookie, 'verify', totpAt(totp.secret, h.clock.now()), realAddress);
    expect(passed.statusCode, passed.body).toBe(200);
    expect((await getUser(h.app, fresh.cookie)).statusCode).toBe(200);
  });

  it('a recovery code signs in once; used again it is refused; its use is recorded with the codes left', async () => {
    const h = await start(owners);
    const { admin, totp } = await signedIn(h, target.db, 'admin');
    if (!totp) throw new Error('the kit did not enrol');
    const recovery = totp.recoveryCodes[3] ?? '';
    const first = await passwordOnly(h, admin.email);
    const ok = await sendCode(h, first.cookie, 'verify', recovery.toUpperCase());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true, by: 'recovery_code', recoveryCodesLeft: 9 });

    const second = await passwordOnly(h, admin.email);
    // Two requests racing with one code: at most one passes (here both after it was used: none).
    const again = await Promise.all([
      sendCode(h, second.cookie, 'verify', recovery),
      sendCode(h, second.cookie, 'verify', recovery),
    ]);
    expect(again.map((r) => r.statusCode)).toEqual([401, 401]);
    const used = (await eventsOf(target.db, admin.id)).filter(
      (e) => e.eventType === ADMIN_EVENT.recoveryCodeUsed,
    );
    expect(used).toHaveLength(1);
    expect(used[0]?.details).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('one recovery code sent twice at once signs in once', async () => {
    const h = await start(owners);
    const { admin, totp } = await signedIn(h, target.db, 'admin');
    const recovery = totp?.recoveryCodes[0] ?? '';
    const a = await passwordOnly(h, admin.email);
    const b = await passwordOnly(h, admin.email);
    const both = await Promise.all([
      sendCode(h, a.cookie, 'verify', recovery),
      sendCode(h, b.cookie, 'verify', recovery),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('a role not in ADMIN_2FA_ROLES signs in with its password alone, unless it enrolled of its own accord', async () => {
    const h = await start(owners);
    const viewer = await newAdmin(h, target.db, undefined, 'viewer');
    const plain = await passwordOnly(h, viewer.email);
    expect(plain.secondFactor).toBeNull();
    expect((await getUser(h.app, plain.cookie)).statusCode).toBe(200);
    const { secret } = await enrolTotp(h, plain.cookie);
    h.clock.advance(TOTP_STEP_MS);
    const next = await passwordOnly(h, viewer.email);
    expect(next.secondFactor).toBe('verify');
    expect((await getUser(h.app, next.cookie)).statusCode).toBe(401);
    expect((await sendCode(h, next.cookie, 'verify', totpAt(secret, h.clock.now()))).statusCode).toBe(200);
  });

  it('a session promoted into a role that needs a second factor is asked for it at its next request', async () => {
    const h = await start(owners);
    const { cookie: ownerCookie } = await signedIn(h, target.db, 'owner');
    const { admin: viewer, cookie } = await signedIn(h, target.db, 'viewer');
    expect((await getUser(h.app, cookie)).statusCode).toBe(200);
    const promoted = await h.app.inject({
      method: 'POST',
      url: '/api/admin/admins/role',
      headers: { cookie: ownerCookie, origin: 'http://pong.test:3000', 'content-type': 'application/json' },
      payload: JSON.stringify({ adminId: viewer.id, role: 'admin' }),
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const res = await getUser(h.app, cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ADMIN_ERRORS.secondFactorRequired });
  });
});
