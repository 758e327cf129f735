import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { packageRoot } from '../package-root.ts';
import { lockDataDir } from './data-dir-lock.ts';
import type { Database, DatabaseKind } from './database.ts';
import { describeDatabaseUrl } from './database-url.ts';
import * as schema from './schema/index.ts';

export interface OpenDatabaseOptions {
  /** A postgres:// URL; when absent the embedded PGlite database under `dataDir` is used. */
  databaseUrl?: string | undefined;
  /** The server's data folder; PGlite keeps its files in `<dataDir>/pgdata`. */
  dataDir: string;
  log?: Logger;
  /** Who opens it, named to a second opener the embedded database refuses ("the server", "admin:create"). */
  openedBy?: string;
}

export interface OpenedDatabase {
  db: Database;
  kind: DatabaseKind;
  /** Ends the pool or closes PGlite. Safe to call twice. */
  close(): Promise<void>;
}

/** Committed SQL migrations, found from the package root so src (tsx, vitest) and dist agree. */
export function migrationsFolder(): string {
  return path.join(packageRoot(import.meta.url), 'drizzle');
}

/**
 * Opens the database and applies every pending migration before returning, so no caller ever sees an
 * older schema than the code expects.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.log) : openPglite(options);
}

/**
 * The embedded database, held by this process alone until it is closed (data-dir-lock.ts): a second process
 * that asks for the same folder is refused with DataDirInUseError, before it reads or writes a file of it.
 */
async function openPglite({ dataDir, log, openedBy }: OpenDatabaseOptions): Promise<OpenedDatabase> {
  const folder = path.join(dataDir, 'pgdata');
  await mkdir(folder, { recursive: true });
  const unlock = await lockDataDir(dataDir, openedBy === undefined ? {} : { command: openedBy });
  let client: PGlite;
  try {
    client = await PGlite.create(folder);
  } catch (error) {
    await unlock();
    throw error;
  }
  const pgliteDb = drizzlePglite({ client, schema });
  try {
    await migratePglite(pgliteDb, { migrationsFolder: migrationsFolder() });
  } catch (error) {
    await client.close().catch(() => {});
    await unlock();
    throw error;
  }
  log?.(`database: embedded PGlite in ${folder}, migrations applied`);
  // Raw execute() results narrow to the `rows` both drivers share (see database.ts).
  const db: Database = pgliteDb;
  return {
    db,
    kind: 'pglite',
    close: once(async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        await unlock();
      }
    }),
  };
}

/** How long a checked-out client whose connection ended may stay held before the pool takes it back. */
const ENDED_CLIENT_RELEASE_MS = 5_000;

/** Serialises migrations when several server processes start against one database at the same moment. */
const MIGRATION_LOCK_KEY = 'pong-wager:migrations';

async function openPostgres(databaseUrl: string, log: OpenDatabaseOptions['log']): Promise<OpenedDatabase> {
  const where = describeDatabaseUrl(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  // An idle client's error (the server restarted, the network dropped) is emitted on the pool; unhandled
  // it would crash the process, while the pool replaces the client on the next checkout anyway.
  pool.on('error', (error) =>
    log?.(`database: idle PostgreSQL connection to ${where} failed: ${error.message}`),
  );
  // A connection the server ends while it is checked out (a transaction between two statements, a query in
  // flight) emits 'error' on its client, where the pool listens no more: unhandled, it would crash the whole
  // server in the middle of play. The query, or the transaction's next one, fails with that error on its own;
  // the pool drops the broken client when it is released, and the next checkout opens a new one.
  const clientInUse = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => clientInUse.add(client));
  pool.on('release', (_error, client) => clientInUse.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!clientInUse.has(client)) return; // an idle client's: the pool's own listener reports it
      log?.(`database: a PostgreSQL connection to ${where} in use ended: ${error.message}`);
    });
    // A connection that ends while checked out is released by whoever holds it, at once, as its query
    // fails: except drizzle's transaction, which sends `begin` before its try and so never releases a client
    // whose `begin` failed (node-postgres/session.js). Such a client would stay checked out for good: one
    // pool slot fewer after each outage, and `pool.end()` at the stop waiting for it forever (seen: a test
    // server's stop 'waiting on the database closing' past 180 s). A client still held 5 s after its
    // connection ended is released here, with the error, so the pool drops it.
    client.once('end', () => {
      const timer = setTimeout(() => {
        if (clientInUse.has(client))
          client.release(new Error(`the connection to ${where} ended while in use`));
      }, ENDED_CLIENT_RELEASE_MS);
      timer.unref();
    });
  });

  try {
    await migrateWithLock(pool, where);
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  log?.(`database: PostgreSQL at ${where}, migrations applied`);
  const db: Database = drizzleNodePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    close: once(() => pool.end()),
  };
}

async function migrateWithLock(pool: pg.Pool, where: string): Promise<void> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot connect to PostgreSQL at ${where}: ${reason}`, { cause: error });
  }
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= fn();
    return done;
  };
}
