import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../e2e/support/test-server.ts';
import {
  createThrowawayDatabase,
  TEST_DATABASE_URL,
  type ThrowawayDatabase,
} from '../../../test/db-harness.ts';
import { connectPlayer, type TestPlayer } from '../../../test/support/player-client.ts';
import { createFakeClock } from '../../common/clock.ts';
import { TICK_MS } from '../../common/game/constants.ts';
import { games } from '../db/schema/index.ts';

/** Runs SQL on the server's maintenance database, to take one test database away and give it back. */
async function asAdmin(sql: string): Promise<void> {
  const admin = new URL(TEST_DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * RELIABILITY 25: the database goes away while a match is played (every connection killed, new ones
 * refused). The match carries on in memory; its result is written once the database is back, exactly once.
 */
describe('RELIABILITY 25: a database outage during a match', () => {
  const clock = createFakeClock(Date.UTC(2026, 10, 22, 16));
  let database: ThrowawayDatabase;
  let server: TestServer;
  let players: TestPlayer[] = [];

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    server = await startTestServer({ clock, env: { DATABASE_URL: database.url, LOG_LEVEL: 'fatal' } });
    players = [await connectPlayer(server.url), await connectPlayer(server.url)];
  });
  afterAll(async () => {
    for (const p of players) p.close();
    const name = new URL(database.url).pathname.slice(1);
    await asAdmin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`).catch(() => {});
    await server?.stop();
    await database?.drop();
  });

  it('the result is recorded once the database is back', async () => {
    const [a, b] = players as [TestPlayer, TestPlayer];
    a.send({ type: 'findMatch', gameMode: 'practice' });
    await a.next('joinQueue');
    b.send({ type: 'findMatch', gameMode: 'practice' });
    const { gameId } = await a.next('matched');
    await b.next('matched');

    const name = new URL(database.url).pathname.slice(1);
    await asAdmin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    await asAdmin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);

    // The match goes on without the database and ends: both players are told at once.
    for (let i = 0; i < 120; i++) {
      clock.advance(TICK_MS);
      server.game.game.tick();
    }
    b.send({ type: 'exit', gameId });
    await b.next('gameOver');
    expect((await a.next('gameOver')).finalResult).toBe('win');
    await new Promise((resolve) => setTimeout(resolve, 800));

    await asAdmin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    let rows: Array<typeof games.$inferSelect> = [];
    for (let i = 0; i < 100 && rows.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await server.db
        .select()
        .from(games)
        .where(eq(games.id, gameId))
        .catch(() => []);
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ completionStatus: 'forfeited', winner: a.wallet.address });
  }, 60_000);
});
