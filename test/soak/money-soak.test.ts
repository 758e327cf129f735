import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSoakReport } from '../../bench/soak/soak-report.ts';
import { runSoak, type SoakResult } from '../../bench/soak/soak-run.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../support/database-bed.ts';

/** The short version of `npm run soak` (the seed is fixed, so a failure here is replayed with it). */
const SEED = 20_261;

describe('the money soak: bots paying real entries and doing what players do', () => {
  let database: ThrowawayDatabase;
  let result: SoakResult;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    result = await runSoak({ seed: SEED, bots: 8, seconds: 60, databaseUrl: database.url });
    process.stdout.write(`${formatSoakReport(SEED, result)}\n`);
  }, 600_000);

  afterAll(async () => {
    await database?.drop();
  });

  it('every confirmed payment ends as a match, a refund or a retained 3%: reconcile agrees to the lamport', () => {
    expect(result.tally.payments).toBeGreaterThan(0);
    expect(result.settled).toBe(true);
    expect(result.tally.failures).toEqual([]);
    expect(result.breaches).toEqual([]);
    expect(result.reconcileOutput).toMatch(/^0 difference\(s\)/m);
    expect(result.reconcileExit).toBe(0);
  });
});
