import pg from 'pg';

/**
 * Cluster mode needs a PostgreSQL server (the nodes share one database; PGlite is one process's). The
 * launcher creates the named database when it is missing, through the server's maintenance database
 * `postgres`; the nodes then apply the migrations themselves (serialised by an advisory lock).
 */

function withoutPassword(url: URL): string {
  const shown = new URL(url);
  if (shown.password) shown.password = '***';
  return shown.toString();
}

/** Creates the database DATABASE_URL names unless it exists; says which it was. */
export async function ensureDatabase(databaseUrl: string): Promise<'created' | 'exists'> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name || name.includes('/')) throw new Error(`${withoutPassword(target)} names no database`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `cluster mode needs a PostgreSQL server, and ${withoutPassword(admin)} is unreachable (${reason})`,
      { cause: error },
    );
  }
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return 'exists';
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
    return 'created';
  } finally {
    await client.end();
  }
}
