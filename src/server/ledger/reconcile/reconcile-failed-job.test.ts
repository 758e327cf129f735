import { address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThrowawayDatabase } from '../../../../test/support/database-bed.ts';
import type { LocalChainServer } from '../../../../test/support/local-chain-server.ts';
import { SOL } from '../../../../test/support/money.ts';
import { walletAnalytics } from '../../admin/analytics/refresh-wallet-analytics.ts';
import { RECONCILE_EXIT, runReconcileCli } from '../../cli/reconcile-cli.ts';
import type { OpenedDatabase } from '../../db/open-database.ts';
import { createPayoutWorker } from '../payout/payout-worker.ts';
import {
  criticalEventsFor,
  owePayout,
  readJob,
  resolveFailedJob,
} from '../payout/test-support/payout-fixtures.ts';
import {
  type PostgresPayoutBed,
  startPostgresPayoutBed,
} from '../payout/test-support/postgres-payout-bed.ts';

/**
 * `npm run reconcile` and a payout job the worker gave up on. PostgreSQL, so the CLI
 * opens the database beside this process (the PGlite path of the CLI is proven in reconcile-cli.test.ts; the
 * listing itself on both databases in payout-refused-transfer.test.ts).
 */
describe('npm run reconcile and a failed payout job [postgresql]', () => {
  let rig: PostgresPayoutBed;
  let database: ThrowawayDatabase;
  let opened: OpenedDatabase;
  let server: LocalChainServer;
  let houseSecret: Uint8Array;
  let house: KeyPairSigner;
  let dataDir: string;

  beforeAll(async () => {
    rig = await startPostgresPayoutBed('pong-reconcile-failed-', SOL);
    ({ database, opened, server, houseSecret, house, dataDir } = rig);
  });
  afterAll(async () => {
    await rig?.close();
  });

  it('reconcile prints the failed job and exits 1 until its critical event is resolved, then exits 0', async () => {
    const sysvar = address('SysvarC1ock11111111111111111111111111111111');
    const owed = await owePayout(opened.db, sysvar, 37_500_000n, new Date(server.clock.now()));
    const worker = createPayoutWorker({
      analytics: walletAnalytics,
      db: opened.db,
      rpc: server.rpc,
      houseWallet: house,
      clock: server.clock,
      workerId: 'reconcile-failed-job',
      log: () => {},
    });
    await worker.runOnce();
    expect(await readJob(opened.db, owed.jobId)).toMatchObject({ status: 'failed' });
    expect(await criticalEventsFor(opened.db, owed.jobId)).toHaveLength(1);

    const lines: string[] = [];
    const output = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      HOUSE_WALLET_KEYPAIR: JSON.stringify([...houseSecret]),
    };
    const argv = ['--rpc-url', server.url, '--funding-address', server.chain.faucetAddress];
    expect(await runReconcileCli(argv, env, output), lines.join('\n')).toBe(RECONCILE_EXIT.differences);
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^DIFFERENCE payout job ${owed.jobId} \\(winner_payout of 37500000 lamports to ${sysvar}, ledger row ${owed.transactionId}\\) failed and is unresolved: the recipient is a read-only account`,
        ),
      ),
    );
    expect(lines.at(-1)).toMatch(/^1 difference\(s\)/);

    // An admin pays it by hand (or re-queues it) and resolves the event: nothing is left to report.
    await resolveFailedJob(opened.db, owed.jobId);
    lines.length = 0;
    expect(await runReconcileCli(argv, env, output), lines.join('\n')).toBe(RECONCILE_EXIT.agree);
    expect(lines.at(-1)).toMatch(/^0 difference\(s\)/);
  });
});
