import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { newWallet } from '../../../../test/support/admin-fixtures.ts';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { createFakeClock } from '../../../common/clock.ts';
import { systemEvents, walletAnalytics, walletIpAssociations } from '../../db/schema/index.ts';
import { BAN_MESSAGES, type BanChange, createBans } from '../../security/bans.ts';
import {
  BAN_ACTION_ERRORS,
  banIpAction,
  banWalletAction,
  unbanIpAction,
  unbanWalletAction,
} from './ban-actions.ts';
import { listBannedWallets } from './banned-wallets-list.ts';
import { FLAG_ACTION_ERRORS, flagWalletAction, resolveFlagAction } from './flag-actions.ts';
import { listFlaggedWallets } from './flagged-wallets-list.ts';
import { listIps } from './ips-list.ts';
import { walletDetail } from './wallet-detail.ts';
import { listWallets } from './wallets-list.ts';

const ADMIN = { by: 'ops@example.com' };

describeEachDatabase('admin actions: ban, unban and flagged wallets', (target) => {
  const clock = createFakeClock();
  const setup = () => {
    const bans = createBans({ db: target.db, clock });
    const changes: BanChange[] = [];
    bans.onChange((change) => changes.push(change));
    return { deps: { db: target.db, bans }, bans, changes };
  };
  const eventsOf = async (type: string) =>
    (await target.db.select().from(systemEvents).where(eq(systemEvents.eventType, type))).map(
      (e) => e.details,
    );

  it('ban-wallet needs a reason and a valid address; nothing changes without them', async () => {
    const { deps, changes } = setup();
    const wallet = await newWallet();
    expect(await banWalletAction(deps, ADMIN, { walletAddress: wallet, reason: '   ' })).toEqual({
      ok: false,
      status: 400,
      error: BAN_ACTION_ERRORS.reasonRequired,
    });
    expect(
      await banWalletAction(deps, ADMIN, { walletAddress: 'not-a-wallet', reason: 'fraud' }),
    ).toMatchObject({
      ok: false,
      status: 400,
      error: BAN_ACTION_ERRORS.invalidWallet,
    });
    expect(changes).toEqual([]);
    expect((await listBannedWallets(target.db)).items.map((b) => b.walletAddress)).not.toContain(wallet);
  });

  it('ban-wallet then unban-wallet: the ban acts (status, lists, live change), keeps who, why and the IP, and both are events', async () => {
    const { deps, bans, changes } = setup();
    const wallet = await newWallet();
    await target.db
      .insert(walletIpAssociations)
      .values({ walletAddress: wallet, ipAddress: '198.51.100.77' });
    const banned = await banWalletAction(deps, ADMIN, {
      walletAddress: wallet,
      reason: ' chargeback fraud ',
    });
    expect(banned).toEqual({
      ok: true,
      body: { success: true, message: 'Wallet Banned', walletAddress: wallet, isBanned: true },
    });
    expect(await bans.status(wallet, null)).toMatchObject({ banned: true, message: BAN_MESSAGES.wallet });
    expect((await listBannedWallets(target.db)).items.find((b) => b.walletAddress === wallet)).toMatchObject({
      isBanned: true,
      bannedBy: ADMIN.by,
      reason: 'chargeback fraud',
      ipAddressAtBan: '198.51.100.77',
    });
    expect((await listWallets(target.db, { search: wallet })).items).toEqual([]); // no activity yet
    expect((await walletDetail(target.db, wallet)).isBanned).toBe(true);

    expect(await unbanWalletAction(deps, ADMIN, { walletAddress: wallet, reason: '' })).toMatchObject({
      ok: false,
    });
    const lifted = await unbanWalletAction(deps, ADMIN, { walletAddress: wallet, reason: 'appeal accepted' });
    expect(lifted).toMatchObject({ ok: true, body: { message: 'Wallet Unbanned', isBanned: false } });
    expect((await bans.status(wallet, null)).banned).toBe(false);
    expect((await listBannedWallets(target.db)).items.map((b) => b.walletAddress)).not.toContain(wallet);
    expect((await listBannedWallets(target.db, { includeLifted: true })).items).toContainEqual(
      expect.objectContaining({
        walletAddress: wallet,
        isBanned: false,
        unbannedBy: ADMIN.by,
        unbannedReason: 'appeal accepted',
      }),
    );
    expect(changes).toEqual([
      { kind: 'wallet', walletAddress: wallet, banned: true },
      { kind: 'wallet', walletAddress: wallet, banned: false },
    ]);
    expect(await eventsOf('wallet_banned')).toContainEqual(
      expect.objectContaining({ walletAddress: wallet, by: ADMIN.by, reason: 'chargeback fraud' }),
    );
    expect(await eventsOf('wallet_unbanned')).toContainEqual(
      expect.objectContaining({ walletAddress: wallet, by: ADMIN.by, reason: 'appeal accepted' }),
    );
    // Unbanning a wallet that is not banned is refused and records nothing.
    expect(await unbanWalletAction(deps, ADMIN, { walletAddress: wallet, reason: 'again' })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(
      (await eventsOf('wallet_unbanned')).filter(
        (d) => (d as { walletAddress: string }).walletAddress === wallet,
      ),
    ).toHaveLength(1);
  });

  it('ban-ip then unban-ip (confirmation only, no reason needed): the IPs list shows it, status refuses the IP, both are events', async () => {
    const { deps, bans, changes } = setup();
    const ip = '2001:db8::42';
    expect(await banIpAction(deps, ADMIN, { ipAddress: '999.1.1.1' })).toMatchObject({
      ok: false,
      error: BAN_ACTION_ERRORS.invalidIp,
    });
    expect(await banIpAction(deps, ADMIN, { ipAddress: ip })).toEqual({
      ok: true,
      body: { success: true, message: 'IP Banned', ipAddress: ip, isBanned: true },
    });
    expect(await bans.status(null, ip)).toMatchObject({
      banned: true,
      ipBanned: true,
      message: BAN_MESSAGES.ip,
    });
    expect((await listIps(target.db, { search: ip })).items[0]).toMatchObject({
      isBanned: true,
      bannedBy: ADMIN.by,
    });
    expect(await unbanIpAction(deps, ADMIN, { ipAddress: ip })).toMatchObject({
      ok: true,
      body: { message: 'IP Unbanned', isBanned: false },
    });
    expect((await bans.status(null, ip)).banned).toBe(false);
    expect(await unbanIpAction(deps, ADMIN, { ipAddress: ip })).toMatchObject({ ok: false, status: 404 });
    expect(changes).toEqual([
      { kind: 'ip', ipAddress: ip, banned: true },
      { kind: 'ip', ipAddress: ip, banned: false },
    ]);
    expect(await eventsOf('ip_banned')).toContainEqual(
      expect.objectContaining({ ipAddress: ip, by: ADMIN.by }),
    );
    expect(await eventsOf('ip_unbanned')).toContainEqual(
      expect.objectContaining({ ipAddress: ip, by: ADMIN.by }),
    );
  });

  it('flag a wallet (reason, severity, evidence), listed and in its analytics; resolving it closes the flag', async () => {
    const deps = { db: target.db, clock };
    const wallet = await newWallet();
    expect(
      await flagWalletAction(deps, ADMIN, { walletAddress: wallet, reason: 'x', severity: 'huge' }),
    ).toMatchObject({
      ok: false,
      error: FLAG_ACTION_ERRORS.invalidSeverity,
    });
    expect(await flagWalletAction(deps, ADMIN, { walletAddress: wallet, reason: '' })).toMatchObject({
      ok: false,
      error: FLAG_ACTION_ERRORS.reasonRequired,
    });
    const flagged = await flagWalletAction(deps, ADMIN, {
      walletAddress: wallet,
      reason: 'same IP as a banned wallet',
      evidence: { ip: '198.51.100.77' },
    });
    expect(flagged).toMatchObject({
      ok: true,
      body: {
        walletAddress: wallet,
        severity: 'medium',
        isActive: true,
        flaggedBy: ADMIN.by,
        evidence: { ip: '198.51.100.77' },
        flaggedAt: new Date(clock.now()).toISOString(),
      },
    });
    expect((await listFlaggedWallets(target.db)).items.map((f) => f.walletAddress)).toContain(wallet);
    const [analytics] = await target.db
      .select()
      .from(walletAnalytics)
      .where(eq(walletAnalytics.walletAddress, wallet));
    expect(analytics).toMatchObject({ isFlagged: true, flagReason: 'same IP as a banned wallet' });
    expect((await walletDetail(target.db, wallet)).flag).toMatchObject({
      reason: 'same IP as a banned wallet',
    });
    expect(await eventsOf('wallet_flagged')).toContainEqual(
      expect.objectContaining({ walletAddress: wallet, by: ADMIN.by, severity: 'medium' }),
    );

    clock.advance(60_000);
    const resolved = await resolveFlagAction(deps, ADMIN, {
      walletAddress: wallet,
      notes: 'shared office network',
    });
    expect(resolved).toMatchObject({
      ok: true,
      body: { isActive: false, resolvedBy: ADMIN.by, resolutionNotes: 'shared office network' },
    });
    expect((await listFlaggedWallets(target.db)).items.map((f) => f.walletAddress)).not.toContain(wallet);
    expect(
      (await listFlaggedWallets(target.db, { includeResolved: true })).items.map((f) => f.walletAddress),
    ).toContain(wallet);
    const [after] = await target.db
      .select()
      .from(walletAnalytics)
      .where(eq(walletAnalytics.walletAddress, wallet));
    expect(after).toMatchObject({ isFlagged: false, flagReason: null });
    expect(await resolveFlagAction(deps, ADMIN, { walletAddress: wallet })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await eventsOf('wallet_flag_resolved')).toContainEqual(
      expect.objectContaining({ walletAddress: wallet, by: ADMIN.by }),
    );
  });
});
