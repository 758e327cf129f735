import { generateKeyPairSigner, type Lamports } from '@solana/kit';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { waitForCommitment } from '../../../../test/support/local-chain-server.ts';
import { SOL } from '../../../../test/support/money.ts';
import { createFaultRpc, PASS, type RpcFault } from './test-support/fault-rpc.ts';
import {
  criticalEventsFor,
  owePayout,
  readJob,
  readLedgerRow,
  runUntilConfirmed,
  transfersFromHouse,
} from './test-support/payout-fixtures.ts';
import { usePayoutTestBed } from './test-support/payout-test-bed.ts';

const PAYOUT = 37_500_000n;

describeEachDatabase('payout worker under faults', (target) => {
  // A house wallet with 0.01 SOL: every test below first finds it short.
  const bed = usePayoutTestBed(target, SOL / 100n);
  const now = () => bed.now();
  const worker = (options: Parameters<typeof bed.worker>[0] = {}) => bed.worker(options);

  it('a house wallet without enough SOL: the job waits, one critical event per backoff step, then pays once', async () => {
    const winner = (await generateKeyPairSigner()).address;
    const owed = await owePayout(target.db, winner, SOL, now());
    const payer = worker();

    expect(await payer.runOnce()).toBe(1);
    let job = await readJob(target.db, owed.jobId);
    expect(job).toMatchObject({ status: 'pending', signature: null, attempts: 1, lockedBy: null });
    expect(job.lastError).toContain('insufficient house funds');
    expect(job.nextAttemptAt.getTime()).toBe(bed.server.clock.now() + 2_000);
    expect(await criticalEventsFor(target.db, owed.jobId)).toHaveLength(1);

    // Not due yet: no run, no second event.
    bed.server.clock.advance(1_999);
    expect(await payer.runOnce()).toBe(0);
    expect(await criticalEventsFor(target.db, owed.jobId)).toHaveLength(1);

    bed.server.clock.advance(1);
    expect(await payer.runOnce()).toBe(1);
    job = await readJob(target.db, owed.jobId);
    expect(job).toMatchObject({ status: 'pending', attempts: 2 });
    expect(job.nextAttemptAt.getTime()).toBe(bed.server.clock.now() + 4_000);
    expect(await criticalEventsFor(target.db, owed.jobId)).toHaveLength(2);

    const topUp = await bed.server.rpc.requestAirdrop(bed.house.address, (2n * SOL) as Lamports).send();
    await waitForCommitment(bed.server, topUp, 'confirmed');
    bed.server.clock.advance(4_000);
    const done = await runUntilConfirmed(payer, bed.server, target.db, owed.jobId);
    expect(await transfersFromHouse(bed.server, bed.house.address, winner)).toEqual([
      { signature: done.signature, lamports: SOL },
    ]);
    expect(await criticalEventsFor(target.db, owed.jobId)).toHaveLength(2);
  });

  it("the chain's own insufficient-funds refusal is handled like a low balance, and the same bytes pay later", async () => {
    const winner = (await generateKeyPairSigner()).address;
    const owed = await owePayout(target.db, winner, 2n * SOL, now());
    // The balance read says plenty (another worker spent it since, say): only the chain can tell.
    const rpc = createFaultRpc(bed.server.url, (method) =>
      method === 'getBalance'
        ? { kind: 'answer', result: { context: { slot: 1 }, value: 1_000_000 * 1e9 } }
        : PASS,
    );
    const payer = worker({ rpc });

    await payer.runOnce();
    const refused = await readJob(target.db, owed.jobId);
    expect(refused).toMatchObject({ status: 'sent', attempts: 1 });
    expect(refused.lastError).toContain('insufficient house funds');
    expect(await criticalEventsFor(target.db, owed.jobId)).toHaveLength(1);

    const topUp = await bed.server.rpc.requestAirdrop(bed.house.address, (2n * SOL) as Lamports).send();
    await waitForCommitment(bed.server, topUp, 'confirmed');
    bed.server.clock.advance(2_000);
    const done = await runUntilConfirmed(payer, bed.server, target.db, owed.jobId);
    expect(done.signature).toBe(refused.signature);
    expect(await transfersFromHouse(bed.server, bed.house.address, winner)).toHaveLength(1);
  });

  it('RPC 429 and 5xx answers back off with growing delays; nothing is marked paid until the chain confirms', async () => {
    const winner = (await generateKeyPairSigner()).address;
    const owed = await owePayout(target.db, winner, PAYOUT, now());
    let fault: RpcFault = { kind: 'http', status: 429 };
    const payer = worker({ rpc: createFaultRpc(bed.server.url, () => fault) });

    const delays: number[] = [];
    for (const status of [429, 503, 500]) {
      fault = { kind: 'http', status };
      expect(await payer.runOnce()).toBe(1);
      const job = await readJob(target.db, owed.jobId);
      expect(job.status).toBe('pending');
      expect(job.lastError).toContain(String(status));
      expect((await readLedgerRow(target.db, owed.transactionId)).status).toBe('pending');
      delays.push(job.nextAttemptAt.getTime() - bed.server.clock.now());
      bed.server.clock.advance(delays.at(-1)!);
    }
    expect(delays).toEqual([2_000, 4_000, 8_000]);

    fault = PASS;
    await runUntilConfirmed(payer, bed.server, target.db, owed.jobId);
    expect(await transfersFromHouse(bed.server, bed.house.address, winner)).toHaveLength(1);
  });

  it('a transfer that landed failing for want of funds is not paid: a critical event, a new signature only after its blockhash expired, one payment', async () => {
    const winner = (await generateKeyPairSigner()).address;
    const owed = await owePayout(target.db, winner, 2n * SOL, now());
    let funded = false;
    const rpc = createFaultRpc(bed.server.url, (method) => {
      if (method === 'getBalance' && !funded)
        return { kind: 'answer', result: { context: { slot: 1 }, value: 1e15 } };
      return method === 'sendTransaction' ? { kind: 'skip-preflight' } : PASS;
    });
    const payer = worker({ rpc });

    await payer.runOnce();
    const failed = await readJob(target.db, owed.jobId);
    bed.server.clock.advance(2_000);
    await payer.runOnce();
    const waiting = await readJob(target.db, owed.jobId);
    expect(waiting).toMatchObject({ status: 'sent', signature: failed.signature });
    expect(waiting.lastError).toContain('landed with error');
    expect(waiting.lastError).toContain('insufficient house funds');
    expect(await criticalEventsFor(target.db, owed.jobId)).toHaveLength(1);

    const topUp = await bed.server.rpc.requestAirdrop(bed.house.address, (3n * SOL) as Lamports).send();
    await waitForCommitment(bed.server, topUp, 'confirmed');
    funded = true;
    bed.server.clock.advance(30_000);
    await payer.runOnce();
    expect((await readJob(target.db, owed.jobId)).signature).toBe(failed.signature);

    bed.server.clock.advance(40_000);
    const done = await runUntilConfirmed(payer, bed.server, target.db, owed.jobId);
    expect(done.signature).not.toBe(failed.signature);
    expect(await transfersFromHouse(bed.server, bed.house.address, winner)).toEqual([
      { signature: done.signature, lamports: 2n * SOL },
    ]);
    const ledger = await readLedgerRow(target.db, owed.transactionId);
    expect(ledger.rawBlockchainData).toMatchObject({
      abandonedSignatures: [expect.objectContaining({ signature: failed.signature })],
    });
  });

  it('after the fault tests above, every house-wallet transaction on chain matches exactly one ledger row', async () => {
    expect((await bed.reconcile()).differences).toEqual([]);
  });
});
