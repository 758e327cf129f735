import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import type { Database } from '../../db/database.ts';
import { createFailureJudge, refusesTheData, SAME_FAILURE_LIMIT, storableText } from './write-failure.ts';

/** A refusal as both drivers report it: Drizzle's error with the driver's error (and its SQLSTATE) as cause. */
const refusal = (code: string, message = `refused (${code})`) =>
  new Error('Failed query', { cause: Object.assign(new Error(message), { code }) });

describe('which refusals of a write can never pass', () => {
  it.each([
    ['22021 a NUL or invalid UTF-8 in text', refusal('22021'), true],
    ['22P05 a \\u0000 in jsonb', refusal('22P05'), true],
    ['22001 a value too long', refusal('22001'), true],
    ['23502 a missing required value', refusal('23502'), true],
    ['40001 a serialization failure', refusal('40001'), false],
    ['40P01 a deadlock', refusal('40P01'), false],
    ['08006 a connection failure', refusal('08006'), false],
    ['57P01 the server shutting down', refusal('57P01'), false],
    ['55000 a database not accepting connections', refusal('55000'), false],
    ['a lost connection (no SQLSTATE)', new Error('Connection terminated unexpectedly'), false],
  ])('%s: permanent at once is %s', (_, error, permanent) => {
    expect(refusesTheData(error)).toBe(permanent);
  });

  it('text about a refusal is made storable itself: no NUL, control or lone surrogate, bounded', () => {
    expect(storableText('bad \u0000name\ud800!', 500)).toBe('bad ?name?!');
    expect([...storableText('😀'.repeat(600))]).toHaveLength(500);
  });
});

describeEachDatabase('the same refusal again and again', (target) => {
  it(`is permanent at the ${SAME_FAILURE_LIMIT}th time in a row while the database answers`, async () => {
    const judge = createFailureJudge(target.db);
    const same = () => refusal('XX000', 'the same internal error');
    for (let i = 1; i < SAME_FAILURE_LIMIT; i++) expect(await judge.isPermanent(same())).toBe(false);
    expect(await judge.isPermanent(same())).toBe(true);
  });

  it('a different refusal in between starts the count again', async () => {
    const judge = createFailureJudge(target.db);
    for (let i = 0; i < 3 * SAME_FAILURE_LIMIT; i++) {
      const error = i % 2 === 0 ? refusal('XX000', 'one') : refusal('XX000', 'another');
      expect(await judge.isPermanent(error)).toBe(false);
    }
  });

  it('is never permanent while the database does not answer at all: an outage is waited out', async () => {
    const down = new Proxy(target.db, {
      get(db, property) {
        if (property === 'execute')
          return () => Promise.reject(refusal('55000', 'not accepting connections'));
        return Reflect.get(db, property, db);
      },
    }) as Database;
    const judge = createFailureJudge(down);
    for (let i = 0; i < 4 * SAME_FAILURE_LIMIT; i++) {
      expect(await judge.isPermanent(refusal('55000', 'not accepting connections'))).toBe(false);
    }
  });
});
