import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../../../test/support/database-bed.ts';
import { type OpenedDatabase, openDatabase } from './open-database.ts';

/**
 * The PostgreSQL server ends a connection the product holds (a restart, a failover, an operator's
 * pg_terminate_backend) while a transaction has it checked out. node-postgres then emits 'error' on that
 * client, and an 'error' nobody listens to is an uncaught exception: the whole server would crash in the
 * middle of play. The product listens on every client: the transaction fails with the error (its work rolls
 * back), the broken connection leaves the pool, and the next query runs on a new one.
 */
describe('a database connection ended by the server while a transaction holds it [postgresql]', () => {
  let opened: OpenedDatabase;
  const logged: string[] = [];
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);
  beforeAll(async () => {
    opened = await openDatabase({
      databaseUrl: TEST_DATABASE_URL,
      dataDir: '/nonexistent',
      log: (line) => logged.push(line),
    }).catch((error: unknown) => {
      throw new Error(`PostgreSQL at ${TEST_DATABASE_URL} is unreachable: ${String(error)}`);
    });
    process.prependListener('uncaughtException', onUncaught);
  });
  afterAll(async () => {
    process.removeListener('uncaughtException', onUncaught);
    await opened?.close();
  });

  it('fails that transaction, crashes nothing, and the next query runs on a new connection', async () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const held = opened.db.transaction(async (tx) => {
        const [row] = (await tx.execute(sql`select pg_backend_pid() as pid`)).rows as Array<{ pid: number }>;
        await admin.query('select pg_terminate_backend($1)', [row!.pid]);
        // The connection is gone while the transaction holds it, between two of its statements.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      });
      await expect(held).rejects.toThrow();
    } finally {
      await admin.end();
    }
    expect(uncaught).toEqual([]);
    const again = (await opened.db.execute(sql`select 41 + 1 as answer`)).rows as Array<{ answer: number }>;
    expect(again).toEqual([{ answer: 42 }]);
    expect(logged.some((line) => line.includes('connection') && line.includes('ended'))).toBe(true);
  });
});
