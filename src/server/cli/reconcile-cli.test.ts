import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { generateKeyPairSigner, type KeyPairSigner, type Lamports } from '@solana/kit';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  airdropTo,
  type LocalChainServer,
  makeDataDir,
  removeDataDir,
  startLocalChainServer,
  waitForCommitment,
} from '../../../test/support/local-chain-server.ts';
import { seedMigratedPglite } from '../../../test/support/migrated-templates.ts';
import { SOL } from '../../../test/support/money.ts';
import { walletAnalytics } from '../admin/analytics/refresh-wallet-analytics.ts';
import { signerFromSecretBytes } from '../chain/keypair-secret.ts';
import { type OpenedDatabase, openDatabase } from '../db/open-database.ts';
import { systemEvents, transactions } from '../db/schema/index.ts';
import { pay } from '../ledger/entry/test-support/entry-fixtures.ts';
import { createPayoutWorker } from '../ledger/payout/payout-worker.ts';
import {
  owePayout,
  oweRefund,
  payEntry,
  runUntilConfirmed,
} from '../ledger/payout/test-support/payout-fixtures.ts';
import { RECONCILIATION_EVENT } from '../ledger/reconcile/reconcile.ts';
import { RECONCILE_EXIT, runReconcileCli } from './reconcile-cli.ts';

const CLI = fileURLToPath(new URL('./reconcile-cli.ts', import.meta.url));
const WAGER = 25_000_000n;
/** Nothing listens on port 1: the CLI finds no running server there. */
const NO_SERVER_PORT = '1';

/**
 * `npm run reconcile` with the embedded defaults: the chain and PGlite both live in DATA_DIR, as the
 * server keeps them. PGlite has one process, so this suite runs on it alone (the PostgreSQL path with a
 * running chain is proven at the end of payout-crash.test.ts).
 */
