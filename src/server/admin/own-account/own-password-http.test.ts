import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { LOGIN_MAX_FAILURES } from '../../security/login-throttle.ts';
import { ADMIN_EVENT } from '../admin-events.ts';
import { ADMIN_ERRORS } from '../admin-messages.ts';
import { adminEvents as eventsOf, postAction } from '../test-support/admin-action-checks.ts';
import {
  adminAppPerTest,
  getUser,
  login,
  PASSWORD,
  sendCode,
  sessionCookieOf,
  signedIn,
} from '../test-support/admin-app-bed.ts';
import { nextCode, signInAgain } from '../test-support/own-account-checks.ts';

const NEW_PASSWORD = 'a brand new passphrase';
const WRONG_PASSWORD = 'not my password at all';

describeEachDatabase('an admin changes their own password', (target) => {
  const start = adminAppPerTest(() => target.db);
  const enrolling = { twoFactorRoles: ['admin'] as const };

  it('a wrong current password is refused (400: the session goes on), nothing changes, and it is recorded without any password', async () => {
    const h = await start();
    const { admin, cookie } = await signedIn(h, target.db, 'viewer');
    const res = await postAction(h, cookie, '/account/password', {
      currentPassword: WRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ADMIN_ERRORS.wrongCurrentPassword });
    expect((await getUser(h.app, cookie)).statusCode).toBe(200);
    expect((await login(h.app, { email: admin.email, password: PASSWORD })).statusCode).toBe(200);
    expect((await login(h.app, { email: admin.email, password: NEW_PASSWORD })).statusCode).toBe(401);
    const events = await eventsOf(target.db, admin.id);
    const refused = events.filter((e) => e.eventType === ADMIN_EVENT.passwordChangeRefused);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.details).toMatchObject({ reason: 'wrong current password', adminEmail: admin.email });
    const trail = JSON.stringify(events);
    for (const secret of [WRONG_PASSWORD, NEW_PASSWORD, PASSWORD]) expect(trail).not.toContain(secret);
  });

  it(`RELIABILITY 18: wrong current passwords count as failed logins: after ${LOGIN_MAX_FAILURES}, even the right one waits (429), and so does the sign-in`, async () => {
    const h = await start();
    const { admin, cookie } = await signedIn(h, target.db, 'support');
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
      const wrong = await postAction(h, cookie, '/account/password', {
        currentPassword: WRONG_PASSWORD,
        newPassword: NEW_PASSWORD,
      });
      expect(wrong.statusCode).toBe(400);
    }
    const right = await postAction(h, cookie, '/account/password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(h.app, { email: admin.email, password: PASSWORD })).statusCode).toBe(429);
  });

  it('a new password the rules refuse (too short, or the same) is refused before any check', async () => {
    const h = await start();
    const { cookie } = await signedIn(h, target.db, 'viewer');
    for (const newPassword of ['short', PASSWORD]) {
      const res = await postAction(h, cookie, '/account/password', {
        currentPassword: PASSWORD,
        newPassword,
      });
      expect(res.statusCode, newPassword).toBe(400);
    }
    const short = await postAction(h, cookie, '/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'short',
    });
    expect(short.json().error).toContain('at least 12 characters');
  });

  it('an enrolled admin must send a right code too: none, or a wrong one, is refused and the password stays', async () => {
    const h = await start(enrolling);
    const { admin, cookie } = await signedIn(h, target.db, 'admin');
    const body = { currentPassword: PASSWORD, newPassword: NEW_PASSWORD };
    const missing = await postAction(h, cookie, '/account/password', body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: ADMIN_ERRORS.secondFactorCodeMissing });
    const wrong = await postAction(h, cookie, '/account/password', { ...body, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: ADMIN_ERRORS.invalidSecondFactor });
    expect((await getUser(h.app, cookie)).statusCode).toBe(200);
    expect((await login(h.app, { email: admin.email, password: NEW_PASSWORD })).statusCode).toBe(401);
    const refused = (await eventsOf(target.db, admin.id)).filter(
      (e) => e.eventType === ADMIN_EVENT.passwordChangeRefused,
    );
    expect(refused.map((e) => (e.details as { reason: string }).reason)).toEqual(['wrong two-factor code']);
  });

  it('the right password and code change it: the other sessions end, this one stays; the old password no longer signs in, the new one does; recorded', async () => {
    const h = await start(enrolling);
    const { admin, cookie, totp } = await signedIn(h, target.db, 'admin');
    if (!totp) throw new Error('the kit did not enrol');
    const other = await signInAgain(h, admin.email, { totp });
    const elsewhere = await signedIn(h, target.db, 'admin');

    const res = await postAction(h, cookie, '/account/password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      code: nextCode(h, totp),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, endedSessions: 1 });
    expect((await getUser(h.app, cookie)).statusCode).toBe(200);
    expect((await getUser(h.app, other)).statusCode).toBe(401);
    // Another admin's sessions are not this admin's to end.
    expect((await getUser(h.app, elsewhere.cookie)).statusCode).toBe(200);

    expect((await login(h.app, { email: admin.email, password: PASSWORD })).statusCode).toBe(401);
    await signInAgain(h, admin.email, { totp, password: NEW_PASSWORD });
    const changed = (await eventsOf(target.db, admin.id)).filter(
      (e) => e.eventType === ADMIN_EVENT.passwordChanged,
    );
    expect(changed).toHaveLength(1);
    expect(changed[0]?.details).toMatchObject({ endedSessions: 1, action: 'change_own_password' });
    expect(JSON.stringify(changed)).not.toContain(NEW_PASSWORD);
  });

  it('a recovery code may stand in for the app, and is spent by it', async () => {
    const h = await start(enrolling);
    const { admin, cookie, totp } = await signedIn(h, target.db, 'admin');
    const recovery = totp?.recoveryCodes[0] ?? '';
    const res = await postAction(h, cookie, '/account/password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      code: recovery,
    });
    expect(res.statusCode, res.body).toBe(200);
    const pending = await login(h.app, { email: admin.email, password: NEW_PASSWORD });
    expect((await sendCode(h, sessionCookieOf(pending), 'verify', recovery)).statusCode).toBe(401);
  });
});

