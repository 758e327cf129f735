import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uniqueSignature, uniqueWallet } from '../../../../test/support/database-bed.ts';
import { seedMigratedPglite } from '../../../../test/support/migrated-templates.ts';
import { createFakeClock } from '../../../common/clock.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/open-database.ts';
import { gameSessions, payoutJobs, queueSessions, transactions } from '../../db/schema/index.ts';
import { startServer } from '../../main.ts';

/**
 * Settlement at restart: what a stopped server left open is settled by a written policy
 * when it starts again. A search is refunded in full; a match under way is interrupted and both entries are
 * refunded in full (the operator's technical failure, SPEC §1). Nothing is forgotten or paid twice.
 */
describe('settling what a previous run left open', () => {
  it('a restart refunds open searches and interrupted matches in full, once', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pong-restart-'));
    await seedMigratedPglite(dataDir); // a migrated copy: this test is not about the first migration
    const wager = 100_000_000n;
    const [searcher, p1, p2] = [uniqueWallet(), uniqueWallet(), uniqueWallet()];
    const gameId = randomUUID();
    // One clock for the whole story: the crashed run stamps its rows with it, and the
    // restart a minute later reads it. It starts at the real time, like the stamps the database adds itself.
    const clock = createFakeClock();
    const crashedAt = new Date(clock.now());

    // The state a crash leaves behind, written straight into the embedded database.
    const before = await openDatabase({ dataDir });
    const entry = async (wallet: string, status: 'active' | 'matched') => {
      const [tx] = await before.db
        .insert(transactions)
        .values({
          type: 'entry_fee',
          walletAddress: wallet,
          amountLamports: wager,
          transactionSignature: uniqueSignature(),
          createdAt: crashedAt,
        })
        .returning();
      await before.db.insert(queueSessions).values({
        walletAddress: wallet,
        gameMode: 'tiny_tuna',
        status,
        transactionId: tx!.id,
        resultingGameId: status === 'matched' ? gameId : null,
      });
      return tx!.id;
    };
    await entry(searcher, 'active');
    // Verified and recorded, but the process died before its queue entry was written.
    const stray = uniqueWallet();
    await before.db.insert(transactions).values({
      type: 'entry_fee',
      walletAddress: stray,
      amountLamports: wager,
      transactionSignature: uniqueSignature(),
      createdAt: crashedAt,
    });
    await entry(p1, 'matched');
    await entry(p2, 'matched');
    await before.db
      .insert(gameSessions)
      .values({ id: gameId, gameType: 'tiny_tuna', status: 'playing', player1Wallet: p1, player2Wallet: p2 });
    await before.close();
    clock.advance(60_000);

    const start = () =>
      startServer({
        config: loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
        clock,
        noPayoutWorker: true,
        clientDir: '/nonexistent',
      });
    for (let run = 0; run < 2; run++) {
      const server = await start();
      const jobs = await server.db.select().from(payoutJobs);
      expect(jobs.map((j) => [j.walletAddress, j.amountLamports, j.kind]).sort()).toEqual(
        [
          [searcher, wager, 'refund'],
          [stray, wager, 'refund'],
          [p1, wager, 'refund'],
          [p2, wager, 'refund'],
        ].sort(),
      );
      const [session] = await server.db.select().from(gameSessions).where(eq(gameSessions.id, gameId));
      expect(session?.status).toBe('interrupted');
      const [open] = await server.db
        .select()
        .from(queueSessions)
        .where(eq(queueSessions.walletAddress, searcher));
      expect(open?.status).toBe('error');
      const refunds = await server.db.select().from(transactions).where(eq(transactions.type, 'refund'));
      expect(refunds.map((r) => r.reason).sort()).toEqual([
        'game_error',
        'game_error',
        'system_error',
        'system_error',
      ]);
      await server.close();
    }
    await rm(dataDir, { recursive: true, force: true });
  }, 180_000);
});
