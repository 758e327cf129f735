import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateKeyPairSigner, type KeyPairSigner, type Lamports, type Signature } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../../test/db-harness.ts';
import { systemClock } from '../../common/clock.ts';
import { signerFromSecretBytes } from '../chain/keypair-secret.ts';
import {
  type LocalChainServer,
  removeDataDir,
  startLocalChainServer,
  waitForCommitment,
} from '../chain/test-support/local-chain-server.ts';
import { type OpenedDatabase, openDatabase } from '../db/open-database.ts';
import { checkLedgerBalance } from './ledger-balance.ts';
import { createPayoutWorker } from './payout-worker.ts';
import { reconcile } from './reconcile.ts';
import {
  balanceOf,
  owePayout,
  readJob,
  readLedgerRow,
  SOL,
  transfersFromHouse,
} from './test-support/payout-fixtures.ts';
import { runChildWorker } from './test-support/worker-process.ts';

const PAYOUT = 37_500_000n;
/** "Within seconds": far below the dead claim's 60 s lease, which is also about a blockhash's life. */
const WITHIN_MS = 15_000;

/**
 * Issue 8 fault 16, RELIABILITY 10 as it happens in production: a real process killed between storing the
 * signed transfer and sending it, and the server of the same node started again at once, on the real clock,
 * while the chain's slots run at their real pace. PostgreSQL only: the child and this process share it.
 */
describe('issue 8 fault 16: a payout cut off by a crash after storing [postgresql]', () => {
  let database: ThrowawayDatabase;
  let opened: OpenedDatabase;
  let server: LocalChainServer;
  let houseSecret: Uint8Array;
  let house: KeyPairSigner;
  let dataDir: string;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'pong-payout-restart-'));
    opened = await openDatabase({ databaseUrl: database.url, dataDir });
    server = await startLocalChainServer();
    houseSecret = new Uint8Array(randomBytes(32));
    house = await signerFromSecretBytes(houseSecret);
    const funding = await server.rpc.requestAirdrop(house.address, SOL as Lamports).send();
    await waitForCommitment(server, funding, 'confirmed');
  });
  afterAll(async () => {
    await opened?.close();
    await database?.drop();
    await server?.stop();
    if (server) await removeDataDir(server.dataDir);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('issue 8 fault 16 (RELIABILITY 10): the restarted server takes back its dead claim at start and the SAME signature lands, once, within seconds', async () => {
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
