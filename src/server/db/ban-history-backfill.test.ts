import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, uniqueWallet } from '../../../test/support/database-bed.ts';
import { listBanHistory } from '../admin/queries/ban-history-list.ts';
import { migrationsFolder } from './open-database.ts';
import { banHistory, bannedWallets, ipAddresses, systemEvents } from './schema/index.ts';

/** The hand-written backfill of the ban_history migration: its INSERT statements, as the migration runs them. */
function backfillStatements(): string[] {
  const file = readdirSync(migrationsFolder()).find((f) => f.endsWith('_ban_history.sql'));
  if (!file) throw new Error('no ban_history migration');
  return readFileSync(path.join(migrationsFolder(), file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => s.startsWith('INSERT INTO "ban_history"'));
}

describeEachDatabase('ban history backfill of the bans made before it', (target) => {
  it('past ban events become history with who, when and why; current bans without events are kept too', async () => {
    const db = target.db;
    const [evented, silent, silentLifted] = [uniqueWallet(), uniqueWallet(), uniqueWallet()];
    const ip = '192.0.2.201';
    const at = (m: number) => new Date(Date.UTC(2026, 10, 1, 12, m)).toISOString();
    // What bans.ts wrote before the history existed: an event per change, and the current state.
    await db.insert(systemEvents).values([
      {
        severity: 'warning',
        eventType: 'wallet_banned',
        message: 'b',
        details: { walletAddress: evented, by: 'a@x', reason: 'fraud', at: at(0) },
      },
      {
        severity: 'other',
        eventType: 'wallet_unbanned',
        message: 'u',
        details: { walletAddress: evented, by: 'b@x', reason: 'appeal', at: at(1) },
      },
      {
        severity: 'warning',
        eventType: 'wallet_banned',
        message: 'b',
        details: { walletAddress: evented, by: 'a@x', reason: 'again', at: at(2) },
      },
      {
        severity: 'warning',
        eventType: 'ip_banned',
        message: 'b',
        details: { ipAddress: ip, by: 'a@x', reason: 'farm', at: at(3) },
      },
    ]);
    await db.insert(bannedWallets).values([
      { walletAddress: evented, isBanned: true, bannedAt: new Date(at(2)), bannedBy: 'a@x', reason: 'again' },
      {
        walletAddress: silent,
        isBanned: true,
        bannedAt: new Date(at(4)),
        bannedBy: 'c@x',
        reason: 'old ban',
      },
      {
        walletAddress: silentLifted,
        isBanned: false,
        bannedAt: new Date(at(5)),
        bannedBy: 'c@x',
        reason: 'old',
        unbannedAt: new Date(at(6)),
        unbannedBy: 'd@x',
        unbannedReason: 'lifted',
      },
    ]);
    await db
      .insert(ipAddresses)
      .values({ ipAddress: ip, isBanned: true, bannedAt: new Date(at(3)), bannedBy: 'a@x' });

    await db.delete(banHistory);
    for (const statement of backfillStatements()) await db.execute(sql.raw(statement));

    const of = async (kind: 'wallet' | 'ip', value: string) =>
      (await listBanHistory(db, { kind, value })).items.map((e) => [e.action, e.by, e.reason, e.at]);
    expect(await of('wallet', evented)).toEqual([
      ['ban', 'a@x', 'again', at(2)],
      ['unban', 'b@x', 'appeal', at(1)],
      ['ban', 'a@x', 'fraud', at(0)],
    ]);
    expect(await of('wallet', silent)).toEqual([['ban', 'c@x', 'old ban', at(4)]]);
    expect(await of('wallet', silentLifted)).toEqual([
      ['unban', 'd@x', 'lifted', at(6)],
      ['ban', 'c@x', 'old', at(5)],
    ]);
    expect(await of('ip', ip)).toEqual([['ban', 'a@x', 'farm', at(3)]]);
  });
});
