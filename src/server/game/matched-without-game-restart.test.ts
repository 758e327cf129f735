import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  type Address,
  address,
  createSolanaRpc,
  devnet,
  generateKeyPairSigner,
  type KeyPairSigner,
  lamports,
  type Signature,
} from '@solana/kit';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createThrowawayDatabase } from '../../../test/support/database-bed.ts';
import { signedTransfer, startLocalChainServer } from '../../../test/support/local-chain-server.ts';
import { startTestServer } from '../../../test/support/test-server.ts';
import { createFakeClock } from '../../common/clock.ts';
import { getGameMode } from '../../common/game-modes.ts';
import { RECONCILE_EXIT, runReconcileCli } from '../cli/reconcile-cli.ts';
import { loadConfig } from '../config.ts';
import { payoutJobs, queueSessions, transactions } from '../db/schema/index.ts';
import { checkLedgerBalance } from '../ledger/reconcile/ledger-balance.ts';
import { startServer } from '../main.ts';

const MODE = getGameMode('tiny_tuna');

/**
 * Pairing and match start are one write, after a crash: an earlier version committed the pairing (both entries 'matched') and then
 * wrote the match start apart; a process that died, or a write that failed, between the two left two paid
 * entries matched to a game that never existed. Nobody could play or cancel them, the restart did not see
 * them, and the ledger check counted them as a match still being played, forever. Now the balance check and
 * `npm run reconcile` report them, and the next start refunds each in full, once. Real entry fees on the
 * local chain, so reconcile can agree at the end; on the embedded database and on PostgreSQL.
 */
describe.each(['pglite', 'postgresql'] as const)(
  'entries matched to a game never written, left by a crash [%s]',
  (kind) => {
    it('are reported by the balance check and reconcile, then refunded in full exactly once at start', async () => {
      const clock = createFakeClock();
      const database = kind === 'postgresql' ? await createThrowawayDatabase() : undefined;
      const env: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
      const lines: string[] = [];
      const reconcileNow = async () => {
        lines.length = 0;
        const sink = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
        // The stopped server's chain, served on the test's clock: opened on the OS clock, slots stamped by a
        // fake clock that has run ahead of it would not be visible yet.
        const chain = await startLocalChainServer({ dataDir, clock });
        try {
          const genesis = await readFile(path.join(dataDir, 'chain', 'genesis.json'), 'utf8');
          const { faucetAddress } = JSON.parse(genesis) as { faucetAddress: string };
          const args = ['--rpc-url', chain.url, '--funding-address', faucetAddress];
          return await runReconcileCli(args, { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, sink);
        } finally {
          await chain.stop();
        }
      };

      // Run 1: two players pay real entry fees, which the server verifies and records; then the state the
      // old pairing left when the process died before the match start: both matched to a game that is not.
      const first = await startTestServer({ clock, env, noPayoutWorker: true });
      const dataDir = first.dataDir;
      let rpc = createSolanaRpc(devnet(`${first.url}/rpc`));
      const confirm = async (signature: Signature) => {
        for (let poll = 0; poll < 50; poll++) {
          const { value } = await rpc.getSignatureStatuses([signature]).send();
          const status = value[0]?.confirmationStatus;
          if (status === 'confirmed' || status === 'finalized') return;
          clock.advance(400);
        }
        throw new Error(`${signature} not confirmed`);
      };
      const balance = async (wallet: Address) =>
        (await rpc.getBalance(wallet, { commitment: 'confirmed' }).send()).value;
      const payEntry = async (from: KeyPairSigner) => {
        const { value: lifetime } = await rpc.getLatestBlockhash().send();
        const to = address(first.houseWallet);
        const { wire } = await signedTransfer({ from, to, lamports: MODE.wagerLamports, lifetime });
        const signature = await rpc.sendTransaction(wire, { encoding: 'base64' }).send();
        await confirm(signature);
        return signature;
      };
      const players = [await generateKeyPairSigner(), await generateKeyPairSigner()];
      const gameId = randomUUID();
      for (const player of players) {
        await confirm(await rpc.requestAirdrop(player.address, lamports(1_000_000_000n)).send());
        const verified = await first.money.verifier.verify({
          walletAddress: player.address,
          mode: MODE.id,
          signature: await payEntry(player),
        });
        if (!verified.ok) throw new Error(verified.message);
        const at = new Date(clock.now());
        await first.db.insert(queueSessions).values({
          walletAddress: player.address,
          gameMode: MODE.id,
          status: 'matched',
          resultingGameId: gameId,
          transactionId: verified.paid.transactionId,
          createdAt: at,
          updatedAt: at,
          closedAt: at,
        });
      }
      const entryIds = (
        await first.db
          .select({ id: transactions.id })
          .from(transactions)
          .where(
            inArray(
              transactions.walletAddress,
              players.map((p) => p.address),
            ),
          )
      ).map((r) => r.id);
      const stranded = await checkLedgerBalance(first.db);
      expect(stranded.map((i) => i.kind)).toEqual(['matched-without-game', 'matched-without-game']);
      expect(stranded.map((i) => ('entryId' in i ? i.entryId : null)).sort()).toEqual([...entryIds].sort());
      const before = await Promise.all(players.map((p) => balance(p.address)));
      await first.close();
      expect(await reconcileNow()).toBe(RECONCILE_EXIT.differences);
      const differences = lines.filter((line) => line.startsWith('DIFFERENCE'));
      expect(differences, lines.join('\n')).toHaveLength(2);
      for (const line of differences)
        expect(line).toMatch(`is matched to game ${gameId}, which was never recorded`);

      // Runs 2 and 3: each start settles what it finds; the refund exists once, however often it starts.
      let after: bigint[] = [];
      for (let run = 2; run <= 3; run++) {
        const server = await startServer({
          config: loadConfig({
            PORT: '0',
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            LOG_LEVEL: 'silent',
            ...env,
          }),
          clock,
          noPayoutWorker: true,
          clientDir: '/nonexistent',
        });
        rpc = createSolanaRpc(devnet(`${server.url}/rpc`));
        const jobs = await server.db
          .select()
          .from(payoutJobs)
          .where(
            inArray(
              payoutJobs.walletAddress,
              players.map((p) => p.address),
            ),
          );
        expect(jobs.map((j) => [j.walletAddress, j.kind, j.amountLamports]).sort()).toEqual(
          players.map((p) => [p.address, 'refund', MODE.wagerLamports]).sort(),
        );
        const rows = await server.db
          .select()
          .from(queueSessions)
          .where(eq(queueSessions.resultingGameId, gameId));
        expect(rows.map((r) => r.status)).toEqual(['error', 'error']);
        expect(await checkLedgerBalance(server.db)).toEqual([]);
        if (run === 2) {
          for (let round = 0; round < 6; round++) {
            await server.money.worker.runOnce();
            clock.advance(2_500);
          }
        }
        after = await Promise.all(players.map((p) => balance(p.address)));
        await server.close();
      }
      // The refunds landed on chain, in full, once; reconcile finds nothing left to explain.
      expect(after.map((b, i) => b - before[i]!)).toEqual([MODE.wagerLamports, MODE.wagerLamports]);
      expect(await reconcileNow(), lines.join('\n')).toBe(RECONCILE_EXIT.agree);

      await rm(dataDir, { recursive: true, force: true });
      await database?.drop();
    }, 240_000);
  },
);
