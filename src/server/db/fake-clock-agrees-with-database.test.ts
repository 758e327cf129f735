import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/database-bed.ts';
import { createFakeClock } from '../../common/clock.ts';

/**
 * A test's time comes from one clock. Rows a test does not stamp itself get the database's
 * now(), so a fake clock that starts at a fixed date disagrees with them as soon as the calendar passes it
 * (the restart settlement then left a stale entry fee unrefunded). A fake clock starts at the real time.
 * This also checks a run with the machine's date moved (scripts/test-next-year.sh): a database server
 * left on the real date fails here, with both times shown.
 */

const A_MINUTE = 60_000;

describeEachDatabase('a fake clock agrees with the database', (target) => {
  it('a fake clock started without a date reads what the database stamps now()', async () => {
    const clock = createFakeClock();
    const { rows } = await target.db.execute<{ ms: number }>(
      sql`SELECT (extract(epoch FROM now()) * 1000)::float8 AS ms`,
    );
    const databaseNow = Number(rows[0]!.ms);
    const shown = `fake clock ${new Date(clock.now()).toISOString()}, database now() ${new Date(databaseNow).toISOString()}`;
    expect(Math.abs(databaseNow - clock.now()), shown).toBeLessThan(A_MINUTE);
  });
});
