import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  uniqueSignature,
  uniqueWallet,
} from '../../../../test/support/database-bed.ts';
import type { Database } from '../../db/database.ts';
import { games, queueSessions, transactions } from '../../db/schema/index.ts';
import type { QueueEntry } from '../../game/matchmaker.ts';
import { createMatchMoney } from '../match-money.ts';
import { checkLedgerBalance } from './ledger-balance.ts';

const WAGER = 100_000_000n;
const HOUSE = uniqueWallet();
const money = createMatchMoney({ houseWallet: HOUSE });

async function paidEntry(
  db: Database,
  status: 'active' | 'matched' | 'cancelled',
  gameId?: string,
): Promise<QueueEntry> {
  const wallet = uniqueWallet();
  const [tx] = await db
    .insert(transactions)
    .values({
      type: 'entry_fee',
      walletAddress: wallet,
      amountLamports: WAGER,
      transactionSignature: uniqueSignature(),
    })
    .returning();
  const [queue] = await db
    .insert(queueSessions)
    .values({
      walletAddress: wallet,
      gameMode: 'tiny_tuna',
      status,
      transactionId: tx!.id,
      resultingGameId: gameId ?? null,
    })
    .returning();
  return {
    id: queue!.id,
    mode: 'tiny_tuna',
    joinedAt: 0,
    paid: { transactionId: tx!.id, signature: tx!.transactionSignature!, lamports: WAGER },
    player: {
      linkId: 'l',
      playerSessionId: 's',
      walletAddress: wallet,
      displayName: 'P',
      ip: null,
      userAgent: null,
    },
  };
}

describeEachDatabase('the ledger balances', (target) => {
  it('an entry still searching, a cancel (97% back, 3% kept) and a paid game (1.5x out, the rest kept) balance', async () => {
    const db = target.db;
    await paidEntry(db, 'active');
    const cancelled = await paidEntry(db, 'cancelled');
    await db.transaction((tx) => money.entryClosed(tx, cancelled, 'player_cancel', new Date()));
    const gameId = randomUUID();
    const [a, b] = [await paidEntry(db, 'matched', gameId), await paidEntry(db, 'matched', gameId)];
    await db.insert(games).values({
      id: gameId,
      mode: 'tiny_tuna',
      player1Wallet: a.player.walletAddress,
      player2Wallet: b.player.walletAddress,
      player1EntryTransactionId: a.paid!.transactionId,
      player2EntryTransactionId: b.paid!.transactionId,
      completionStatus: 'completed',
      winner: a.player.walletAddress,
    });
    const result = {
      id: gameId,
      mode: 'tiny_tuna',
      winner: 0,
      scores: [11, 3],
      endedAt: Date.now(),
    } as never;
    await db.transaction((tx) =>
      money.matchEnded(tx, result, { id: gameId, entries: [a, b], seedHash: '', startedAt: 0 }),
    );
    expect(await checkLedgerBalance(db)).toEqual([]);
  });

  it('a kept share that went missing is reported', async () => {
    const db = target.db;
    const cancelled = await paidEntry(db, 'cancelled');
    await db.transaction((tx) => money.entryClosed(tx, cancelled, 'player_cancel', new Date()));
    // The 3% kept share row goes missing: only the 97% refund accounts for the entry.
    await db
      .delete(transactions)
      .where(
        and(
          eq(transactions.originalTransactionId, cancelled.paid!.transactionId),
          eq(transactions.type, 'commission'),
        ),
      );
    const found = await checkLedgerBalance(db);
    expect(found).toContainEqual({
      kind: 'unbalanced-entry',
      entryId: cancelled.paid!.transactionId,
      entryLamports: WAGER,
      accountedLamports: (WAGER * 97n) / 100n,
    });
  });

  it('the sweep refunds a verified entry fee that never became an entry, once, and leaves a fresh one alone', async () => {
    const db = target.db;
    const wallet = uniqueWallet();
    // The real time, like the rows the other tests here leave stamped by the database.
    const recordedAt = new Date();
    const [entry] = await db
      .insert(transactions)
      .values({
        type: 'entry_fee',
        walletAddress: wallet,
        amountLamports: WAGER,
        transactionSignature: uniqueSignature(),
        createdAt: recordedAt,
      })
      .returning();
    const sweep = (olderThan: Date) =>
      db.transaction((tx) => money.sweepUnusedEntries(tx, olderThan, olderThan));
    // A verification that has just recorded its entry is given time to write the queue entry.
    expect(await sweep(recordedAt)).toBe(0);
    expect(await sweep(new Date(recordedAt.getTime() + 1))).toBe(1);
    expect(await sweep(new Date(recordedAt.getTime() + 1))).toBe(0);
    const refunds = await db
      .select()
      .from(transactions)
      .where(eq(transactions.originalTransactionId, entry!.id));
    expect(refunds.map((r) => [r.type, r.amountLamports, r.walletAddress])).toEqual([
      ['refund', WAGER, wallet],
    ]);
  });
});
