import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { games, queueSessions, transactions } from '../db/schema/index.ts';

/** Where an entry fee's lamports went, when the ledger does not account for exactly all of them. */
export type LedgerImbalance =
  | { kind: 'unbalanced-entry'; entryId: string; entryLamports: bigint; accountedLamports: bigint }
  | { kind: 'unbalanced-game'; gameId: string; paidInLamports: bigint; accountedLamports: bigint };

/**
 * The ledger balances (RELIABILITY 27): every entry fee is, to the lamport, either still in play (an active
 * queue entry, a match not yet recorded) or split between what went back to the player (refunds) and what
 * the house keeps (commission); every recorded paid game's two entries equal its payout plus its commission.
 * Pending refunds and payouts count: they are owed, and the worker pays them.
 */
export async function checkLedgerBalance(db: Database): Promise<LedgerImbalance[]> {
  const [entries, queues, outflows, recorded] = await Promise.all([
    db
      .select({ id: transactions.id, amount: transactions.amountLamports })
      .from(transactions)
      .where(eq(transactions.type, 'entry_fee')),
    db
      .select({
        entryId: queueSessions.transactionId,
        status: queueSessions.status,
        gameId: queueSessions.resultingGameId,
      })
      .from(queueSessions)
      .where(isNotNull(queueSessions.transactionId)),
    db
      .select({
        type: transactions.type,
        amount: transactions.amountLamports,
        entryId: transactions.originalTransactionId,
        gameId: transactions.gameId,
      })
      .from(transactions)
      .where(inArray(transactions.type, ['refund', 'commission', 'winner_payout'])),
    db
      .select({ id: games.id })
      .from(games)
      .where(and(isNotNull(games.player1EntryTransactionId), isNotNull(games.completionStatus))),
  ]);

  const queueOf = new Map(queues.map((q) => [q.entryId, q]));
  const recordedGames = new Set(recorded.map((g) => g.id));
  const returnedFor = new Map<string, bigint>();
  const settledFor = new Map<string, bigint>();
  const add = (map: Map<string, bigint>, key: string, amount: bigint) =>
    map.set(key, (map.get(key) ?? 0n) + amount);
  for (const row of outflows) {
    // Refunds and kept shares name the entry they come from; a game's payout and commission name the game.
    if (row.entryId && row.type !== 'winner_payout') add(returnedFor, row.entryId, row.amount);
    else if (row.gameId && row.type !== 'refund') add(settledFor, row.gameId, row.amount);
  }

  const imbalances: LedgerImbalance[] = [];
  const paidInPerGame = new Map<string, bigint>();
  for (const entry of entries) {
    const queue = queueOf.get(entry.id);
    const returned = returnedFor.get(entry.id) ?? 0n;
    if (queue?.status === 'active' && returned === 0n) continue;
    if (queue?.status === 'matched' && returned === 0n && queue.gameId) {
      add(paidInPerGame, queue.gameId, entry.amount);
      continue;
    }
    if (returned !== entry.amount) {
      imbalances.push({
        kind: 'unbalanced-entry',
        entryId: entry.id,
        entryLamports: entry.amount,
        accountedLamports: returned,
      });
    }
  }
  for (const [gameId, paidIn] of paidInPerGame) {
    if (!recordedGames.has(gameId)) continue; // still being played
    const settled = settledFor.get(gameId) ?? 0n;
    if (settled !== paidIn) {
      imbalances.push({
        kind: 'unbalanced-game',
        gameId,
        paidInLamports: paidIn,
        accountedLamports: settled,
      });
    }
  }
  return imbalances;
}

export function describeImbalance(i: LedgerImbalance): string {
  return i.kind === 'unbalanced-entry'
    ? `entry fee ${i.entryId} of ${i.entryLamports} lamports: refunds and kept shares account for ${i.accountedLamports}`
    : `game ${i.gameId} took ${i.paidInLamports} lamports in entries: its payout and commission account for ${i.accountedLamports}`;
}
