import { type Address, generateKeyPairSigner, type KeyPairSigner, type Signature } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThrowawayDatabase } from '../../../../test/support/database-bed.ts';
import {
  type LocalChainServer,
  signedTransfer,
  waitForCommitment,
} from '../../../../test/support/local-chain-server.ts';
import { SOL } from '../../../../test/support/money.ts';
import { createFakeClock } from '../../../common/clock.ts';
import { walletAnalytics } from '../../admin/analytics/refresh-wallet-analytics.ts';
import { RECONCILE_EXIT, runReconcileCli } from '../../cli/reconcile-cli.ts';
import type { OpenedDatabase } from '../../db/open-database.ts';
import { createPayoutWorker } from './payout-worker.ts';
import {
  balanceOf,
  owePayout,
  readJob,
  readLedgerRow,
  runUntilConfirmed,
  transfersFromHouse,
} from './test-support/payout-fixtures.ts';
import { type PostgresPayoutBed, startPostgresPayoutBed } from './test-support/postgres-payout-bed.ts';
import { type CrashPoint, runChildWorker } from './test-support/worker-process.ts';

const PAYOUT = 37_500_000n;
const LEASE_MS = 60_000;

/**
 * The worker in real child processes, killed with SIGKILL at the two dangerous points (ARCHITECTURE
 * invariant 3). PostgreSQL only: the children and this process must share one database, which PGlite (one
 * process's engine) cannot offer.
 */
