import { inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { gameSessions, queueSessions } from '../db/schema/index.ts';
import type { GameMoney, OrphanedEntry } from './game-ports.ts';
import type { MatchStart } from './match-recorder.ts';
import type { Matchmaker } from './matchmaker.ts';

/**
 * The written policy for what a stop leaves open (RELIABILITY 25). A match's ticks live in memory, so one
 * under way when the server stops cannot be finished fairly: it is marked interrupted with no winner and
 * both entries are refunded in full (the operator's technical failure, SPEC §1). A search is refunded in
 * full too. Each runs in one database transaction with the refunds it owes.
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
 * At start: searches and matches a previous run left open (it crashed, or was killed), and verified entry
 * fees it recorded but never queued. Assumes this is the
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
    const orphans: OrphanedEntry[] = [
      ...closed.map((o) => ({
        queueSessionId: o.id,
        walletAddress: o.walletAddress,
        mode: o.mode,
        entryTransactionId: o.transactionId,
        gameId: null,
      })),
      ...matched,
    ];
    await money?.recoverOrphans(tx, orphans, at);
    await money?.sweepUnusedEntries(tx, at, at);
    return { orphans, gameIds };
  });
}
