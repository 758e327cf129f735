import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSoakReport } from '../../bench/soak/soak-report.ts';
import { runSoak, type SoakResult } from '../../bench/soak/soak-run.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../support/database-bed.ts';

/** The short version of `npm run soak -- --nodes 2` (the seed is fixed, so a failure here is replayed with it). */
const SEED = 20_262;

describe('the money soak on two game nodes: challenges stepped away from, raced accepts, Blink payments, exclusions', () => {
  let database: ThrowawayDatabase;
  let result: SoakResult;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    result = await runSoak({ seed: SEED, bots: 8, seconds: 60, nodes: 2, databaseUrl: database.url });
    process.stdout.write(`${formatSoakReport(SEED, result)}\n`);
  }, 900_000);

  afterAll(async () => {
    await database?.drop();
  });

  it('the run opened challenges, stepped away from one, raced accepts, paid through the Action and excluded mid-search', () => {
    const { counts, awayChallengeStakes, blinkPayments, excludedWallets } = result.tally.facts;
    expect(counts.challenges).toBeGreaterThan(0);
    expect(awayChallengeStakes.length).toBeGreaterThan(0);
    expect(counts.accepts).toBeGreaterThan(1);
    expect(blinkPayments.length).toBeGreaterThan(0);
    expect(excludedWallets.length).toBeGreaterThan(0);
  });

  it('no stake of an away challenger forfeited, no Blink payment kept, no paid match after an exclusion, no wallet in two matches', () => {
    expect(result.breaches).toEqual([]);
  });

  it('every confirmed payment ends as a match, a refund or a retained 3%: reconcile agrees to the lamport', () => {
    expect(result.settled).toBe(true);
    expect(result.tally.failures).toEqual([]);
    expect(result.reconcileOutput).toMatch(/^0 difference\(s\)/m);
    expect(result.reconcileOutput).toMatch(/ 0 unaccounted payment\(s\)/);
    expect(result.reconcileExit).toBe(0);
  });
});
