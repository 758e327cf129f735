import { type Address, address, generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { airdropTo, signedTransfer, waitForCommitment } from '../../../../test/support/local-chain-server.ts';
import { SOL } from '../../../../test/support/money.ts';
import { describeDifference, type ReconcileDifference } from '../reconcile/reconcile-differences.ts';
import type { PayoutWorker } from './payout-worker.ts';
import { createFaultRpc, PASS, type RpcFault } from './test-support/fault-rpc.ts';
import {
  balanceOf,
  criticalEventsFor,
  owePayout,
  oweRefund,
  payEntry,
  readJob,
  readLedgerRow,
  resolveFailedJob,
  runUntilConfirmed,
  transfersFromHouse,
} from './test-support/payout-fixtures.ts';
import { usePayoutTestBed } from './test-support/payout-test-bed.ts';

/** A wrong-amount payment under the rent-exempt minimum of an empty account (890,880 lamports). */
const TINY_PAYMENT = 500_000n;
/** A player's transfer fee: 5,000 + 10,000 micro-lamports × 6,000 units (two built-ins at 3,000 each). */
const PLAYER_TRANSFER_FEE = 5_060n;
const PAYOUT = 37_500_000n;
const CLOCK_SYSVAR = address('SysvarC1ock11111111111111111111111111111111');
const RENT_SYSVAR = address('SysvarRent111111111111111111111111111111111');
const SYSTEM_PROGRAM = address('11111111111111111111111111111111');

const failedJobIn = (differences: ReconcileDifference[], jobId: string) =>
  differences.filter((d) => d.kind === 'failed-payout-job' && d.job.jobId === jobId);

describeEachDatabase('a transfer the chain refuses', (target) => {
  const bed = usePayoutTestBed(target, 10n * SOL);

  async function sweep(from: KeyPairSigner, to: Address, lamports: bigint): Promise<void> {
    const { value: lifetime } = await bed.server.rpc.getLatestBlockhash().send();
    const { wire } = await signedTransfer({ from, to, lamports, lifetime });
    const signature = await bed.server.rpc.sendTransaction(wire, { encoding: 'base64' }).send();
    await waitForCommitment(bed.server, signature, 'confirmed');
  }

  /** Runs the worker `runs` times, moving the shared clock to each retry's due time in between. */
  async function runDue(worker: PayoutWorker, jobId: string, runs: number): Promise<void> {
    for (let run = 0; run < runs; run++) {
      const { nextAttemptAt } = await readJob(target.db, jobId);
      bed.server.clock.advance(Math.max(0, nextAttemptAt.getTime() - bed.server.clock.now()));
      expect(await worker.runOnce()).toBe(1);
    }
  }

  it('a refund the runtime refuses (it would leave the emptied wallet below rent exemption) is retried up to the bound, then fails with one critical event; no lamport moves; reconcile lists it until resolved', async () => {
    // A player pays a wrong amount, owed back in full, then moves everything else out of the wallet: the
    // refund would leave the emptied wallet below the rent-exempt minimum, which the runtime refuses.
    const player = await airdropTo(bed.server, SOL / 100n);
    const entry = await payEntry(bed.server, target.db, {
      player,
      house: bed.house.address,
      lamports: TINY_PAYMENT,
    });
    const rest = (await balanceOf(bed.server, player.address)) - PLAYER_TRANSFER_FEE;
    await sweep(player, (await generateKeyPairSigner()).address, rest);
    expect(await balanceOf(bed.server, player.address)).toBe(0n);
    const owed = await oweRefund(target.db, {
      wallet: player.address,
      lamports: TINY_PAYMENT,
      entryTransactionId: entry.entryTransactionId,
      at: bed.now(),
    });
    const houseBefore = await balanceOf(bed.server, bed.house.address);
    const worker = bed.worker({ maxRefusals: 3 });

    await runDue(worker, owed.jobId, 2);
    const retrying = await readJob(target.db, owed.jobId);
    expect(retrying).toMatchObject({ status: 'sent', refusals: 2, lockedBy: null });
    expect(retrying.lastError).toContain('refused by the chain (2 of 3)');
    expect(retrying.lastError).toContain('insufficient funds for rent');
    expect(await criticalEventsFor(target.db, owed.jobId)).toEqual([]);

    await runDue(worker, owed.jobId, 1);
    const failed = await readJob(target.db, owed.jobId);
    expect(failed).toMatchObject({ status: 'failed', refusals: 3, lockedBy: null });
    expect(await readLedgerRow(target.db, owed.transactionId)).toMatchObject({ status: 'failed' });
    const events = await criticalEventsFor(target.db, owed.jobId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ eventType: 'payout_job_failed', resolvedAt: null });
    expect(events[0]!.message).toContain('insufficient funds for rent');

    // Failed is final: later runs do not pick it up, and no second alert is raised.
    bed.server.clock.advance(10 * 60_000);
    expect(await worker.runOnce()).toBe(0);
    expect(await criticalEventsFor(target.db, owed.jobId)).toHaveLength(1);

    // Preflight refused every send: nothing reached the player and the house paid not even a fee.
    expect(await balanceOf(bed.server, player.address)).toBe(0n);
    expect(await transfersFromHouse(bed.server, bed.house.address, player.address)).toEqual([]);
    expect(await balanceOf(bed.server, bed.house.address)).toBe(houseBefore);

    const listed = failedJobIn((await bed.reconcile()).differences, owed.jobId);
    expect(listed).toEqual([
      {
        kind: 'failed-payout-job',
        job: expect.objectContaining({
          jobKind: 'refund',
          walletAddress: player.address,
          amountLamports: TINY_PAYMENT,
          ledgerId: owed.transactionId,
        }),
      },
    ]);
    expect(describeDifference(listed[0]!)).toContain(`payout job ${owed.jobId} (refund of 500000 lamports`);
    await resolveFailedJob(target.db, owed.jobId);
    expect(failedJobIn((await bed.reconcile()).differences, owed.jobId)).toEqual([]);
  });

  it('a payout to a sysvar fails at the first refusal: the runtime never changes a read-only account', async () => {
    const owed = await owePayout(target.db, CLOCK_SYSVAR, PAYOUT, bed.now());
    expect(await bed.worker().runOnce()).toBe(1);
    const job = await readJob(target.db, owed.jobId);
    expect(job).toMatchObject({ status: 'failed', refusals: 1 });
    expect(job.lastError).toContain('read-only account');
    expect(await criticalEventsFor(target.db, owed.jobId)).toHaveLength(1);
    expect(await transfersFromHouse(bed.server, bed.house.address, CLOCK_SYSVAR)).toEqual([]);
    expect(failedJobIn((await bed.reconcile()).differences, owed.jobId)).toHaveLength(1);
    await resolveFailedJob(target.db, owed.jobId);
  });

  it('a payout to a program the transfer itself invokes fails before anything is signed', async () => {
    const owed = await owePayout(target.db, SYSTEM_PROGRAM, PAYOUT, bed.now());
    expect(await bed.worker().runOnce()).toBe(1);
    const job = await readJob(target.db, owed.jobId);
    expect(job).toMatchObject({ status: 'failed', signature: null });
    expect(job.lastError).toContain('a program the transfer invokes');
    expect(await criticalEventsFor(target.db, owed.jobId)).toHaveLength(1);
    await resolveFailedJob(target.db, owed.jobId);
  });

  it('a refused transfer that landed (preflight skipped) to a read-only account fails at its look-up; only its fee moved', async () => {
    const owed = await owePayout(target.db, RENT_SYSVAR, PAYOUT, bed.now());
    const rpc = createFaultRpc(bed.server.url, (method) =>
      method === 'sendTransaction' ? { kind: 'skip-preflight' } : PASS,
    );
    const worker = bed.worker({ rpc });
    expect(await worker.runOnce()).toBe(1);
    const sent = await readJob(target.db, owed.jobId);
    expect(sent.status).toBe('sent');

    bed.server.clock.advance(2_000);
    expect(await worker.runOnce()).toBe(1);
    const failed = await readJob(target.db, owed.jobId);
    expect(failed).toMatchObject({ status: 'failed', signature: sent.signature });
    expect(failed.lastError).toContain('landed with error');
    expect(await criticalEventsFor(target.db, owed.jobId)).toHaveLength(1);
    expect(await transfersFromHouse(bed.server, bed.house.address, RENT_SYSVAR)).toEqual([]);
    await resolveFailedJob(target.db, owed.jobId);
  });

  it('a refused transfer that landed counts once, at its expiry, and is signed anew until the bound', async () => {
    const recipient = (await generateKeyPairSigner()).address;
    const owed = await owePayout(target.db, recipient, TINY_PAYMENT, bed.now());
    const rpc = createFaultRpc(bed.server.url, (method) =>
      method === 'sendTransaction' ? { kind: 'skip-preflight' } : PASS,
    );
    const worker = bed.worker({ rpc, maxRefusals: 2 });
    const signatures = new Set<string>();
    for (let run = 0; run < 200; run++) {
      await worker.runOnce();
      const job = await readJob(target.db, owed.jobId);
      if (job.signature) signatures.add(job.signature);
      if (job.status === 'failed') break;
      bed.server.clock.advance(2_000);
    }
    const failed = await readJob(target.db, owed.jobId);
    expect(failed).toMatchObject({ status: 'failed', refusals: 2 });
    expect(signatures.size).toBe(2);
    expect(await criticalEventsFor(target.db, owed.jobId)).toHaveLength(1);
    expect(await balanceOf(bed.server, recipient)).toBe(0n);
    const ledger = await readLedgerRow(target.db, owed.transactionId);
    expect(ledger.rawBlockchainData).toMatchObject({
      abandonedSignatures: [expect.objectContaining({ signature: [...signatures][0] })],
    });
    await resolveFailedJob(target.db, owed.jobId);
  });

  it('RPC 5xx answers are not refusals: retried with backoff past the bound, never failed, then paid once', async () => {
    const recipient: Address = (await generateKeyPairSigner()).address;
    const owed = await owePayout(target.db, recipient, PAYOUT, bed.now());
    let fault: RpcFault = { kind: 'http', status: 503 };
    const worker = bed.worker({ rpc: createFaultRpc(bed.server.url, () => fault), maxRefusals: 2 });

    await runDue(worker, owed.jobId, 6);
    const job = await readJob(target.db, owed.jobId);
    expect(job).toMatchObject({ status: 'pending', attempts: 6, refusals: 0 });
    expect(job.lastError).toContain('503');
    expect(await criticalEventsFor(target.db, owed.jobId)).toEqual([]);

    fault = PASS;
    bed.server.clock.advance(job.nextAttemptAt.getTime() - bed.server.clock.now());
    const done = await runUntilConfirmed(worker, bed.server, target.db, owed.jobId);
    expect(await transfersFromHouse(bed.server, bed.house.address, recipient)).toEqual([
      { signature: done.signature, lamports: PAYOUT },
    ]);
  });

  it('once every failure above is resolved, reconcile finds no difference', async () => {
    expect((await bed.reconcile()).differences).toEqual([]);
  });
});
