import { desc } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { createFakeClock } from '../../common/clock.ts';
import { systemEvents } from '../db/schema/index.ts';
import { BAN_MESSAGES, type BanChange, createBans } from './bans.ts';

const WALLET = 'BanWa11et1111111111111111111111111111111111';
const IP = '203.0.113.9';

describeEachDatabase('bans', (target) => {
  it('an unknown wallet and IP are not banned', async () => {
    const bans = createBans({ db: target.db, clock: createFakeClock() });
    expect(await bans.status(WALLET, IP)).toEqual({
      banned: false,
      walletBanned: false,
      ipBanned: false,
      message: null,
    });
    expect(await bans.status(null, null)).toMatchObject({ banned: false });
  });

  it('a wallet ban gives the wallet message, and an unban lifts it; both are recorded with who and why', async () => {
    const bans = createBans({ db: target.db, clock: createFakeClock() });
    const changes: BanChange[] = [];
    bans.onChange((c) => changes.push(c));
    await bans.banWallet(WALLET, { by: 'admin@example.com', reason: 'chargeback fraud' }, IP);
    expect(await bans.status(WALLET, null)).toEqual({
      banned: true,
      walletBanned: true,
      ipBanned: false,
      message: BAN_MESSAGES.wallet,
    });
    await bans.unbanWallet(WALLET, { by: 'admin@example.com', reason: 'appeal accepted' });
    expect((await bans.status(WALLET, null)).banned).toBe(false);
    await bans.banWallet(WALLET, { by: 'admin2@example.com', reason: 'again' });
    expect((await bans.status(WALLET, null)).walletBanned).toBe(true);
    expect(changes).toEqual([
      { kind: 'wallet', walletAddress: WALLET, banned: true },
      { kind: 'wallet', walletAddress: WALLET, banned: false },
      { kind: 'wallet', walletAddress: WALLET, banned: true },
    ]);
    const events = await target.db.select().from(systemEvents).orderBy(desc(systemEvents.createdAt));
    const types = events.map((e) => e.eventType);
    expect(types.filter((t) => t === 'wallet_banned')).toHaveLength(2);
    expect(types).toContain('wallet_unbanned');
    const unban = events.find((e) => e.eventType === 'wallet_unbanned');
    expect(unban?.details).toMatchObject({ by: 'admin@example.com', reason: 'appeal accepted' });
  });

  it('an IP ban gives the IP message for any wallet behind it', async () => {
    const bans = createBans({ db: target.db, clock: createFakeClock() });
    await bans.banIp(IP, { by: 'admin@example.com', reason: 'bot farm' });
    expect(await bans.status('Other1111111111111111111111111111111111111', IP)).toEqual({
      banned: true,
      walletBanned: false,
      ipBanned: true,
      message: BAN_MESSAGES.ip,
    });
    await bans.unbanIp(IP, { by: 'admin@example.com', reason: 'shared NAT' });
    expect((await bans.status(null, IP)).banned).toBe(false);
  });
});
