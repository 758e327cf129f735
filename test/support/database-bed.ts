import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Database, DatabaseKind } from '../../src/server/db/database.ts';
import { type OpenedDatabase, openDatabase } from '../../src/server/db/open-database.ts';
import { pgErrorOf } from '../../src/server/db/pg-errors.ts';
import { migratedPostgresTemplate, retryWhileInUse, seedMigratedPglite } from './migrated-templates.ts';

/**
 * One contract suite, two databases (ARCHITECTURE: a dependency with two implementations is tested by one
 * shared suite). `describeEachDatabase` runs its body once on a fresh embedded PGlite and once on a
 * throwaway database created on the PostgreSQL server, so test files running in parallel never share
 * rows. An unreachable server makes every PostgreSQL test fail with how to start it, never skip. Each
 * starts as a copy of a migrated template (support/migrated-templates.ts), unless it asks for the
 * empty storage a first start migrates (describeEachEmptyDatabase).
 */

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const START_POSTGRES_HINT =
  'Start it with `pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`, ' +
  'or point TEST_DATABASE_URL at a reachable server.';

export interface DatabaseUnderTest {
  readonly kind: DatabaseKind;
  /** As shown in the suite title: 'pglite' or 'postgresql <host>:<port>'. */
  readonly label: string;
  /** The open database; read it inside tests and hooks, not while the suite is being defined. */
  readonly db: Database;
  /** Closes the database and opens the same storage again, as a server restart does. */
  reopen(): Promise<Database>;
}

interface Backend {
  kind: DatabaseKind;
  label: string;
  /** Prepares storage (empty, or a migrated copy) and returns how to open it. */
  prepare(): Promise<{ databaseUrl?: string; dataDir: string }>;
  dispose(): Promise<void>;
}

export function describeEachDatabase(title: string, body: (target: DatabaseUnderTest) => void): void {
  describeOnBoth(title, body, true);
}

/** As describeEachDatabase, on empty storage, so the first open runs every migration (the migrations' own tests). */
export function describeEachEmptyDatabase(title: string, body: (target: DatabaseUnderTest) => void): void {
  describeOnBoth(title, body, false);
}

function describeOnBoth(title: string, body: (target: DatabaseUnderTest) => void, migrated: boolean): void {
  for (const backend of [pgliteBackend(migrated), postgresBackend(TEST_DATABASE_URL, migrated)]) {
    describe(`${title} [${backend.label}]`, () => {
      let options: { databaseUrl?: string; dataDir: string } | undefined;
      let opened: OpenedDatabase | undefined;
      let startError: Error | undefined;

      const target: DatabaseUnderTest = {
        kind: backend.kind,
        label: backend.label,
        get db(): Database {
          if (startError) throw startError;
          if (!opened) throw new Error(`the ${backend.label} database is not open yet`);
          return opened.db;
        },
        async reopen() {
          if (startError) throw startError;
          if (!opened || !options) throw new Error(`the ${backend.label} database is not open yet`);
          await opened.close();
          opened = undefined;
          opened = await openDatabase(options);
          return opened.db;
        },
      };

      beforeAll(async () => {
        try {
          options = await backend.prepare();
          opened = await openDatabase(options);
        } catch (error) {
          // Kept rather than thrown, so each test reports this reason as its own failure.
          startError = error instanceof Error ? error : new Error(String(error));
        }
      });

      afterAll(async () => {
        await opened?.close();
        await backend.dispose();
      });

      body(target);
    });
  }
}

function pgliteBackend(migrated: boolean): Backend {
  let dataDir: string | undefined;
  return {
    kind: 'pglite',
    label: 'pglite',
    async prepare() {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'pong-db-test-'));
      if (migrated) await seedMigratedPglite(dataDir);
      return { dataDir };
    },
    async dispose() {
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A throwaway database on the test PostgreSQL server: its URL, and how to drop it. */
export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates a database of its own on the PostgreSQL server (from the maintenance database `postgres`), so test
 * files running in parallel, or child processes of one test, never share rows. It is a copy of the migrated
 * template unless `empty` is asked for; either way whoever opens it runs the migrations (none are left on a
 * copy). Fails with how to start the server when it is unreachable.
 */
export async function createThrowawayDatabase(
  serverUrl = TEST_DATABASE_URL,
  options: { empty?: boolean } = {},
): Promise<ThrowawayDatabase> {
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = '/postgres';
  const admin = async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: adminUrl.toString(), connectionTimeoutMillis: 5_000 });
    try {
      await client.connect();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `PostgreSQL is unreachable at ${withoutPassword(serverUrl)} (${reason}). ${START_POSTGRES_HINT}`,
        { cause: error },
      );
    }
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  const name = `pong_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (options.empty) {
    await admin((client) => client.query(`CREATE DATABASE "${name}"`));
  } else {
    const template = await migratedPostgresTemplate(serverUrl, (text, params) =>
      admin((client) => client.query(text, params)),
    );
    await retryWhileInUse(() =>
      admin((client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`)),
    );
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

function postgresBackend(serverUrl: string, migrated: boolean): Backend {
  const url = new URL(serverUrl);
  const where = `${url.hostname}:${url.port || '5432'}`;
  let created: ThrowawayDatabase | undefined;
  let dataDir: string | undefined;
  return {
    kind: 'postgres',
    label: `postgresql ${where}`,
    async prepare() {
      created = await createThrowawayDatabase(serverUrl, { empty: !migrated });
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'pong-db-test-'));
      return { databaseUrl: created.url, dataDir };
    },
    async dispose() {
      await created?.drop();
      created = undefined;
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function withoutPassword(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
}

/** Asserts that a statement is refused with the given SQLSTATE (and constraint, when named). */
export async function expectPgError(
  statement: PromiseLike<unknown>,
  code: string,
  constraint?: string,
): Promise<void> {
  const outcome = await Promise.resolve(statement).then(
    () => ({ refused: false as const }),
    (error: unknown) => ({ refused: true as const, error }),
  );
  expect(outcome.refused, `expected PostgreSQL error ${code}, but the statement succeeded`).toBe(true);
  if (!outcome.refused) return;
  const info = pgErrorOf(outcome.error);
  expect(info?.code, `unexpected error: ${String(outcome.error)}`).toBe(code);
  if (constraint !== undefined) expect(info?.constraint).toBe(constraint);
}

/** A fresh wallet-address-shaped string, so tests sharing one database never collide. */
export function uniqueWallet(): string {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  return Array.from(randomBytes(44), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** A fresh signature-shaped string (88 base58 characters, like a Solana transaction signature). */
export function uniqueSignature(): string {
  return uniqueWallet() + uniqueWallet();
}
