import { count } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { newWallet } from '../../../../test/support/admin-fixtures.ts';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { type BanHistoryRow, banHistoryRowSchema } from '../../../common/api/ban-history-api.ts';
import { pageOf } from '../../../common/api/wire-values.ts';
import { systemEvents } from '../../db/schema/index.ts';
import type { AdminUserRow } from '../admin-accounts.ts';
import { eventsNaming, postAction } from '../test-support/admin-action-checks.ts';
import { type AdminBed, signedIn, startAdminApp } from '../test-support/admin-app-bed.ts';
import { BAN_TARGET_REQUIRED } from './route-input.ts';

const historyPage = pageOf(banHistoryRowSchema);

describeEachDatabase('ban history and one event per ban action, over HTTP', (target) => {
  let h: AdminBed;
  let cookie: string;
  let admin: AdminUserRow;
  const post = async (url: string, body: unknown) => {
    h.clock.advance(1000); // each change its own instant, so the history's order is the order they were made
    const res = await postAction(h, cookie, url, body);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  };
  const get = (url: string) => h.app.inject({ url: `/api/admin${url}`, headers: { cookie } });
  const history = async (query: string): Promise<BanHistoryRow[]> => {
    const res = await get(`/ban-history?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return historyPage.parse(res.json()).items;
  };
  const eventCount = async () => (await target.db.select({ n: count() }).from(systemEvents))[0]?.n ?? 0;
  const row = (action: 'ban' | 'unban', reason: string) =>
    expect.objectContaining({ action, by: admin.email, reason, actorIp: '127.0.0.1' });

  beforeAll(async () => {
    h = await startAdminApp(target.db);
    ({ cookie, admin } = await signedIn(h, target.db));
    return () => h.app.close();
  });

  it('§3 banned wallet: ban, unban and ban again are all kept with who, when and why; the banned list shows the current ban only', async () => {
    const [wallet, lifted] = [await newWallet(), await newWallet()];
    await post('/ban-wallet', { walletAddress: wallet, reason: 'chargeback fraud' });
    await post('/unban-wallet', { walletAddress: wallet, reason: 'appeal accepted' });
    await post('/ban-wallet', { walletAddress: wallet, reason: 'fraud again' });
    await post('/ban-wallet', { walletAddress: lifted, reason: 'mistake' });
    await post('/unban-wallet', { walletAddress: lifted, reason: 'wrong wallet' });

    const rows = await history(`wallet=${wallet}`);
    expect(rows).toEqual([
      row('ban', 'fraud again'),
      row('unban', 'appeal accepted'),
      row('ban', 'chargeback fraud'),
    ]);
    expect(rows.every((r) => r.targetKind === 'wallet' && r.target === wallet)).toBe(true);
    expect(new Date(rows[0]!.at).getTime()).toBeGreaterThan(new Date(rows[1]!.at).getTime());
    expect(await history(`wallet=${lifted}`)).toEqual([row('unban', 'wrong wallet'), row('ban', 'mistake')]);

    const banned = (await get('/banned-wallets?limit=200')).json() as { items: { walletAddress: string }[] };
    const listed = banned.items.map((b) => b.walletAddress);
    expect(listed.filter((w) => w === wallet)).toHaveLength(1);
    expect(listed).not.toContain(lifted);
  });

  it('§3 IP row: ban, unban and ban again of an IP are all kept with who, when and why', async () => {
    const ip = '203.0.113.88';
    await post('/ban-ip', { ipAddress: ip, reason: 'bot farm' });
    await post('/unban-ip', { ipAddress: ip, reason: 'shared NAT' });
    await post('/ban-ip', { ipAddress: ip });
    expect(await history(`ip=${ip}`)).toEqual([
      row('ban', 'Banned by an admin'),
      row('unban', 'shared NAT'),
      row('ban', 'bot farm'),
    ]);
  });

  it('each ban, unban and flag action is one event naming who (id, e-mail, role), what, why and from which IP', async () => {
    const wallet = await newWallet();
    const ip = '203.0.113.89';
    const before = await eventCount();
    await post('/ban-wallet', { walletAddress: wallet, reason: 'collusion' });
    await post('/unban-wallet', { walletAddress: wallet, reason: 'cleared' });
    await post('/ban-ip', { ipAddress: ip, reason: 'abuse' });
    await post('/unban-ip', { ipAddress: ip, reason: 'lifted' });
    await post('/flag-wallet', { walletAddress: wallet, reason: 'odd wins' });
    const flagId = (
      (await get('/flagged-wallets')).json() as { items: { id: string; walletAddress: string }[] }
    ).items.find((f) => f.walletAddress === wallet)?.id;
    await post('/resolve-flag', { flagId, resolution: 'looked fine' });
    // Six actions, six events: no generic admin event besides each action's own.
    expect(await eventCount()).toBe(before + 6);

    const expected = [
      ['ban_wallet', wallet, 'wallet_banned', 'collusion'],
      ['unban_wallet', wallet, 'wallet_unbanned', 'cleared'],
      ['ban_ip', ip, 'ip_banned', 'abuse'],
      ['unban_ip', ip, 'ip_unbanned', 'lifted'],
      ['flag_wallet', wallet, 'wallet_flagged', 'odd wins'],
      ['resolve_flag', wallet, 'wallet_flag_resolved', 'looked fine'],
    ] as const;
    for (const [action, subject, eventType, why] of expected) {
      const events = await eventsNaming(target.db, action, subject);
      expect(events, action).toHaveLength(1);
      expect(events[0], action).toMatchObject({
        eventType,
        details: { action, adminId: admin.id, adminEmail: admin.email, role: 'admin', ip: '127.0.0.1' },
      });
      expect(events[0]?.message, action).toContain(admin.email);
      expect(events[0]?.message, action).toContain('127.0.0.1');
      expect(events[0]?.message, action).toContain(why);
    }
  });

  it('ban-history takes exactly one valid wallet or IP (else 400) and is empty for one never banned', async () => {
    for (const query of [
      '',
      'wallet=not-a-wallet',
      'ip=300.1.1.1',
      `wallet=${await newWallet()}&ip=203.0.113.1`,
    ]) {
      const res = await get(`/ban-history?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json<{ error: string }>().error).toBe('string');
    }
    expect((await get('/ban-history')).json()).toEqual({ error: BAN_TARGET_REQUIRED });
    expect(await history(`wallet=${await newWallet()}`)).toEqual([]);
    expect(await history('ip=2001:db8::1')).toEqual([]);
  });
});
