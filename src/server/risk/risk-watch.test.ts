import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import { createRiskWatch, MAX_WAITING_GAMES } from './risk-watch.ts';
import { backOfficePorts } from './test-support/back-office-ports.ts';

/** A database that refuses everything, counting how often it was asked. */
function brokenDatabase() {
  const calls = { n: 0 };
  const db = new Proxy(
    {},
    {
      get() {
        calls.n += 1;
        throw new Error('database unreachable');
      },
    },
  ) as Database;
  return { db, calls };
}

function watchOver(db: Database) {
  const logged: string[] = [];
  const watch = createRiskWatch({
    db,
    clock: createFakeClock(0),
    flagThreshold: 60,
    log: (message, error) => logged.push(`${message}: ${(error as Error | undefined)?.message ?? ''}`),
    ...backOfficePorts({ db, clock: createFakeClock(0) }),
  });
  return { watch, logged };
}

describe('the risk watch: after the result, off its path', () => {
  it('told of a game, it returns at once; a failing pass is logged and the next game still runs', async () => {
    const { db, calls } = brokenDatabase();
    const { watch, logged } = watchOver(db);
    watch.matchRecorded('g1');
    watch.matchRecorded('g2');
    expect(calls.n).toBe(0);
    await watch.idle();
    expect(logged).toEqual([
      'risk pass of game g1 failed: database unreachable',
      'risk pass of game g2 failed: database unreachable',
    ]);
  });

  it(`at most ${MAX_WAITING_GAMES} games wait; one past them is dropped with a log line`, async () => {
    const { db } = brokenDatabase();
    const { watch, logged } = watchOver(db);
    for (let i = 0; i <= MAX_WAITING_GAMES; i++) watch.matchRecorded(`g${i}`);
    expect(logged).toEqual([
      `risk pass: ${MAX_WAITING_GAMES} games waiting; game g${MAX_WAITING_GAMES} is not measured: `,
    ]);
    await watch.idle();
    expect(logged).toHaveLength(MAX_WAITING_GAMES + 1);
  });

  it('a stop drops the games still waiting and takes no new one', async () => {
    const { db, calls } = brokenDatabase();
    const { watch, logged } = watchOver(db);
    watch.matchRecorded('g1');
    await watch.stop();
    watch.matchRecorded('g2');
    await watch.idle();
    expect(calls.n).toBe(0);
    expect(logged).toEqual([]);
  });
});
