import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TEST_DATABASE_URL } from '../../../../test/db-harness.ts';

/**
 * Test support: a throwaway database on the test PostgreSQL server, for tests whose worker runs in child
 * processes. PGlite cannot be shared: it is one process's in-memory engine over its files, so a second
 * process (or a killed one's successor while the first lives) cannot open the same database.
 */
export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new URL(TEST_DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  const name = `pong_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      onServer((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}
