import { generateKeyPairSigner } from '@solana/kit';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { SOL } from '../../../../test/support/money.ts';
import { systemEvents } from '../../db/schema/index.ts';
import { createFaultRpc, PASS, type RpcFault } from './test-support/fault-rpc.ts';
import { owePayout, readJob, runUntilConfirmed } from './test-support/payout-fixtures.ts';
import { usePayoutTestBed } from './test-support/payout-test-bed.ts';

describeEachDatabase('payout retries are system events', (target) => {
  const bed = usePayoutTestBed(target, 10n * SOL);

  it('each retry after an RPC failure records one payout_retry warning with the job and its delay', async () => {
    const winner = (await generateKeyPairSigner()).address;
    const owed = await owePayout(target.db, winner, 37_500_000n, bed.now());
    let fault: RpcFault = { kind: 'http', status: 503 };
    const payer = bed.worker({ rpc: createFaultRpc(bed.server.url, () => fault) });
    const retries = () =>
      target.db
        .select()
        .from(systemEvents)
        .where(
          and(
            eq(systemEvents.eventType, 'payout_retry'),
            sql`${systemEvents.details}->>'jobId' = ${owed.jobId}`,
          ),
        );

    expect(await payer.runOnce()).toBe(1);
    const first = await readJob(target.db, owed.jobId);
    expect(await retries()).toMatchObject([
      {
        severity: 'warning',
        details: { jobId: owed.jobId, walletAddress: winner, attempt: 1, retryInMs: 2_000 },
      },
    ]);
    bed.server.clock.advance(first.nextAttemptAt.getTime() - bed.server.clock.now());
    expect(await payer.runOnce()).toBe(1);
    expect((await retries()).map((e) => (e.details as { attempt: number }).attempt).sort()).toEqual([1, 2]);

    fault = PASS;
    await runUntilConfirmed(payer, bed.server, target.db, owed.jobId);
    expect(await retries()).toHaveLength(2);
  });
});
