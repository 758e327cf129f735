import { beforeAll, expect, it } from 'vitest';
import { newWallet } from '../../../../test/support/admin-fixtures.ts';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { BAN_MESSAGES, type BanChange } from '../../security/bans.ts';
import type { AdminUserRow } from '../admin-accounts.ts';
import { BAN_ACTION_ERRORS } from '../queries/ban-actions.ts';
import { actionEvent, expectActionRecorded, postAction } from '../test-support/admin-action-checks.ts';
import { type AdminBed, signedIn, startAdminApp } from '../test-support/admin-app-bed.ts';

describeEachDatabase('ban actions over HTTP', (target) => {
  let h: AdminBed;
  let cookie: string;
  let admin: AdminUserRow;
  const changes: BanChange[] = [];
  const post = (url: string, body: unknown) => postAction(h, cookie, url, body);
  const banStatus = (walletAddress: string | undefined, ip = '198.51.100.1') =>
    h.app.inject({
      method: 'POST',
      url: '/api/ban-status',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(walletAddress ? { walletAddress } : {}),
    });
  const expectRecorded = (action: string, targetText: string) =>
    expectActionRecorded(target.db, admin, action, targetText);

  beforeAll(async () => {
    h = await startAdminApp(target.db);
    h.bans.onChange((change) => changes.push(change));
    ({ cookie, admin } = await signedIn(h, target.db));
    return () => h.app.close();
  });

  it('ban-wallet: 400 without a reason or with a bad wallet, and nothing is banned', async () => {
    const wallet = await newWallet();
    for (const [body, error] of [
      [{ walletAddress: wallet }, BAN_ACTION_ERRORS.reasonRequired],
      [{ walletAddress: wallet, reason: '  ' }, BAN_ACTION_ERRORS.reasonRequired],
      [{ walletAddress: 'not-a-wallet', reason: 'fraud' }, BAN_ACTION_ERRORS.invalidWallet],
      [[wallet], 'The request body must be a JSON object'],
    ] as const) {
      const res = await post('/ban-wallet', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    expect((await banStatus(wallet)).json()).toMatchObject({ banned: false });
  });

  it('ban-wallet then unban-wallet: /api/ban-status follows, live sockets are told, each is an admin event naming the wallet', async () => {
    const wallet = await newWallet();
    const banned = await post('/ban-wallet', { walletAddress: wallet, reason: 'chargeback fraud' });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(banned.json()).toEqual({
      success: true,
      message: 'Wallet Banned',
      walletAddress: wallet,
      isBanned: true,
    });
    expect((await banStatus(wallet)).json()).toMatchObject({
      banned: true,
      walletBanned: true,
      ipBanned: false,
      message: BAN_MESSAGES.wallet,
    });
    expect(changes).toContainEqual({ kind: 'wallet', walletAddress: wallet, banned: true });
    await expectRecorded('ban_wallet', wallet);
    expect((await actionEvent(target.db, 'ban_wallet'))?.details).toMatchObject({
      walletAddress: wallet,
      reason: 'chargeback fraud',
    });

    const noReason = await post('/unban-wallet', { walletAddress: wallet });
    expect(noReason.statusCode).toBe(400);
    const unbanned = await post('/unban-wallet', { walletAddress: wallet, reason: 'appeal accepted' });
    expect(unbanned.json()).toEqual({
      success: true,
      message: 'Wallet Unbanned',
      walletAddress: wallet,
      isBanned: false,
    });
    expect((await banStatus(wallet)).json()).toMatchObject({ banned: false, walletBanned: false });
    await expectRecorded('unban_wallet', wallet);
    const again = await post('/unban-wallet', { walletAddress: wallet, reason: 'twice' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: BAN_ACTION_ERRORS.walletNotBanned });
  });

  it('ban-ip then unban-ip: a bad IP is 400; the ban reaches /api/ban-status from that address', async () => {
    const bad = await post('/ban-ip', { ipAddress: '300.1.1.1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: BAN_ACTION_ERRORS.invalidIp });
    const ip = '203.0.113.77';
    const banned = await post('/ban-ip', { ipAddress: ip });
    expect(banned.json()).toEqual({ success: true, message: 'IP Banned', ipAddress: ip, isBanned: true });
    expect((await banStatus(undefined, ip)).json()).toMatchObject({
      banned: true,
      ipBanned: true,
      message: BAN_MESSAGES.ip,
    });
    expect(changes).toContainEqual({ kind: 'ip', ipAddress: ip, banned: true });
    await expectRecorded('ban_ip', ip);
    const unbanned = await post('/unban-ip', { ipAddress: ip });
    expect(unbanned.json()).toEqual({
      success: true,
      message: 'IP Unbanned',
      ipAddress: ip,
      isBanned: false,
    });
    expect((await banStatus(undefined, ip)).json()).toMatchObject({ banned: false });
    await expectRecorded('unban_ip', ip);
  });
});