describeEachDatabase('an admin renews their recovery codes', (target) => {
  const start = adminAppPerTest(() => target.db);

  it('a current app code makes new codes: the old ones stop working, a new one signs in once; recorded', async () => {
    const h = await start({ twoFactorRoles: ['support'] });
    const { admin, cookie, totp } = await signedIn(h, target.db, 'support');
    if (!totp) throw new Error('the kit did not enrol');
    const wrong = await postAction(h, cookie, '/two-factor/recovery-codes', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: ADMIN_ERRORS.invalidSecondFactor });
    // A recovery code cannot renew the codes it belongs to.
    const byRecovery = await postAction(h, cookie, '/two-factor/recovery-codes', {
      code: totp.recoveryCodes[0],
    });
    expect(byRecovery.json()).toEqual({ error: ADMIN_ERRORS.totpCodeRequired });

    const renewed = await postAction(h, cookie, '/two-factor/recovery-codes', { code: nextCode(h, totp) });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const codes = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(new Set(codes).size).toBe(10);
    expect(codes.filter((c) => totp.recoveryCodes.includes(c))).toEqual([]);

    const signIn = async () =>
      sessionCookieOf(await login(h.app, { email: admin.email, password: PASSWORD }));
    const old = await signIn();
    expect((await sendCode(h, old, 'verify', totp.recoveryCodes[1] ?? '')).statusCode).toBe(401);
    expect((await sendCode(h, await signIn(), 'verify', codes[0] ?? '')).statusCode).toBe(200);
    expect((await sendCode(h, await signIn(), 'verify', codes[0] ?? '')).statusCode).toBe(401);
    const events = (await eventsOf(target.db, admin.id)).filter(
      (e) => e.eventType === ADMIN_EVENT.recoveryCodesRenewed,
    );
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events)).not.toContain(codes[0]);
  });

  it('an admin without two-factor sign-in has no codes to renew (409)', async () => {
    const h = await start();
    const { cookie } = await signedIn(h, target.db, 'viewer');
    const res = await postAction(h, cookie, '/two-factor/recovery-codes', { code: '123456' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: ADMIN_ERRORS.notEnrolled });
  });
});
