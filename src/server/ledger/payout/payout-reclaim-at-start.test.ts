import { type Address, generateKeyPairSigner, type Signature } from '@solana/kit';
import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { SOL } from '../../../../test/support/money.ts';
import type { UnsignedJob } from './payout-job.ts';
import { claimNextJob, storeSignedTransfer } from './payout-store.ts';
import { signPayoutTransfer } from './payout-transfer.ts';
import { owePayout, readJob, runUntilConfirmed, transfersFromHouse } from './test-support/payout-fixtures.ts';
import { usePayoutTestBed } from './test-support/payout-test-bed.ts';

const PAYOUT = 37_500_000n;
const LEASE_MS = 60_000;

describeEachDatabase('a restarted node takes back its own claims at start', (target) => {
  const bed = usePayoutTestBed(target, 10n * SOL);

  /** A job owed to a fresh wallet, claimed by `owner` as a worker that then died would have left it. */
  async function claimedBy(owner: string): Promise<{ jobId: string; winner: Address; job: UnsignedJob }> {
    const winner = (await generateKeyPairSigner()).address;
    const { jobId } = await owePayout(target.db, winner, PAYOUT, bed.now());
    const job = await claimNextJob(target.db, { workerId: owner, now: bed.now(), leaseMs: LEASE_MS });
    if (job?.id !== jobId || job.state !== 'unsigned')
      throw new Error(`could not claim ${jobId} as ${owner}`);
    return { jobId, winner, job };
  }

  it("start() takes back the claims of this node's earlier processes at once and re-sends the stored bytes; another node's claim waits out its lease", async () => {
    // An earlier process of node-a died between storing a signed transfer and sending it ...
    const stored = await claimedBy('node-a:101:old');
    const { value: lifetime } = await bed.server.rpc.getLatestBlockhash().send();
    const transfer = await signPayoutTransfer({
      house: bed.house,
      recipient: stored.winner,
      lamports: PAYOUT,
      lifetime,
    });
    expect(await storeSignedTransfer(target.db, stored.job, transfer, bed.now())).toBeDefined();
    // ... another one died before signing, and node-b (alive, for all anyone knows) holds a claim.
    const unsigned = await claimedBy('node-a:77:older');
    const otherNode = await claimedBy('node-b:5:live');
    const otherClaim = await readJob(target.db, otherNode.jobId);

    // The restarted process of node-a, its clock still well inside every lease.
    const worker = bed.worker({ nodeId: 'node-a', workerId: 'node-a:102:new', intervalMs: 5 });
    worker.start();
    try {
      await vi.waitFor(
        async () => {
          const [a, b] = await Promise.all([
            readJob(target.db, stored.jobId),
            readJob(target.db, unsigned.jobId),
          ]);
          const { value } = await bed.server.rpc
            .getSignatureStatuses([transfer.signature], { searchTransactionHistory: true })
            .send();
          // The stored bytes went out as they were; the unsigned job was signed by the new process.
          expect(value[0]).not.toBeNull();
          expect(a.signature).toBe(transfer.signature);
          expect(b.signature).not.toBeNull();
        },
        { timeout: 10_000, interval: 20 },
      );
    } finally {
      await worker.stop();
    }
    expect(await readJob(target.db, otherNode.jobId)).toMatchObject({
      status: 'processing',
      lockedBy: 'node-b:5:live',
      lockedAt: otherClaim.lockedAt,
    });

    // A stopped worker runs no more; the rest is driven step by step on the fake clock.
    const driver = bed.worker();
    const paidA = await runUntilConfirmed(driver, bed.server, target.db, stored.jobId);
    expect(paidA.signature).toBe(transfer.signature);
    const paidB = await runUntilConfirmed(driver, bed.server, target.db, unsigned.jobId);
    expect(await transfersFromHouse(bed.server, bed.house.address, stored.winner)).toEqual([
      { signature: transfer.signature as Signature, lamports: PAYOUT },
    ]);
    expect(await transfersFromHouse(bed.server, bed.house.address, unsigned.winner)).toEqual([
      { signature: paidB.signature, lamports: PAYOUT },
    ]);

    // node-b's claim is taken over only once its lease has run out (RELIABILITY 13).
    expect((await readJob(target.db, otherNode.jobId)).lockedBy).toBe('node-b:5:live');
    bed.server.clock.advance(LEASE_MS);
    await runUntilConfirmed(driver, bed.server, target.db, otherNode.jobId);
    expect(await transfersFromHouse(bed.server, bed.house.address, otherNode.winner)).toHaveLength(1);
    expect((await bed.reconcile()).differences).toEqual([]);
  });

  it('a worker id that does not name its node is refused at construction', () => {
    expect(() => bed.worker({ nodeId: 'node-a', workerId: 'node-b:1:x' })).toThrow(
      'payout worker id "node-b:1:x" must start with its node id "node-a:"',
    );
  });
});
