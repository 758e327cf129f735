import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { generateKeyPairSigner } from '@solana/kit';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createThrowawayDatabase, describeEachDatabase } from '../../../../test/support/database-bed.ts';
import { productChain } from '../../../../test/support/product-chain.ts';
import { startTestServer } from '../../../../test/support/test-server.ts';
import { until } from '../../../../test/support/until.ts';
import { createFakeClock } from '../../../common/clock.ts';
import { getGameMode } from '../../../common/game-modes.ts';
import { loadConfig } from '../../config.ts';
import { gameSessions, games, queueSessions, transactions } from '../../db/schema/index.ts';
import { playerHistory } from '../../ledger/player-history.ts';
import { checkLedgerBalance } from '../../ledger/reconcile/ledger-balance.ts';
import { startServer } from '../../main.ts';
import { localChainForFile, searchBed } from '../test-support/paid-search-bed.ts';

const MODE = getGameMode('tiny_tuna');

/**
 * Every game has its audit row, interrupted ones too: a match under way when the server crashed had no game
 * audit row (it is written when a match ends), so the settled, refunded game was missing from the admin's
 * Games tab. Now the restart writes it, completion status 'interrupted', no winner, the entry signatures,
 * each seat's full refund, and, once the chain confirms the refunds, their transactions and signatures.
 * Real entry fees on the local chain; on the embedded database and on PostgreSQL.
 */
describe.each(['pglite', 'postgresql'] as const)(
  'a match interrupted by a crash gets its games row [%s]',
  (kind) => {
    it("the restart writes one 'interrupted' games row with entries, refunds and their signatures", async () => {
      const clock = createFakeClock();
      const database = kind === 'postgresql' ? await createThrowawayDatabase() : undefined;
      const env: Record<string, string> = database ? { DATABASE_URL: database.url } : {};

      // Run 1: two real entry fees, verified and matched to a game that is under way when the process dies.
      const first = await startTestServer({ clock, env, noPayoutWorker: true });
      const dataDir = first.dataDir;
      const chainNow = productChain(first.url, clock);
      const gameId = randomUUID();
      const players = [await generateKeyPairSigner(), await generateKeyPairSigner()] as const;
      const entrySignatures: string[] = [];
      for (const player of players) {
        await chainNow.airdrop(player.address, 1_000_000_000n);
        const signature = await chainNow.transfer(player, first.houseWallet, MODE.wagerLamports);
        entrySignatures.push(signature);
        const verified = await first.money.verifier.verify({
          walletAddress: player.address,
          mode: MODE.id,
          signature,
        });
        if (!verified.ok) throw new Error(verified.message);
        await first.db.insert(queueSessions).values({
          walletAddress: player.address,
          gameMode: MODE.id,
          status: 'matched',
          resultingGameId: gameId,
          transactionId: verified.paid.transactionId,
        });
      }
      const startedAt = new Date(clock.now());
      await first.db.insert(gameSessions).values({
        id: gameId,
        gameType: MODE.id,
        status: 'playing',
        player1Wallet: players[0].address,
        player2Wallet: players[1].address,
        startTime: startedAt,
        wagerLamports: MODE.wagerLamports,
        winLamports: MODE.winLamports,
      });
      expect(await first.db.select().from(games).where(eq(games.id, gameId))).toEqual([]);
      await first.close();
      clock.advance(60_000);

      // Runs 2 and 3: the first settles and pays the refunds; the second finds nothing more to write.
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
          print: () => {},
        });
        if (run === 2) {
          for (let round = 0; round < 6; round++) {
            await server.money.worker.runOnce();
            clock.advance(2_500);
          }
        }
        const rows = await server.db.select().from(games).where(eq(games.id, gameId));
        expect(rows).toHaveLength(1);
        const refundOf = async (wallet: string) =>
          (
            await server.db
              .select()
              .from(transactions)
              .where(
                and(
                  eq(transactions.type, 'refund'),
                  eq(transactions.walletAddress, wallet),
                  eq(transactions.status, 'confirmed'),
                ),
              )
          )[0];
        const [r1, r2] = [await refundOf(players[0].address), await refundOf(players[1].address)];
        expect(r1?.transactionSignature).toBeTruthy();
        expect(rows[0]).toMatchObject({
          mode: MODE.id,
          completionStatus: 'interrupted',
          winner: null,
          player1Wallet: players[0].address,
          player2Wallet: players[1].address,
          startedAt,
          entryFeeLamports: MODE.wagerLamports,
          player1EntrySignature: entrySignatures[0],
          player2EntrySignature: entrySignatures[1],
          player1RefundLamports: MODE.wagerLamports,
          player2RefundLamports: MODE.wagerLamports,
          player1RefundTransactionId: r1?.id,
          player1RefundSignature: r1?.transactionSignature,
          player2RefundTransactionId: r2?.id,
          player2RefundSignature: r2?.transactionSignature,
        });
        // The books balance, and the player's history shows the game as neither won nor lost.
        expect(await checkLedgerBalance(server.db)).toEqual([]);
        const history = await playerHistory(server.db, players[0].address, { limit: 20 });
        expect(history.transactions.find((t) => t.type === 'game_record')).toMatchObject({
          game_id: gameId,
          game_completion_status: 'interrupted',
          game_outcome: null,
          player_won: null,
        });
        await server.close();
      }
      await rm(dataDir, { recursive: true, force: true });
      await database?.drop();
    }, 240_000);
  },
);

const chain = localChainForFile();

describeEachDatabase('a match interrupted by a shutdown gets its games row', (target) => {
  it("SIGTERM mid-match writes an 'interrupted' games row with the seats, entries and full refunds", async () => {
    const bed = await searchBed(chain(), target.db);
    const [a, b] = [await bed.link(), await bed.link()];
    await bed.findPaidMatch(a);
    await bed.findPaidMatch(b);
    await until(() => a.of('matched').length === 1, { what: 'matched' });
    const gameId = a.of('matched')[0]!.gameId;
    const seedHash = a.of('matched')[0]!.data.seedHash;
    const entries = await target.db.select().from(transactions).where(eq(transactions.type, 'entry_fee'));
    const signatureOf = (wallet: string) =>
      entries.find((e) => e.walletAddress === wallet)?.transactionSignature;

    await bed.game.shutdown();
    const [row] = await target.db.select().from(games).where(eq(games.id, gameId));
    expect(row).toMatchObject({
      completionStatus: 'interrupted',
      winner: null,
      player1Wallet: a.wallet.address,
      player2Wallet: b.wallet.address,
      player1DisplayName: a.displayName,
      player1Ip: a.ip,
      rngSeedHash: seedHash,
      player1EntrySignature: signatureOf(a.wallet.address),
      player2EntrySignature: signatureOf(b.wallet.address),
      player1RefundLamports: MODE.wagerLamports,
      player2RefundLamports: MODE.wagerLamports,
    });
    expect([...(await bed.jobsOf(a)), ...(await bed.jobsOf(b))].map((j) => j.amountLamports)).toEqual([
      MODE.wagerLamports,
      MODE.wagerLamports,
    ]);
  }, 60_000);
});