describe('npm run reconcile on the embedded chain and database', () => {
  let dataDir: string;
  let server: LocalChainServer;
  let opened: OpenedDatabase | undefined;
  let houseSecret: Uint8Array;
  let house: KeyPairSigner;
  let refundRowId: string;
  const lines: string[] = [];
  const output = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  const env = (port: string) => ({
    DATA_DIR: dataDir,
    HOUSE_WALLET_KEYPAIR: JSON.stringify([...houseSecret]),
    PORT: port,
  });

  beforeAll(async () => {
    dataDir = await makeDataDir();
    await seedMigratedPglite(dataDir); // a migrated copy: this test is not about the first migration
    server = await startLocalChainServer({ dataDir });
    opened = await openDatabase({ dataDir });
    houseSecret = new Uint8Array(randomBytes(32));
    house = await signerFromSecretBytes(houseSecret);
    const funding = await server.rpc.requestAirdrop(house.address, (10n * SOL) as Lamports).send();
    await waitForCommitment(server, funding, 'confirmed');

    const db = opened.db;
    const player = await airdropTo(server, SOL);
    const entry = await payEntry(server, db, { player, house: house.address, lamports: WAGER });
    const at = new Date(server.clock.now());
    const refund = await oweRefund(db, {
      wallet: player.address,
      lamports: (WAGER * 97n) / 100n,
      entryLamports: WAGER,
      entryTransactionId: entry.entryTransactionId,
      at,
    });
    const payout = await owePayout(db, (await generateKeyPairSigner()).address, 37_500_000n, at);
    const worker = createPayoutWorker({
      analytics: walletAnalytics,
      db,
      rpc: server.rpc,
      houseWallet: house,
      clock: server.clock,
      workerId: 'cli-test',
      log: () => {},
    });
    await runUntilConfirmed(worker, server, db, refund.jobId);
    await runUntilConfirmed(worker, server, db, payout.jobId);
    refundRowId = refund.transactionId;
  });
  afterAll(async () => {
    await opened?.close();
    await server?.stop();
    if (dataDir) await removeDataDir(dataDir);
  });

  it('while the server runs on PGlite, reconcile refuses to open its database a second time (exit 2)', async () => {
    const { port } = server.app.server.address() as AddressInfo;
    lines.length = 0;
    expect(await runReconcileCli([], env(String(port)), output)).toBe(RECONCILE_EXIT.cannotRun);
    expect(lines.join('\n')).toContain('open in the running server');
  });

  it('with the server stopped, reconcile opens the chain and the database of DATA_DIR and finds no difference after a payout and a refund', async () => {
    await server.stop();
    await opened?.close();
    opened = undefined;
    lines.length = 0;
    expect(await runReconcileCli([], env(NO_SERVER_PORT), output), lines.join('\n')).toBe(
      RECONCILE_EXIT.agree,
    );
    expect(lines[0]).toContain('(server stopped)');
    expect(lines.at(-1)).toMatch(/^0 difference\(s\); 4 house transaction\(s\) .* 3 matched, 1 funding/);
  });

  it('`npm run reconcile` prints a ledger row whose amount was changed and exits 1', async () => {
    const db = await openDatabase({ dataDir });
    try {
      await db.db
        .update(transactions)
        .set({ amountLamports: sql`${transactions.amountLamports} + 1` })
        .where(eq(transactions.id, refundRowId));
    } finally {
      await db.close();
    }
    const run = spawnSync(process.execPath, ['--import', 'tsx', CLI], {
      env: { ...process.env, ...env(NO_SERVER_PORT), DATABASE_URL: '', SOLANA_RPC_URL: '' },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(RECONCILE_EXIT.differences);
    expect(run.stdout).toContain(
      `DIFFERENCE ledger row ${refundRowId} (refund) says 24250001 lamports out to`,
    );
  });

  it('each completed run is a reconciliation_completed event, critical when it found differences', async () => {
    const db = await openDatabase({ dataDir });
    try {
      const events = await db.db
        .select()
        .from(systemEvents)
        .where(eq(systemEvents.eventType, RECONCILIATION_EVENT))
        .orderBy(asc(systemEvents.createdAt));
      expect(events.map((e) => [e.severity, (e.details as { ok: boolean }).ok])).toEqual([
        ['other', true],
        ['critical', false],
      ]);
      expect(events[0]?.message).toMatch(/^Reconciliation of house wallet \S+: 0 difference\(s\)/);
      expect(events[1]?.message).toMatch(/: [1-9]\d* difference\(s\)/);
    } finally {
      await db.close();
    }
  });

  it('`npm run reconcile` prints each unaccounted payment once and counts them; HOUSE_FUNDING_ADDRESSES are top-ups', async () => {
    // With the chain opened again: a top-up from the operator's treasury, and a fee no search ever used.
    const chain = await startLocalChainServer({ dataDir });
    const treasury = await airdropTo(chain, 2n * SOL);
    const topUp = await pay(chain, { from: treasury, to: house.address, lamports: SOL });
    const player = await airdropTo(chain, SOL);
    const db = await openDatabase({ dataDir });
    const entry = await payEntry(chain, db.db, { player, house: house.address, lamports: WAGER });
    await db.close();
    await chain.stop();

    lines.length = 0;
    const code = await runReconcileCli(
      [],
      { ...env(NO_SERVER_PORT), HOUSE_FUNDING_ADDRESSES: treasury.address },
      output,
    );
    expect(code).toBe(RECONCILE_EXIT.differences);
    expect(lines.filter((line) => line.includes(entry.entryTransactionId))).toEqual([
      `DIFFERENCE unaccounted payment: entry fee ${entry.entryTransactionId} (${WAGER} lamports from ${player.address}, ${entry.signature}): verified entry fee never became a search, and nothing refunds it yet`,
    ]);
    expect(lines.filter((line) => line.includes(topUp))).toEqual([]);
    expect(lines.at(-1)).toMatch(/, 1 unaccounted payment\(s\)$/);
  });

  it('a wrong environment is named and nothing runs (exit 2)', async () => {
    lines.length = 0;
    const code = await runReconcileCli([], { ...env(NO_SERVER_PORT), DATABASE_URL: 'mysql://db/x' }, output);
    expect(code).toBe(RECONCILE_EXIT.cannotRun);
    expect(lines.join('\n')).toContain('DATABASE_URL must be a postgres://');
  });
});
