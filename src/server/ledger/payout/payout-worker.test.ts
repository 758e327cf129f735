import { type Address, generateKeyPairSigner } from '@solana/kit';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { airdropTo } from '../../../../test/support/local-chain-server.ts';
import { SOL } from '../../../../test/support/money.ts';
import { TRANSFER_NETWORK_FEE_LAMPORTS } from '../../../common/rules.ts';
import { transactions } from '../../db/schema/index.ts';
import type { ConfirmedPayout } from './payout-job.ts';
import { claimNextJob } from './payout-store.ts';
import type { PayoutWorkerOptions } from './payout-worker.ts';
import { createFaultRpc, PASS } from './test-support/fault-rpc.ts';
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

const WAGER = 25_000_000n;
const PAYOUT = 37_500_000n;
const REFUND = 24_250_000n;

describeEachDatabase('payout worker', (target) => {
  const bed = usePayoutTestBed(target, 100n * SOL);
  const now = () => bed.now();
  const worker = (options: Partial<PayoutWorkerOptions> = {}) => bed.worker(options);

  it('a refund is signed and stored before it is sent, then confirmed once, ledger and job agreeing', async () => {
    const player = await airdropTo(bed.server, SOL);
    const entry = await payEntry(bed.server, target.db, {
      player,
      house: bed.house.address,
      lamports: WAGER,
    });
    const owed = await oweRefund(target.db, {
      wallet: player.address,
      lamports: REFUND,
      entryTransactionId: entry.entryTransactionId,
      at: now(),
    });
    const before = await balanceOf(bed.server, player.address);
    const confirmed: ConfirmedPayout[] = [];
    const seenAtSend: string[] = [];
    const payer = worker({
      onConfirmed: (payout) => {
        confirmed.push(payout);
      },
      hooks: {
        afterStore: async (job) => {
          // Stored before sending: the row already holds the signature, bytes and expiry; the chain has nothing.
          const row = await readJob(target.db, job.id);
          seenAtSend.push(row.status, String(row.signature === job.transfer.signature));
          const { value } = await bed.server.rpc.getSignatureStatuses([job.transfer.signature]).send();
          seenAtSend.push(String(value[0]));
        },
      },
    });

    expect(await payer.runOnce()).toBe(1);
    expect(seenAtSend).toEqual(['sent', 'true', 'null']);
    const sent = await readJob(target.db, owed.jobId);
    expect(sent).toMatchObject({ status: 'sent', lockedBy: null, attempts: 0 });
    expect(sent.signedTransaction).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(sent.lastValidBlockHeight).toBeGreaterThan(0n);
    expect(await readLedgerRow(target.db, owed.transactionId)).toMatchObject({
      status: 'processing',
      transactionSignature: sent.signature,
    });

    const done = await runUntilConfirmed(payer, bed.server, target.db, owed.jobId);
    expect(done.signature).toBe(sent.signature);
    const ledger = await readLedgerRow(target.db, owed.transactionId);
    expect(ledger).toMatchObject({ status: 'confirmed', transactionSignature: sent.signature });
    expect(ledger.confirmedAt).toBeInstanceOf(Date);
    // The fee proves the compute unit price: 5,000 + ceil(10,000 µlamports × 1,000 units / 1e6).
    expect(ledger.rawBlockchainData).toMatchObject({
      signature: sent.signature,
      fee: String(TRANSFER_NETWORK_FEE_LAMPORTS),
    });
    expect(await balanceOf(bed.server, player.address)).toBe(before + REFUND);
    expect(await transfersFromHouse(bed.server, bed.house.address, player.address)).toEqual([
      { signature: sent.signature, lamports: REFUND },
    ]);
    expect(confirmed).toEqual([
      expect.objectContaining({
        jobId: owed.jobId,
        kind: 'refund',
        signature: sent.signature,
        amountLamports: REFUND,
      }),
    ]);
    // A confirmed job is never claimed again.
    bed.server.clock.advance(10_000);
    expect(await payer.runOnce()).toBe(0);
  });

  it('a send whose answer is lost after it landed is found by the look-up; nothing is signed again', async () => {
    const winner = (await generateKeyPairSigner()).address;
    const owed = await owePayout(target.db, winner, PAYOUT, now());
    const rpc = createFaultRpc(bed.server.url, (method) =>
      method === 'sendTransaction' ? { kind: 'lose-answer' } : PASS,
    );
    const payer = worker({ rpc });

    await payer.runOnce();
    const afterTimeout = await readJob(target.db, owed.jobId);
    expect(afterTimeout).toMatchObject({ status: 'sent', attempts: 1 });
    expect(afterTimeout.lastError).toContain('send of');

    const done = await runUntilConfirmed(payer, bed.server, target.db, owed.jobId);
    expect(done.signature).toBe(afterTimeout.signature);
    expect(await transfersFromHouse(bed.server, bed.house.address, winner)).toEqual([
      { signature: afterTimeout.signature, lamports: PAYOUT },
    ]);
  });

  it('a send that times out while its blockhash is valid gets no second signature until the blockhash expired and the transfer is not on chain', async () => {
    const winner = (await generateKeyPairSigner()).address;
    const owed = await owePayout(target.db, winner, PAYOUT, now());
    let lose = true;
    const sends: string[] = [];
    const rpc = createFaultRpc(bed.server.url, (method) => {
      if (method !== 'sendTransaction') return PASS;
      sends.push(method);
      return lose ? { kind: 'drop' } : PASS;
    });
    const payer = worker({ rpc });

    await payer.runOnce();
    const first = await readJob(target.db, owed.jobId);
    expect(first.signature).not.toBeNull();
    // 50 s of retries while the blockhash (150 blocks of 400 ms) is valid: the same bytes, again and again.
    for (let elapsed = 0; elapsed < 50_000; elapsed += 5_000) {
      bed.server.clock.advance(5_000);
      await payer.runOnce();
      const job = await readJob(target.db, owed.jobId);
      expect(job.signature).toBe(first.signature);
      expect(job.signedTransaction).toBe(first.signedTransaction);
    }
    expect(sends.length).toBeGreaterThan(3);

    lose = false;
    bed.server.clock.advance(20_000);
    const done = await runUntilConfirmed(payer, bed.server, target.db, owed.jobId);
    expect(done.signature).not.toBe(first.signature);
    const { value } = await bed.server.rpc
      .getSignatureStatuses([first.signature as never], { searchTransactionHistory: true })
      .send();
    expect(value[0]).toBeNull();
    expect(await transfersFromHouse(bed.server, bed.house.address, winner)).toEqual([
      { signature: done.signature, lamports: PAYOUT },
    ]);
    // The abandoned signature stays in the job's history: the ledger row's raw data and the job's last error.
    const ledger = await readLedgerRow(target.db, owed.transactionId);
    expect(ledger.retryCount).toBe(1);
    expect(ledger.rawBlockchainData).toMatchObject({
      abandonedSignatures: [expect.objectContaining({ signature: first.signature })],
    });
  });

  it('two workers racing on the same jobs pay each once; a live claim is never taken over, a stale one is', async () => {
    const winners = await Promise.all([1, 2, 3].map(async () => (await generateKeyPairSigner()).address));
    const jobs = await Promise.all(winners.map((w) => owePayout(target.db, w, PAYOUT, now())));
    const a = worker();
    const b = worker();
    for (let run = 0; run < 20; run++) {
      await Promise.all([a.runOnce(), b.runOnce()]);
      const statuses = await Promise.all(jobs.map(async (j) => (await readJob(target.db, j.jobId)).status));
      if (statuses.every((s) => s === 'confirmed')) break;
      bed.server.clock.advance(2_000);
    }
    for (const [i, winner] of winners.entries()) {
      expect((await readJob(target.db, jobs[i]!.jobId)).status).toBe('confirmed');
      expect(await transfersFromHouse(bed.server, bed.house.address, winner)).toHaveLength(1);
    }

    // A worker that claimed a job and died: the other waits out the lease (60 s), then takes over.
    const late = (await generateKeyPairSigner()).address;
    const stuck = await owePayout(target.db, late, PAYOUT, now());
    const claimed = await claimNextJob(target.db, { workerId: 'dead-worker', now: now(), leaseMs: 60_000 });
    expect(claimed?.id).toBe(stuck.jobId);
    bed.server.clock.advance(59_999);
    expect(await b.runOnce()).toBe(0);
    bed.server.clock.advance(1);
    expect(await b.runOnce()).toBe(1);
    await runUntilConfirmed(b, bed.server, target.db, stuck.jobId);
    expect(await transfersFromHouse(bed.server, bed.house.address, late)).toHaveLength(1);
  });

  it('a stored wallet that is not an address is never paid: the job fails with a critical event', async () => {
    const owed = await owePayout(target.db, 'not-a-wallet' as Address, PAYOUT, now());
    await worker().runOnce();
    const job = await readJob(target.db, owed.jobId);
    expect(job).toMatchObject({ status: 'failed', signature: null, lockedBy: null });
    expect((await readLedgerRow(target.db, owed.transactionId)).status).toBe('failed');
    expect(await criticalEventsFor(target.db, owed.jobId)).toHaveLength(1);
    // Reconcile lists the failed job until an admin resolves its event.
    const listed = (await bed.reconcile()).differences;
    expect(listed).toEqual([
      { kind: 'failed-payout-job', job: expect.objectContaining({ jobId: owed.jobId }) },
    ]);
    await resolveFailedJob(target.db, owed.jobId);
  });

  // Last: it reopens the database under the other tests' feet.
  it('the database restarted during a payout: the job resumes from its stored signature, no ledger row lost or doubled', async () => {
    const winner = (await generateKeyPairSigner()).address;
    const owed = await owePayout(target.db, winner, PAYOUT, now());
    const logged: string[] = [];
    const interrupted = worker({
      log: (message) => logged.push(message),
      hooks: { afterSend: () => target.reopen().then(() => undefined) },
    });
    // The step's own writes fail and are logged; the next claim finds the database gone and the run fails.
    await expect(interrupted.runOnce()).rejects.toBeInstanceOf(Error);
    expect(logged.some((m) => m.includes('could not record'))).toBe(true);

    const sent = await readJob(target.db, owed.jobId);
    expect(sent.status).toBe('sent');
    bed.server.clock.advance(60_000);
    const done = await runUntilConfirmed(worker(), bed.server, target.db, owed.jobId);
    expect(done.signature).toBe(sent.signature);
    expect(await transfersFromHouse(bed.server, bed.house.address, winner)).toHaveLength(1);
    const rows = await target.db.select().from(transactions).where(eq(transactions.walletAddress, winner));
    expect(rows).toHaveLength(1);
  });

  it('after the tests above, every house-wallet transaction on chain matches exactly one ledger row', async () => {
    expect((await bed.reconcile()).differences).toEqual([]);
  });
});