describe('payout worker in child processes [postgresql]', () => {
  let rig: PostgresPayoutBed;
  let database: ThrowawayDatabase;
  let opened: OpenedDatabase;
  let server: LocalChainServer;
  let houseSecret: Uint8Array;
  let house: KeyPairSigner;
  let dataDir: string;

  beforeAll(async () => {
    rig = await startPostgresPayoutBed('pong-payout-crash-', 100n * SOL);
    ({ database, opened, server, houseSecret, house, dataDir } = rig);
  });
  afterAll(async () => {
    await rig?.close();
  });

  function child(workerId: string, jobIds: string[], crashAt?: CrashPoint) {
    return runChildWorker({
      databaseUrl: database.url,
      rpcUrl: server.url,
      houseSecret,
      workerId,
      jobIds,
      crashAt,
    });
  }

  /** A normal worker started after the crash; its clock is past the dead worker's lease. */
  function restartedWorker() {
    const clock = createFakeClock(Date.now() + LEASE_MS + 1_000);
    const worker = createPayoutWorker({
      analytics: walletAnalytics,
      db: opened.db,
      rpc: server.rpc,
      houseWallet: house,
      clock,
      workerId: 'restarted',
      leaseMs: LEASE_MS,
      log: () => {},
    });
    return { worker, clock };
  }

  /** Exactly one transfer from the house reached `winner`, with this signature, and the ledger agrees. */
  async function expectPaidOnce(
    winner: Address,
    jobId: string,
    transactionId: string,
    signature: string | null,
  ) {
    expect(await balanceOf(server, winner)).toBe(PAYOUT);
    const history = await server.rpc.getSignaturesForAddress(winner).send();
    expect(history.map((entry) => entry.signature)).toEqual([signature]);
    expect(await transfersFromHouse(server, house.address, winner)).toEqual([
      { signature, lamports: PAYOUT },
    ]);
    expect(await readJob(opened.db, jobId)).toMatchObject({ status: 'confirmed', signature });
    expect(await readLedgerRow(opened.db, transactionId)).toMatchObject({
      status: 'confirmed',
      transactionSignature: signature,
      retryCount: 0,
    });
  }

  it('killed after storing the signed transfer, before sending: the restart sends the same bytes; one transfer', async () => {
    const winner = (await generateKeyPairSigner()).address;
    const owed = await owePayout(opened.db, winner, PAYOUT, new Date());

    const exit = await child('child-10', [owed.jobId], 'after-store');
    expect(exit.signal, exit.stderr).toBe('SIGKILL');
    const stored = await readJob(opened.db, owed.jobId);
    expect(stored).toMatchObject({ status: 'sent', lockedBy: 'child-10' });
    expect(stored.signedTransaction).not.toBeNull();
    const { value } = await server.rpc
      .getSignatureStatuses([stored.signature as Signature], { searchTransactionHistory: true })
      .send();
    expect(value[0]).toBeNull();

    const { worker, clock } = restartedWorker();
    const done = await runUntilConfirmed(worker, server, opened.db, owed.jobId, { workerClock: clock });
    expect(done.signature).toBe(stored.signature);
    await expectPaidOnce(winner, owed.jobId, owed.transactionId, stored.signature);
  });

  it('killed after sending, before recording: the look-up finds the transfer; nothing is signed again', async () => {
    const winner = (await generateKeyPairSigner()).address;
    const owed = await owePayout(opened.db, winner, PAYOUT, new Date());

    const exit = await child('child-11', [owed.jobId], 'after-send');
    expect(exit.signal, exit.stderr).toBe('SIGKILL');
    const sent = await readJob(opened.db, owed.jobId);
    expect(sent).toMatchObject({ status: 'sent', lockedBy: 'child-11' });
    const { value } = await server.rpc.getSignatureStatuses([sent.signature as Signature]).send();
    expect(value[0]).not.toBeNull();

    const { worker, clock } = restartedWorker();
    const done = await runUntilConfirmed(worker, server, opened.db, owed.jobId, { workerClock: clock });
    expect(done.signature).toBe(sent.signature);
    await expectPaidOnce(winner, owed.jobId, owed.transactionId, sent.signature);
  });

  it('two worker processes on the same jobs: one transfer each', async () => {
    const winners = await Promise.all([1, 2, 3].map(async () => (await generateKeyPairSigner()).address));
    const jobs = await Promise.all(winners.map((winner) => owePayout(opened.db, winner, PAYOUT, new Date())));
    const jobIds = jobs.map((job) => job.jobId);
    // The chain's slots run at 16× while both processes work, so transfers confirm within milliseconds.
    const ticking = setInterval(() => server.clock.advance(400), 25);
    try {
      const exits = await Promise.all([child('child-13a', jobIds), child('child-13b', jobIds)]);
      for (const exit of exits) expect(exit.code, exit.stderr).toBe(0);
    } finally {
      clearInterval(ticking);
    }
    for (const [i, winner] of winners.entries()) {
      const job = jobs[i]!;
      await expectPaidOnce(
        winner,
        job.jobId,
        job.transactionId,
        (await readJob(opened.db, job.jobId)).signature,
      );
    }
  });

  it('after the crashes, `npm run reconcile` (PostgreSQL, the running chain) finds no difference, then finds one made on purpose', async () => {
    const lines: string[] = [];
    const output = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      HOUSE_WALLET_KEYPAIR: JSON.stringify([...houseSecret]),
    };
    const argv = ['--rpc-url', server.url, '--funding-address', server.chain.faucetAddress];
    expect(await runReconcileCli(argv, env, output), lines.join('\n')).toBe(RECONCILE_EXIT.agree);
    expect(lines.at(-1)).toMatch(/^0 difference\(s\)/);

    // Money out of the house that no ledger row explains.
    const stranger = (await generateKeyPairSigner()).address;
    const { value: lifetime } = await server.rpc.getLatestBlockhash().send();
    const { wire } = await signedTransfer({ from: house, to: stranger, lamports: 1_000_000n, lifetime });
    await waitForCommitment(
      server,
      await server.rpc.sendTransaction(wire, { encoding: 'base64' }).send(),
      'confirmed',
    );
    lines.length = 0;
    expect(await runReconcileCli(argv, env, output)).toBe(RECONCILE_EXIT.differences);
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^DIFFERENCE unrecorded outgoing transfer .*out to ${stranger}`)),
    );
  });
});
