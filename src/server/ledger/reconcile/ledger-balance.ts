import { and, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { gameSessions, games, queueSessions, transactions } from '../../db/schema/index.ts';

/** Where an entry fee's lamports went, when the ledger does not account for exactly all of them. */
export type LedgerImbalance =
  | { kind: 'unbalanced-entry'; entryId: string; entryLamports: bigint; accountedLamports: bigint }
  | { kind: 'unbalanced-game'; gameId: string; paidInLamports: bigint; accountedLamports: bigint }
  | {
      kind: 'matched-without-game';
      entryId: string;
      queueSessionId: string;
      gameId: string | null;
      entryLamports: bigint;
    };

/**
 * The ledger balances (RELIABILITY 27): every entry fee is, to the lamport, either still in play (an active
 * queue entry, a match not yet recorded) or split between what went back to the player (refunds) and what
 * the house keeps (commission); every recorded paid game's two entries equal its payout plus its commission.
 * Pending refunds and payouts count: they are owed, and the worker pays them (a held payout too, until an
 * admin releases it or cancels it, marking its row redundant, for a refund of the loser's entry). An entry matched to a game
 * that was never written (neither its session nor its record) is not in play: nobody can play or settle it,
 * so it is reported until a restart refunds it.
 */
export async function checkLedgerBalance(db: Database): Promise<LedgerImbalance[]> {
  const [entries, queues, outflows, recorded] = await Promise.all([
    db
      .select({ id: transactions.id, amount: transactions.amountLamports })
      .from(transactions)
      .where(eq(transactions.type, 'entry_fee')),
    db
      .select({
        id: queueSessions.id,
        entryId: queueSessions.transactionId,
        status: queueSessions.status,
        gameId: queueSessions.resultingGameId,
        sessionId: gameSessions.id,
        recordId: games.id,
      })
      .from(queueSessions)
      .leftJoin(gameSessions, eq(gameSessions.id, queueSessions.resultingGameId))
      .leftJoin(games, eq(games.id, queueSessions.resultingGameId))
      .where(isNotNull(queueSessions.transactionId)),
    db
      .select({
        type: transactions.type,
        amount: transactions.amountLamports,
        entryId: transactions.originalTransactionId,
        gameId: transactions.gameId,
      })
      .from(transactions)
      .where(
        and(
          inArray(transactions.type, ['refund', 'commission', 'winner_payout']),
          // A held payout an admin cancelled (the loser refunded instead) is owed no more.
          or(ne(transactions.type, 'winner_payout'), ne(transactions.status, 'redundant')),
        ),
      ),
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
    if (queue?.status === 'matched' && returned === 0n) {
      if (queue.gameId && (queue.sessionId || queue.recordId)) {
        add(paidInPerGame, queue.gameId, entry.amount);
      } else {
        imbalances.push({
          kind: 'matched-without-game',
          entryId: entry.id,
          queueSessionId: queue.id,
          gameId: queue.gameId,
          entryLamports: entry.amount,
        });
      }
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
  switch (i.kind) {
    case 'unbalanced-entry':
      return `entry fee ${i.entryId} of ${i.entryLamports} lamports: refunds and kept shares account for ${i.accountedLamports}`;
    case 'unbalanced-game':
      return `game ${i.gameId} took ${i.paidInLamports} lamports in entries: its payout and commission account for ${i.accountedLamports}`;
    case 'matched-without-game':
      return `entry fee ${i.entryId} of ${i.entryLamports} lamports: queue entry ${i.queueSessionId} is matched to game ${i.gameId ?? '(none)'}, which was never recorded, and nothing was refunded (a restart refunds it in full)`;
    default: {
      const unreachable: never = i;
      throw new Error(`unknown imbalance ${(unreachable as { kind: string }).kind}`);
    }
  }
}
