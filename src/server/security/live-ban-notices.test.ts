import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { createFakeClock } from '../../common/clock.ts';
import type { ServerMessage } from '../../common/protocol.ts';
import { BAN_MESSAGES, createBans } from './bans.ts';
import { type BanNoticeTarget, pushBanStatus } from './live-ban-notices.ts';

const WALLET = 'LiveBanWa11et111111111111111111111111111111';
const OTHER = 'LiveBan0therWa11et11111111111111111111111111';
const IP = '203.0.113.21';
const ELSEWHERE = '203.0.113.22';

/** An open socket that keeps what it is told (the socket itself adds nothing to this rule). */
function socket(walletAddress: string | null, ip: string | null) {
  const sent: ServerMessage[] = [];
  const target: BanNoticeTarget = { walletAddress, ip, send: (message) => sent.push(message) };
  return { target, sent };
}

describeEachDatabase('a ban change is pushed to the open sockets it concerns', (target) => {
  it('a wallet ban tells every socket of that wallet, wherever it is, and no other; the unban tells them too', async () => {
    const bans = createBans({ db: target.db, clock: createFakeClock() });
    const [home, phone, stranger] = [socket(WALLET, IP), socket(WALLET, ELSEWHERE), socket(OTHER, IP)];
    const all = [home.target, phone.target, stranger.target];
    await bans.banWallet(WALLET, { by: 'ops@example.com', reason: 'fraud' });
    expect(await pushBanStatus(bans, { kind: 'wallet', walletAddress: WALLET, banned: true }, all)).toBe(2);
    const banned = {
      type: 'banStatus',
      banned: true,
      walletBanned: true,
      ipBanned: false,
      message: BAN_MESSAGES.wallet,
    };
    expect(home.sent).toEqual([banned]);
    expect(phone.sent).toEqual([banned]);
    expect(stranger.sent).toEqual([]);

    await bans.unbanWallet(WALLET, { by: 'ops@example.com', reason: 'appeal' });
    await pushBanStatus(bans, { kind: 'wallet', walletAddress: WALLET, banned: false }, all);
    expect(home.sent.at(-1)).toEqual({
      type: 'banStatus',
      banned: false,
      walletBanned: false,
      ipBanned: false,
      message: null,
    });
  });

  it('an IP ban tells every wallet behind that address; lifting the wallet ban leaves it restricted by the IP', async () => {
    const bans = createBans({ db: target.db, clock: createFakeClock() });
    const [mine, neighbour, away] = [socket(OTHER, IP), socket(null, IP), socket(OTHER, ELSEWHERE)];
    const all = [mine.target, neighbour.target, away.target];
    await bans.banIp(IP, { by: 'ops@example.com', reason: 'abuse' });
    expect(await pushBanStatus(bans, { kind: 'ip', ipAddress: IP, banned: true }, all)).toBe(2);
    expect(neighbour.sent).toEqual([
      { type: 'banStatus', banned: true, walletBanned: false, ipBanned: true, message: BAN_MESSAGES.ip },
    ]);
    expect(away.sent).toEqual([]);

    await bans.banWallet(OTHER, { by: 'ops@example.com', reason: 'also' });
    await bans.unbanWallet(OTHER, { by: 'ops@example.com', reason: 'lifted' });
    await pushBanStatus(bans, { kind: 'wallet', walletAddress: OTHER, banned: false }, all);
    expect(mine.sent.at(-1)).toMatchObject({ type: 'banStatus', banned: true, ipBanned: true });
    expect(away.sent.at(-1)).toMatchObject({ type: 'banStatus', banned: false });
    await bans.unbanIp(IP, { by: 'ops@example.com', reason: 'lifted' });
  });
});
