import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, uniqueWallet } from '../../../test/support/database-bed.ts';
import { createFakeClock } from '../../common/clock.ts';
import { listBanHistory } from '../admin/queries/ban-history-list.ts';
import { systemEvents } from '../db/schema/index.ts';
import { createBans } from './bans.ts';

const ADMIN = { by: 'ops@example.com', adminId: '00000000-0000-4000-8000-000000000001', role: 'admin' };

describeEachDatabase('ban history', (target) => {
  const setup = () => {
    const clock = createFakeClock();
    return { clock, bans: createBans({ db: target.db, clock }) };
  };
  const eventsNaming = async (value: string) =>
    target.db
      .select()
      .from(systemEvents)
      .where(sql`${systemEvents.details}::text LIKE ${`%${value}%`}`);

  it('a wallet banned, unbanned and banned again keeps all three, newest first, with who, when, why and from where', async () => {
    const { clock, bans } = setup();
    const wallet = uniqueWallet();
    const t0 = clock.now();
    await bans.banWallet(wallet, { ...ADMIN, ip: '203.0.113.7', reason: 'chargeback fraud' });
    clock.advance(60_000);
    await bans.unbanWallet(wallet, { by: 'lead@example.com', reason: 'appeal accepted' });
    clock.advance(60_000);
    await bans.banWallet(wallet, { by: 'system', reason: 'paid from a banned IP' });

    const history = await listBanHistory(target.db, { kind: 'wallet', value: wallet });
    expect(history.items.map(({ id: _, ...rest }) => rest)).toEqual([
      {
        targetKind: 'wallet',
        target: wallet,
        action: 'ban',
        by: 'system',
        reason: 'paid from a banned IP',
        at: new Date(t0 + 120_000).toISOString(),
        actorIp: null,
      },
      {
        targetKind: 'wallet',
        target: wallet,
        action: 'unban',
        by: 'lead@example.com',
        reason: 'appeal accepted',
        at: new Date(t0 + 60_000).toISOString(),
        actorIp: null,
      },
      {
        targetKind: 'wallet',
        target: wallet,
        action: 'ban',
        by: ADMIN.by,
        reason: 'chargeback fraud',
        at: new Date(t0).toISOString(),
        actorIp: '203.0.113.7',
      },
    ]);
    // The current state is still the latest ban only.
    expect(await bans.status(wallet, null)).toMatchObject({ walletBanned: true });
  });

  it('an IP banned, unbanned and banned again keeps all three; another target shares none of them', async () => {
    const { clock, bans } = setup();
    const ip = '198.51.100.23';
    await bans.banIp(ip, { ...ADMIN, ip: '203.0.113.7', reason: 'bot farm' });
    clock.advance(1000);
    await bans.unbanIp(ip, { ...ADMIN, ip: '203.0.113.7', reason: 'shared NAT' });
    clock.advance(1000);
    await bans.banIp(ip, { by: 'system', reason: 'bot farm again' });
    const history = await listBanHistory(target.db, { kind: 'ip', value: ip });
    expect(history.items.map((e) => [e.action, e.by, e.reason, e.actorIp])).toEqual([
      ['ban', 'system', 'bot farm again', null],
      ['unban', ADMIN.by, 'shared NAT', '203.0.113.7'],
      ['ban', ADMIN.by, 'bot farm', '203.0.113.7'],
    ]);
    expect((await listBanHistory(target.db, { kind: 'ip', value: '198.51.100.24' })).items).toEqual([]);
    // A wallet whose text happened to equal the address would not see the IP's history.
    expect((await listBanHistory(target.db, { kind: 'wallet', value: ip })).items).toEqual([]);
  });

  it('the history pages newest first through nextCursor', async () => {
    const { clock, bans } = setup();
    const wallet = uniqueWallet();
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      await (i % 2 === 0 ? bans.banWallet : bans.unbanWallet)(wallet, { by: 'system', reason: `step ${i}` });
    }
    const first = await listBanHistory(target.db, { kind: 'wallet', value: wallet }, { limit: 2 });
    const second = await listBanHistory(
      target.db,
      { kind: 'wallet', value: wallet },
      { limit: 2, cursor: first.nextCursor },
    );
    const third = await listBanHistory(
      target.db,
      { kind: 'wallet', value: wallet },
      { limit: 2, cursor: second.nextCursor },
    );
    expect([...first.items, ...second.items, ...third.items].map((e) => e.reason)).toEqual([
      'step 4',
      'step 3',
      'step 2',
      'step 1',
      'step 0',
    ]);
    expect(third.nextCursor).toBeNull();
  });

  it('each ban change writes one event naming who, what, why and from which IP', async () => {
    const { bans } = setup();
    const wallet = uniqueWallet();
    await bans.banWallet(wallet, { ...ADMIN, ip: '203.0.113.7', reason: 'multi-accounting' });
    const events = await eventsNaming(wallet);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      severity: 'warning',
      eventType: 'wallet_banned',
      message: `Wallet ${wallet} banned by ${ADMIN.by} from 203.0.113.7: multi-accounting`,
      details: {
        action: 'ban_wallet',
        walletAddress: wallet,
        by: ADMIN.by,
        adminEmail: ADMIN.by,
        adminId: ADMIN.adminId,
        role: 'admin',
        ip: '203.0.113.7',
        reason: 'multi-accounting',
      },
    });
    await bans.unbanWallet(wallet, { by: 'system', reason: 'ban expired' });
    const unban = (await eventsNaming(wallet)).filter((e) => e.eventType === 'wallet_unbanned');
    expect(unban).toHaveLength(1);
    expect(unban[0]?.details).toEqual(
      expect.objectContaining({ action: 'unban_wallet', by: 'system', reason: 'ban expired' }),
    );
    expect(unban[0]?.details).not.toHaveProperty('adminId');
  });

  it('an unban of what is not banned changes nothing and enters no history', async () => {
    const { bans } = setup();
    const wallet = uniqueWallet();
    await bans.unbanWallet(wallet, { by: 'system', reason: 'never banned' });
    await bans.unbanIp('198.51.100.99', { by: 'system', reason: 'never banned' });
    expect((await listBanHistory(target.db, { kind: 'wallet', value: wallet })).items).toEqual([]);
    expect((await listBanHistory(target.db, { kind: 'ip', value: '198.51.100.99' })).items).toEqual([]);
    expect(await eventsNaming(wallet)).toEqual([]);
    expect(await eventsNaming('198.51.100.99')).toEqual([]);
  });

  it('a ban that fails leaves neither the ban, nor its history, nor its event', async () => {
    const { bans } = setup();
    const wallet = uniqueWallet();
    // banned_wallets takes a null `by`, the history's NOT NULL refuses it: the whole change rolls back.
    await expect(bans.banWallet(wallet, { by: null as unknown as string, reason: 'x' })).rejects.toThrow();
    expect(await bans.status(wallet, null)).toMatchObject({ walletBanned: false });
    expect((await listBanHistory(target.db, { kind: 'wallet', value: wallet })).items).toEqual([]);
    expect(await eventsNaming(wallet)).toEqual([]);
  });
});
