import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { newWallet, playGame } from '../../../../test/support/admin-fixtures.ts';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import type { IpDetail } from '../../../common/api/admin-views.ts';
import { ipAddresses, walletAnalytics, walletIpAssociations } from '../../db/schema/index.ts';
import { postAction } from '../test-support/admin-action-checks.ts';
import { type AdminBed, signedIn, startAdminApp } from '../test-support/admin-app-bed.ts';

/**
 * An IP's page says where the address is, its ban with who, when and why, and its wallets' risk: how many,
 * banned, flagged, the highest risk score, suspicious links; an address never seen still answers.
 */
describeEachDatabase('GET /api/admin/ips/{ip}', (target) => {
  const IP = '203.0.113.77';
  let h: AdminBed;
  let cookie: string;
  let email: string;
  const detail = async (ip: string) => {
    const res = await h.app.inject({ url: `/api/admin/ips/${ip}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<IpDetail>();
  };

  beforeAll(async () => {
    h = await startAdminApp(target.db);
    const signed = await signedIn(h, target.db);
    cookie = signed.cookie;
    email = signed.admin.email;
    return () => h.app.close();
  });

  it('where it is, its ban (who, when, why), and its wallets: banned, flagged, highest risk, suspicious links', async () => {
    const [a, b, c] = [await newWallet(), await newWallet(), await newWallet()];
    await target.db
      .insert(ipAddresses)
      .values({ ipAddress: IP, country: 'DE', city: 'Berlin', totalConnections: 9 });
    await target.db.insert(walletIpAssociations).values([
      { walletAddress: a, ipAddress: IP },
      { walletAddress: b, ipAddress: IP, isSuspicious: true },
      { walletAddress: c, ipAddress: IP },
    ]);
    await playGame(target.db, h.clock, { winner: a, loser: b, mode: 'practice' });
    await target.db
      .update(walletAnalytics)
      .set({ riskScore: 64 })
      .where(eq(walletAnalytics.walletAddress, b));
    await target.db
      .update(walletAnalytics)
      .set({ riskScore: 12 })
      .where(eq(walletAnalytics.walletAddress, a));
    expect(
      (await postAction(h, cookie, '/ban-wallet', { walletAddress: a, reason: 'fraud' })).statusCode,
    ).toBe(200);
    expect(
      (await postAction(h, cookie, '/flag-wallet', { walletAddress: b, reason: 'pair' })).statusCode,
    ).toBe(200);
    expect((await postAction(h, cookie, '/ban-ip', { ipAddress: IP, reason: 'proxy farm' })).statusCode).toBe(
      200,
    );

    const seen = await detail(IP);
    expect(seen).toMatchObject({
      ipAddress: IP,
      seen: true,
      country: 'DE',
      city: 'Berlin',
      totalConnections: 9,
      isBanned: true,
      bannedReason: 'proxy farm',
      bannedBy: email,
      risk: { wallets: 3, bannedWallets: 1, flaggedWallets: 1, highestRiskScore: 64, suspiciousLinks: 1 },
    });
    expect(seen.bannedAt).not.toBeNull();

    expect(
      (await postAction(h, cookie, '/unban-ip', { ipAddress: IP, reason: 'office NAT' })).statusCode,
    ).toBe(200);
    expect(await detail(IP)).toMatchObject({ isBanned: false });
  });

  it('an address never seen answers too, seen: false, with nothing against it', async () => {
    expect(await detail('198.51.100.250')).toMatchObject({
      seen: false,
      isBanned: false,
      country: null,
      firstSeen: null,
      risk: { wallets: 0, bannedWallets: 0, flaggedWallets: 0, highestRiskScore: null, suspiciousLinks: 0 },
    });
    const bad = await h.app.inject({ url: '/api/admin/ips/not-an-ip', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
  });
});
