import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import {
  describeEachEmptyDatabase,
  uniqueSignature,
  uniqueWallet,
} from '../../../test/support/database-bed.ts';
import type { Database } from './database.ts';
import { migrationsFolder } from './open-database.ts';
import * as schema from './schema/index.ts';
import { bannedWallets, transactions } from './schema/index.ts';

/** Every stored entity SPEC §3 names, and the table that holds it. */
const SPEC_ENTITY_TABLES = {
  transaction: 'transactions',
  'game audit': 'games',
  'game session': 'game_sessions',
  'queue session': 'queue_sessions',
  'admin user': 'admin_users',
  'session store': 'admin_sessions',
  'banned wallet': 'banned_wallets',
  'IP address': 'ip_addresses',
  'wallet-IP association': 'wallet_ip_associations',
  'system event': 'system_events',
  'player action': 'player_actions',
  'wallet session': 'wallet_sessions',
  'wallet analytics': 'wallet_analytics',
  'flagged wallet': 'flagged_wallets',
  'legacy user': 'legacy_users',
} as const;

/** The money design's own tables (ARCHITECTURE invariants 2, 3, 5). */
const MONEY_AND_IDENTITY_TABLES = ['payout_jobs', 'player_sessions', 'auth_challenges'];

function journalTags(): string[] {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((entry) => entry.tag);
}

async function appliedMigrations(db: Database) {
  const result = await db.execute<{ id: number; hash: string; created_at: string }>(
    sql`SELECT id, hash, created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY id`,
  );
  return result.rows.map((row) => ({ ...row, created_at: String(row.created_at) }));
}

async function publicTables(db: Database): Promise<string[]> {
  const result = await db.execute<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
  );
  return result.rows.map((row) => row.table_name);
}

describeEachEmptyDatabase('database client', (target) => {
  it('migrations apply on an empty database and a second open applies nothing', async () => {
    const first = await appliedMigrations(target.db);
    expect(first).toHaveLength(journalTags().length);
    expect(first.length).toBeGreaterThan(0);

    const db = await target.reopen();
    expect(await appliedMigrations(db)).toEqual(first);
  });

  it('every stored entity has its table, and so does every table of the schema', async () => {
    const tables = await publicTables(target.db);
    for (const [entity, table] of Object.entries(SPEC_ENTITY_TABLES)) {
      expect(tables, `SPEC §3 ${entity}`).toContain(table);
    }
    for (const table of MONEY_AND_IDENTITY_TABLES) expect(tables).toContain(table);

    const declared = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table));
    expect(tables.sort()).toEqual(declared.sort());
  });

  it('timestamps are stored with their time zone', async () => {
    const result = await target.db.execute<{ table_name: string; column_name: string }>(
      sql`SELECT table_name, column_name FROM information_schema.columns
          WHERE table_schema = 'public' AND data_type = 'timestamp without time zone'`,
    );
    expect(result.rows).toEqual([]);
  });

  it('a transaction that throws rolls back every write it made', async () => {
    const wallet = uniqueWallet();
    const failure = new Error('settlement failed half way');
    await expect(
      target.db.transaction(async (tx) => {
        await tx.insert(transactions).values({
          type: 'entry_fee',
          walletAddress: wallet,
          amountLamports: 25_000_000n,
          transactionSignature: uniqueSignature(),
        });
        await tx.insert(bannedWallets).values({ walletAddress: wallet, reason: 'test' });
        throw failure;
      }),
    ).rejects.toBe(failure);

    expect(await target.db.select().from(transactions).where(eq(transactions.walletAddress, wallet))).toEqual(
      [],
    );
    expect(
      await target.db.select().from(bannedWallets).where(eq(bannedWallets.walletAddress, wallet)),
    ).toEqual([]);
  });

  it('nothing lives only in memory: data survives closing and reopening the same storage', async () => {
    const wallet = uniqueWallet();
    const signature = uniqueSignature();
    await target.db.insert(transactions).values({
      type: 'entry_fee',
      walletAddress: wallet,
      amountLamports: 100_000_000n,
      transactionSignature: signature,
      gameMode: 'tiny_tuna',
    });

    const db = await target.reopen();
    const [row] = await db.select().from(transactions).where(eq(transactions.walletAddress, wallet));
    expect(row).toMatchObject({
      type: 'entry_fee',
      amountLamports: 100_000_000n,
      transactionSignature: signature,
      gameMode: 'tiny_tuna',
      status: 'confirmed',
    });
  });
});
