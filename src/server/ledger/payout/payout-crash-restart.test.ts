import { generateKeyPairSigner, type KeyPairSigner, type Signature } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ThrowawayDatabase } from '../../../../test/support/database-bed.ts';
import type { LocalChainServer } from '../../../../test/support/local-chain-server.ts';
import { SOL } from '../../../../test/support/money.ts';
import { systemClock } from '../../../common/clock.ts';
import { walletAnalytics } from '../../admin/analytics/refresh-wallet-analytics.ts';
import type { OpenedDatabase } from '../../db/open-database.ts';
import { checkLedgerBalance } from '../reconcile/ledger-balance.ts';
import { reconcile } from '../reconcile/reconcile.ts';
import { createPayoutWorker } from './payout-worker.ts';
import {
  balanceOf,
  owePayout,
  readJob,
  readLedgerRow,
  transfersFromHouse,
} from './test-support/payout-fixtures.ts';
import { type PostgresPayoutBed, startPostgresPayoutBed } from './test-support/postgres-payout-bed.ts';
import { runChildWorker } from './test-support/worker-process.ts';

const PAYOUT = 37_500_000n;
/** "Within seconds": far below the dead claim's 60 s lease, which is also about a blockhash's life. */
const WITHIN_MS = 15_000;

/**
 * A stored payout re-sent with the same signature after a crash, as it happens in production: a real process killed between storing the
 * signed transfer and sending it, and the server of the same node started again at once, on the real clock,
 * while the chain's slots run at their real pace. PostgreSQL only: the child and this process share it.
 */
describe('a payout cut off by a crash after storing [postgresql]', () => {
  let rig: PostgresPayoutBed;
  let database: ThrowawayDatabase;
  let opened: OpenedDatabase;
  let server: LocalChainServer;
  let houseSecret: Uint8Array;
  let house: KeyPairSigner;

  beforeAll(async () => {
    rig = await startPostgresPayoutBed('pong-payout-restart-', SOL);
    ({ database, opened, server, houseSecret, house } = rig);
  });
  afterAll(async () => {
    await rig?.close();
  });

  it('the restarted server takes back its dead claim at start and the SAME signature lands, once, within seconds', async () => {
    const winner = (await generateKeyPairSigner()).address;
    const owed = await owePayout(opened.db, winner, PAYOUT, new Date());

    // The chain produces slots as a real one does, so a wait of a minute would expire the stored bytes.
    let chainTime = Date.now();
    const ticking = setInterval(() => {
      const now = Date.now();
      server.clock.advance(now - chainTime);
      chainTime = now;
    }, 50);
    try {
      const exit = await runChildWorker({
        databaseUrl: database.url,
        rpcUrl: server.url,
        houseSecret,
        workerId: 'node-a:4242:dead',
        jobIds: [owed.jobId],
        crashAt: 'after-store',
      });
      expect(exit.signal, exit.stderr).toBe('SIGKILL');
      const stored = await readJob(opened.db, owed.jobId);
      expect(stored).toMatchObject({ status: 'sent', lockedBy: 'node-a:4242:dead' });
      const signature = stored.signature as Signature;

      // The server of node-a starts again, as main.ts starts its worker.
      const restartedAt = Date.now();
      const worker = createPayoutWorker({
        analytics: walletAnalytics,
        db: opened.db,
        rpc: server.rpc,
        houseWallet: house,
        clock: systemClock,
        nodeId: 'node-a',
        workerId: 'node-a:4243:restarted',
        pollMs: 200,
        intervalMs: 50,
        log: () => {},
      });
      worker.start();
      try {
        await vi.waitFor(
          async () => expect((await readJob(opened.db, owed.jobId)).status).toBe('confirmed'),
          { timeout: WITHIN_MS, interval: 100 },
        );
      } finally {
        await worker.stop();
      }
      expect(Date.now() - restartedAt).toBeLessThan(WITHIN_MS);

      expect(await readJob(opened.db, owed.jobId)).toMatchObject({ status: 'confirmed', signature });
      expect(await balanceOf(server, winner)).toBe(PAYOUT);
      const history = await server.rpc.getSignaturesForAddress(winner).send();
      expect(history.map((entry) => entry.signature)).toEqual([signature]);
      expect(await transfersFromHouse(server, house.address, winner)).toEqual([
        { signature, lamports: PAYOUT },
      ]);
      expect(await readLedgerRow(opened.db, owed.transactionId)).toMatchObject({
        status: 'confirmed',
        transactionSignature: signature,
        retryCount: 0,
      });
    } finally {
      clearInterval(ticking);
    }

    expect(await checkLedgerBalance(opened.db)).toEqual([]);
    const report = await reconcile({
      db: opened.db,
      rpc: server.rpc,
      houseWallet: house.address,
      fundingAddresses: [server.chain.faucetAddress],
    });
    expect(report.differences).toEqual([]);
  });
});
