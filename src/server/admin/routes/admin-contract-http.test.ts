import { beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import { confirmDuePayouts, newWallet, playGame } from '../../../../test/support/admin-fixtures.ts';
import { fitsExactly } from '../../../../test/support/contract-fit.ts';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { adminAccountAnswerSchema, adminAccountsSchema } from '../../../common/api/admin-accounts-api.ts';
import {
  flagAnswerSchema,
  ipBanAnswerSchema,
  resolveEventAnswerSchema,
  walletBanAnswerSchema,
} from '../../../common/api/admin-actions.ts';
import { EXPORT_COLUMNS, EXPORT_KINDS, exportPath } from '../../../common/api/admin-exports.ts';
import {
  ownSessionsSchema,
  passwordChangedSchema,
  recoveryCodesRenewedSchema,
  sessionsEndedSchema,
} from '../../../common/api/admin-own-account.ts';
import {
  adminBannedWalletRowSchema,
  adminFlaggedWalletRowSchema,
  adminGameRowSchema,
  adminHeldPayoutRowSchema,
  adminIpRowSchema,
  adminSystemEventRowSchema,
  adminTransactionRowSchema,
  adminWalletRowSchema,
  ipWalletRowSchema,
  walletIpRowSchema,
} from '../../../common/api/admin-rows.ts';
import {
  twoFactorConfirmedSchema,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
  twoFactorVerifiedSchema,
} from '../../../common/api/admin-two-factor.ts';
import {
  adminGameReplaySchema,
  adminLoginAnswerSchema,
  adminOverviewSchema,
  adminSessionAnswerSchema,
  adminStatsSchema,
  adminUserAnswerSchema,
  ipDetailSchema,
  walletDetailSchema,
} from '../../../common/api/admin-views.ts';
import { banHistoryRowSchema } from '../../../common/api/ban-history-api.ts';
import { banStatusAnswerSchema } from '../../../common/api/player-api.ts';
import { supportNoteRowSchema } from '../../../common/api/support-notes.ts';
import { systemEventSummarySchema } from '../../../common/api/system-event-summary.ts';
import { walletMoneyAnswerSchema } from '../../../common/api/wallet-money.ts';
import { apiErrorSchema, pageOf } from '../../../common/api/wire-values.ts';
import { walletIpAssociations } from '../../db/schema/index.ts';
import { postAction } from '../test-support/admin-action-checks.ts';
import {
  type AdminBed,
  login,
  ORIGIN,
  PASSWORD,
  sendCode,
  sessionCookieOf,
  signedIn,
  startAdminApp,
  uniqueEmail,
} from '../test-support/admin-app-bed.ts';
import { base32Decode, TOTP_STEP_MS, totpAt } from '../two-factor/totp.ts';

const IP = '203.0.113.31';

/**
 * The HTTP contract (src/common/api/) against the real admin API: every view and every action answers a
 * value of its schema, exactly (no field the schema does not name), with data in every list.
 */
describeEachDatabase('the admin API answers what its contract says', (target) => {
  let h: AdminBed;
  let cookie: string;
  let winner: string;
  let loser: string;
  let gameId: string;

  const answer = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res =
      method === 'GET'
        ? await h.app.inject({ url: `/api/admin${url}`, headers: { cookie } })
        : await postAction(h, cookie, url, body);
    return { status: res.statusCode, body: res.json() as unknown, request: `${method} /api/admin${url}` };
  };
  const fits = async <S extends z.ZodType>(
    method: 'GET' | 'POST',
    url: string,
    schema: S,
    body?: unknown,
  ): Promise<z.output<S>> => {
    const res = await answer(method, url, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return fitsExactly(schema, res.body, res.request);
  };

  /** `fits`, as the admin whose session `asCookie` holds. */
  const fitsAs =
    (asCookie: string) =>
    async <S extends z.ZodType>(method: 'GET' | 'POST', url: string, schema: S, body?: unknown) => {
      const res =
        method === 'GET'
          ? await h.app.inject({ url: `/api/admin${url}`, headers: { cookie: asCookie } })
          : await postAction(h, asCookie, url, body);
      expect(res.statusCode, res.body).toBe(200);
      return fitsExactly(schema, res.json(), `${method} /api/admin${url}`);
    };

  beforeAll(async () => {
    h = await startAdminApp(target.db);
    [winner, loser] = [await newWallet(), await newWallet()];
    const game = await playGame(target.db, h.clock, { winner, loser, mode: 'tiny_tuna', ips: [IP, IP] });
    await confirmDuePayouts(target.db, h.clock);
    gameId = game.gameId;
    await target.db.insert(walletIpAssociations).values({ walletAddress: loser, ipAddress: IP });
    ({ cookie } = await signedIn(h, target.db));
    return () => h.app.close();
  });

  it('every admin action answers its schema; a refusal answers { error }', async () => {
    await fits('POST', '/ban-wallet', walletBanAnswerSchema, { walletAddress: loser, reason: 'collusion' });
    await fits('POST', '/ban-ip', ipBanAnswerSchema, { ipAddress: IP, reason: 'proxy farm' });
    const flag = await fits('POST', '/flag-wallet', flagAnswerSchema, {
      walletAddress: winner,
      reason: 'wins too often',
      severity: 'high',
      evidence: { games: [gameId] },
    });
    await fits('POST', '/resolve-flag', flagAnswerSchema, { flagId: flag.id, resolution: 'cleared' });
    await fits('POST', '/flag-wallet', flagAnswerSchema, { walletAddress: winner, reason: 'again' });
    // Awaiting triage: a warning or worse (an informational event cannot be resolved).
    const events = await fits('GET', '/system-events?unresolved=1', pageOf(adminSystemEventRowSchema));
    const eventId = events.items[0]?.id;
    await fits('POST', '/resolve-event', resolveEventAnswerSchema, { eventId, notes: 'checked' });
    await fits('POST', '/resolve-event', resolveEventAnswerSchema, { eventId, notes: 'checked' });
    await fits('POST', '/notes', supportNoteRowSchema, {
      targetKind: 'wallet',
      target: loser,
      text: 'called',
    });

    for (const [url, body] of [
      ['/ban-wallet', { walletAddress: loser }],
      ['/held-payouts/release', { jobId: '00000000-0000-4000-8000-000000000000', reason: 'x' }],
    ] as const) {
      const refused = await answer('POST', url, body);
      expect(refused.status).toBeGreaterThanOrEqual(400);
      fitsExactly(apiErrorSchema, refused.body, refused.request);
    }
  });

  it('every admin view answers its schema, with rows in each list', async () => {
    await fits('GET', '/user', adminUserAnswerSchema);
    expect(await fits('GET', '/session', adminSessionAnswerSchema)).toEqual({ signedIn: true });
    await fits('GET', '/stats', adminStatsSchema);
    await fits('GET', '/overview', adminOverviewSchema);
    const summary = await fits('GET', '/system-events/summary', systemEventSummarySchema);
    expect(summary.types.length).toBeGreaterThan(0);
    const lists = [
      ['/transactions', adminTransactionRowSchema],
      ['/games', adminGameRowSchema],
      ['/wallets', adminWalletRowSchema],
      ['/ips', adminIpRowSchema],
      ['/system-events', adminSystemEventRowSchema],
      ['/banned-wallets', adminBannedWalletRowSchema],
      ['/flagged-wallets', adminFlaggedWalletRowSchema],
      [`/wallets/${loser}/ips`, walletIpRowSchema],
      [`/ips/${IP}/wallets`, ipWalletRowSchema],
      [`/ban-history?wallet=${loser}`, banHistoryRowSchema],
      [`/ban-history?ip=${IP}`, banHistoryRowSchema],
      [`/wallets/${loser}/games`, adminGameRowSchema],
    ] as const;
    for (const [url, row] of lists) {
      const page = await fits('GET', url, pageOf(row));
      expect(page.items.length, url).toBeGreaterThan(0);
    }
    // No payout was held here: the list is empty, and its schema still holds (held-payout.test.ts fills it).
    await fits('GET', '/held-payouts', pageOf(adminHeldPayoutRowSchema));
    await fits('GET', `/wallets/${loser}`, walletDetailSchema);
    await fits('GET', `/wallets/${winner}`, walletDetailSchema);
    expect((await fits('GET', `/ips/${IP}`, ipDetailSchema)).seen).toBe(true);
    expect((await fits('GET', `/notes?wallet=${loser}`, pageOf(supportNoteRowSchema))).items).not.toEqual([]);
    for (const wallet of [loser, winner]) {
      const money = await fits('GET', `/wallets/${wallet}/money`, walletMoneyAnswerSchema);
      expect(money.items.length, wallet).toBeGreaterThan(0);
    }
    expect((await fits('GET', `/games/${gameId}`, adminGameRowSchema)).id).toBe(gameId);
    const replay = await fits('GET', `/games/${gameId}/replay`, adminGameReplaySchema);
    expect(replay.game.id).toBe(gameId);
  });

  it("the owner's admin management and the second-factor step answer their schemas", async () => {
    const owner = await signedIn(h, target.db, 'owner');
    const asOwner = fitsAs(owner.cookie);
    const email = uniqueEmail();
    const created = await asOwner('POST', '/admins', adminAccountAnswerSchema, {
      email,
      password: PASSWORD,
      role: 'viewer',
    });
    await asOwner('GET', '/admins', adminAccountsSchema);
    await asOwner('POST', '/admins/role', adminAccountAnswerSchema, {
      adminId: created.admin.id,
      role: 'support',
    });
    await asOwner('POST', '/admins/deactivate', adminAccountAnswerSchema, { adminId: created.admin.id });
    await asOwner('POST', '/admins/reactivate', adminAccountAnswerSchema, { adminId: created.admin.id });
    await asOwner('POST', '/admins/reset-2fa', adminAccountAnswerSchema, { adminId: created.admin.id });

    const signIn = await login(h.app, { email, password: PASSWORD });
    fitsExactly(adminLoginAnswerSchema, signIn.json(), 'POST /api/admin/login');
    const cookieOf = sessionCookieOf(signIn);
    const status = await h.app.inject({ url: '/api/admin/two-factor', headers: { cookie: cookieOf } });
    fitsExactly(twoFactorStatusSchema, status.json(), 'GET /api/admin/two-factor');
    const enrol = await postAction(h, cookieOf, '/two-factor/enrol', {});
    const { secret } = fitsExactly(
      twoFactorEnrolmentSchema,
      enrol.json(),
      'POST /api/admin/two-factor/enrol',
    );
    const confirm = await sendCode(h, cookieOf, 'confirm', totpAt(base32Decode(secret), h.clock.now()));
    const { recoveryCodes } = fitsExactly(twoFactorConfirmedSchema, confirm.json(), 'POST .../confirm');
    const verify = await sendCode(h, cookieOf, 'verify', recoveryCodes[0] ?? '');
    fitsExactly(twoFactorVerifiedSchema, verify.json(), 'POST .../verify');
    const wrong = await sendCode(h, cookieOf, 'verify', '000000');
    fitsExactly(apiErrorSchema, wrong.json(), 'POST .../verify refused');
  });

  it("each admin's own account (sessions, password, recovery codes) answers its schemas", async () => {
    const own = await signedIn(h, target.db, 'viewer');
    const as = fitsAs(own.cookie);
    sessionCookieOf(await login(h.app, { email: own.admin.email, password: PASSWORD }));
    const { sessions } = await as('GET', '/account/sessions', ownSessionsSchema);
    const otherId = sessions.find((s) => !s.current)?.id;
    await as('POST', '/account/sessions/end', sessionsEndedSchema, { sessionId: otherId });
    await as('POST', '/account/sessions/end', sessionsEndedSchema, { allOthers: true });
    const enrol = await postAction(h, own.cookie, '/two-factor/enrol', {});
    const secret = base32Decode(fitsExactly(twoFactorEnrolmentSchema, enrol.json(), 'enrol').secret);
    expect((await sendCode(h, own.cookie, 'confirm', totpAt(secret, h.clock.now()))).statusCode).toBe(200);
    h.clock.advance(TOTP_STEP_MS);
    await as('POST', '/two-factor/recovery-codes', recoveryCodesRenewedSchema, {
      code: totpAt(secret, h.clock.now()),
    });
    h.clock.advance(TOTP_STEP_MS);
    await as('POST', '/account/password', passwordChangedSchema, {
      currentPassword: PASSWORD,
      newPassword: `${PASSWORD} again`,
      code: totpAt(secret, h.clock.now()),
    });
    const wrong = await postAction(h, own.cookie, '/account/password', {
      currentPassword: PASSWORD,
      newPassword: `${PASSWORD} once more`,
    });
    fitsExactly(apiErrorSchema, wrong.json(), 'POST /api/admin/account/password refused');
  });

  it('§7 the ban status a lobby reads answers its schema', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/ban-status',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ walletAddress: loser }),
    });
    expect(res.statusCode).toBe(200);
    expect(fitsExactly(banStatusAnswerSchema, res.json(), 'POST /api/ban-status').walletBanned).toBe(true);
  });

  it.each(EXPORT_KINDS)('the %s export is CSV headed by its contract columns', async (kind) => {
    const day = new Date(h.clock.now()).toISOString().slice(0, 10);
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/admin${exportPath(kind, day, day)}`,
      headers: { cookie, origin: ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.split('\r\n')[0]).toBe(EXPORT_COLUMNS[kind].join(','));
  });

  it('every admin GET route has a schema here', () => {
    const covered = new Set([
      '/api/admin/user',
      '/api/admin/session',
      '/api/admin/stats',
      '/api/admin/overview',
      '/api/admin/transactions',
      '/api/admin/games',
      '/api/admin/wallets',
      '/api/admin/ips',
      '/api/admin/system-events',
      '/api/admin/system-events/summary',
      '/api/admin/banned-wallets',
      '/api/admin/flagged-wallets',
      '/api/admin/wallets/:wallet/ips',
      '/api/admin/ips/:ip/wallets',
      '/api/admin/ips/:ip',
      '/api/admin/held-payouts',
      '/api/admin/wallets/:wallet',
      '/api/admin/games/:id/replay',
      '/api/admin/ban-history',
      // CSV, not JSON: their columns are the contract (checked below; export-routes.test.ts checks the rows).
      '/api/admin/export/transactions.csv',
      '/api/admin/export/games.csv',
      '/api/admin/games/:id',
      '/api/admin/wallets/:wallet/games',
      '/api/admin/wallets/:wallet/money',
      '/api/admin/notes',
      '/api/admin/admins',
      '/api/admin/two-factor',
      '/api/admin/account/sessions',
      // A navigation: it answers a redirect to the sign-in page, not JSON.
      '/api/admin/logout',
    ]);
    const gets = h.adminRoutes.filter((r) => r.method === 'GET').map((r) => r.url);
    expect(gets.filter((url) => !covered.has(url))).toEqual([]);
  });
});
