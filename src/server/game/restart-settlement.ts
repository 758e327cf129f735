import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { gameSessions, games, queueSessions } from '../db/schema/index.ts';
import type { GameMoney, OrphanedEntry } from './game-ports.ts';
import { recordInterruptedGames } from './interrupted-game-record.ts';
import type { MatchStart } from './match-recorder.ts';
import type { Matchmaker } from './matchmaker.ts';

/**
 * The written policy for what a stop leaves open (RELIABILITY 25). A match's ticks live in memory, so one
 * under way when the server stops cannot be finished fairly: it is marked interrupted with no winner and
 * both entries are refunded in full (the operator's technical failure, SPEC §1), and its game audit row
 * is written with completion status 'interrupted'. A search is refunded in full too. Each runs in one
 * database transaction with the refunds it owes.
 */

/** Matches this process was running when it was told to stop. */
export async function settleInterruptedMatches(
  db: Database,
  starts: readonly MatchStart[],
  money: GameMoney | undefined,
  at: Date,
): Promise<void> {
  if (starts.length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .update(gameSessions)
      .set({ status: 'interrupted', outcome: 'interrupted', updatedAt: at })
      .where(
        inArray(
          gameSessions.id,
          starts.map((s) => s.id),
        ),
      );
    await recordInterruptedGames(
      tx,
      starts.map((s) => s.id),
      at,
      starts,
    );
    const orphans: OrphanedEntry[] = starts.flatMap((start) =>
      start.entries.map((e) => ({
        queueSessionId: e.id,
        walletAddress: e.player.walletAddress,
        mode: e.mode,
        entryTransactionId: e.paid?.transactionId ?? null,
        gameId: start.id,
      })),
    );
    await money?.recoverOrphans(tx, orphans, at);
  });
}

/** While running: entry fees older than this with no entry and no refund are refunded in full. */
export const UNUSED_ENTRY_GRACE_MS = 5 * 60_000;

/**
 * Entries marked matched to a game that was never written (neither its session nor its record). Pairing and
 * the match start are one transaction now, but an earlier version wrote them apart, and a crash or a failed
 * write between the two left both entries matched to nothing (issue 8 fault 3). Nobody played: each is
 * closed as 'error' and its entry refunded in full, once (the refund is keyed by the queue entry).
 */
async function closeMatchedWithoutGame(tx: Database, at: Date) {
  return tx
    .update(queueSessions)
    .set({
      status: 'error',
      closedAt: at,
      updatedAt: at,
      metadata: sql`coalesce(${queueSessions.metadata}, '{}'::jsonb) || '{"closedBy":"restart","matchNeverRecorded":true}'::jsonb`,
    })
    .where(
      and(
        eq(queueSessions.status, 'matched'),
        notExists(tx.select().from(gameSessions).where(eq(gameSessions.id, queueSessions.resultingGameId))),
        notExists(tx.select().from(games).where(eq(games.id, queueSessions.resultingGameId))),
      ),
    )
    .returning({
      queueSessionId: queueSessions.id,
      walletAddress: queueSessions.walletAddress,
      mode: queueSessions.gameMode,
      entryTransactionId: queueSessions.transactionId,
    });
}

/**
 * At start: searches and matches a previous run left open (it crashed, or was killed), entries matched to a
 * game never written, and verified entry fees it recorded but never queued. Assumes this is the
 * only game-server process on the database; several would need an owner per entry and match.
 */
export async function settleAfterRestart(
  db: Database,
  matchmaker: Pick<Matchmaker, 'closeOrphans'>,
  money: GameMoney | undefined,
  at: Date,
): Promise<{ orphans: OrphanedEntry[]; gameIds: string[] }> {
  return db.transaction(async (tx) => {
    const closed = await matchmaker.closeOrphans(tx);
    const games = await tx
      .update(gameSessions)
      .set({ status: 'interrupted', outcome: 'interrupted', updatedAt: at })
      .where(inArray(gameSessions.status, ['preparing', 'playing', 'paused']))
      .returning({ id: gameSessions.id });
    const gameIds = games.map((g) => g.id);
    await recordInterruptedGames(tx, gameIds, at);
    const matched =
      gameIds.length > 0
        ? await tx
            .select({
              queueSessionId: queueSessions.id,
              walletAddress: queueSessions.walletAddress,
              mode: queueSessions.gameMode,
              entryTransactionId: queueSessions.transactionId,
              gameId: queueSessions.resultingGameId,
            })
            .from(queueSessions)
            .where(inArray(queueSessions.resultingGameId, gameIds))
        : [];
    const stranded = await closeMatchedWithoutGame(tx, at);
    const orphans: OrphanedEntry[] = [
      ...closed.map((o) => ({
        queueSessionId: o.id,
        walletAddress: o.walletAddress,
        mode: o.mode,
        entryTransactionId: o.transactionId,
        gameId: null,
      })),
      ...matched,
      ...stranded.map((o) => ({ ...o, gameId: null })),
    ];
    await money?.recoverOrphans(tx, orphans, at);
    await money?.sweepUnusedEntries(tx, at, at);
    return { orphans, gameIds };
  });
}
