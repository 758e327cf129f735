import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { newWallet } from '../../../../test/support/admin-fixtures.ts';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { createLoginThrottle } from '../../security/login-throttle.ts';
import { ADMIN_ERRORS } from '../admin-messages.ts';
import { ADMIN_ROLES, type AdminRole, ROLES } from '../admin-roles.ts';
import { type AdminBed, ORIGIN, signedIn, startAdminApp } from '../test-support/admin-app-bed.ts';
import { createTotpSecretBox } from '../two-factor/totp-secret-box.ts';

/**
 * Who may use each /api/admin route: owner everything (and alone manages the admins); admin bans, holds,
 * flags and money actions; support reads and notes; viewer reads. Every registered guarded route must be in this table, so a route added
 * without a decision here fails the walk below.
 */
const EXPECTED: Record<string, readonly AdminRole[]> = {
  'GET /user': ROLES.read,
  'GET /stats': ROLES.read,
  'GET /overview': ROLES.read,
  'GET /transactions': ROLES.read,
  'GET /games': ROLES.read,
  'GET /games/:id': ROLES.read,
  'GET /games/:id/replay': ROLES.read,
  'GET /wallets': ROLES.read,
  'GET /wallets/:wallet': ROLES.read,
  'GET /wallets/:wallet/ips': ROLES.read,
  'GET /wallets/:wallet/games': ROLES.read,
  'GET /wallets/:wallet/money': ROLES.read,
  'GET /ips': ROLES.read,
  'GET /ips/:ip': ROLES.read,
  'GET /ips/:ip/wallets': ROLES.read,
  'GET /system-events': ROLES.read,
  'GET /system-events/summary': ROLES.read,
  'GET /ban-history': ROLES.read,
  'GET /banned-wallets': ROLES.read,
  'GET /flagged-wallets': ROLES.read,
  'GET /held-payouts': ROLES.read,
  'POST /ban-wallet': ROLES.act,
  'POST /unban-wallet': ROLES.act,
  'POST /ban-ip': ROLES.act,
  'POST /unban-ip': ROLES.act,
  'POST /flag-wallet': ROLES.act,
  'POST /resolve-flag': ROLES.act,
  'POST /resolve-event': ROLES.act,
  'GET /notes': ROLES.read,
  'POST /notes': ROLES.note,
  'POST /held-payouts/release': ROLES.act,
  'POST /held-payouts/refund-loser': ROLES.act,
  'GET /export/transactions.csv': ROLES.act,
  'GET /export/games.csv': ROLES.act,
  'POST /test-recorded-action': ROLES.act,
  'POST /test-silent-action': ROLES.act,
  // Every role's own second factor: enrolment is offered to all, and asked of ADMIN_2FA_ROLES.
  'GET /two-factor': ROLES.read,
  'POST /two-factor/enrol': ROLES.read,
  'POST /two-factor/confirm': ROLES.read,
  'POST /two-factor/verify': ROLES.read,
  // Every role's own account: its password, its recovery codes, its sessions.
  'POST /two-factor/recovery-codes': ROLES.read,
  'POST /account/password': ROLES.read,
  'GET /account/sessions': ROLES.read,
  'POST /account/sessions/end': ROLES.read,
  'GET /admins': ROLES.owner,
  'POST /admins': ROLES.owner,
  'POST /admins/role': ROLES.owner,
  'POST /admins/deactivate': ROLES.owner,
  'POST /admins/reactivate': ROLES.owner,
  'POST /admins/reset-2fa': ROLES.owner,
};

describeEachDatabase('each admin role gets exactly its routes', (target) => {
  let h: AdminBed;
  let wallet: string;
  const urlOf = (pattern: string) =>
    pattern.replace(':id', randomUUID()).replace(':wallet', wallet).replace(':ip', '203.0.113.9');
  const guarded = () => h.adminRoutes.filter((r) => !r.public);

  beforeAll(async () => {
    h = await startAdminApp(target.db);
    wallet = await newWallet();
    return () => h.app.close();
  });

  it('every guarded route has a decision in the table, and the table names no route that is gone', () => {
    const registered = guarded().map((r) => `${r.method} ${r.url.replace('/api/admin', '')}`);
    expect([...registered].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(ADMIN_ROLES)('the %s role is refused (403) exactly the routes it is not allowed', async (role) => {
    const { cookie } = await signedIn(h, target.db, role);
    for (const route of guarded()) {
      const key = `${route.method} ${route.url.replace('/api/admin', '')}`;
      const allowed = (EXPECTED[key] ?? []).includes(role);
      // A body no action accepts (400, nothing done): only the role decides whether the guard lets it through.
      const res = await h.app.inject({
        method: route.method as 'GET' | 'POST',
        url: urlOf(route.url),
        headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
        ...(route.method === 'GET' ? {} : { payload: '{}' }),
      });
      const refusedForRole =
        res.statusCode === 403 && res.json<{ error?: string }>().error === ADMIN_ERRORS.forbiddenForRole;
      expect(refusedForRole, `${role} ${key} → ${res.statusCode} ${res.body.slice(0, 120)}`).toBe(!allowed);
      if (allowed) expect(res.statusCode, `${role} ${key}`).toBeLessThan(500);
    }
    expect(await h.bans.status(wallet, '203.0.113.9')).toMatchObject({
      walletBanned: false,
      ipBanned: false,
    });
  });

  it('a route registered without roles is refused at start, so none is open to every role by omission', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerAdminRoutes } = await import('../register-admin-routes.ts');
    const app = Fastify();
    await expect(
      registerAdminRoutes(app, {
        db: target.db,
        clock: h.clock,
        allowedOrigins: [ORIGIN],
        publicOrigin: () => ORIGIN,
        throttle: createLoginThrottle(h.clock),
        routes: [(scope) => void scope.get('/no-roles', async () => ({ ok: true }))],
        services: { bans: h.bans, live: () => ({}) as never, house: {} as never },
        twoFactor: { requiredFor: [], box: createTotpSecretBox(randomBytes(32)) },
      }),
    ).rejects.toThrow(/declares no roles/);
    await app.close().catch(() => {});
  });
});
