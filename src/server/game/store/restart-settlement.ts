import { and, eq, inArray, isNotNull, notExists, or, sql } from 'drizzle-orm';
import { UNUSED_ENTRY_GRACE_MS } from '../../../common/rules.ts';
import type { Database } from '../../db/database.ts';
import { gameSessions, games, queueSessions } from '../../db/schema/index.ts';
import { recordSystemEvent } from '../../operations-log/system-events.ts';
import type { GameMoney, OrphanedEntry } from '../game-ports.ts';
import type { OrphanCloser } from './game-store.ts';
import { recordInterruptedGames } from './interrupted-game-record.ts';
import type { MatchStart } from './match-recorder.ts';
import { ownedWithin, scopeIsEmpty } from './node-ownership.ts';
import { releaseStakes } from './queue-rows.ts';
import { SETTLE_ALL, type SettleScope } from './store-keys.ts';

/**
 * The written policy for what a stop leaves open (RELIABILITY 25). A match's ticks live in memory, so one
 * under way when the server stops cannot be finished fairly: it is marked interrupted with no winner and
 * both entries are refunded in full (the operator's technical failure, SPEC §1), and its game audit row
 * is written with completion status 'interrupted'. A search is refunded in full too. Each runs in one
 * database transaction with the refunds it owes.
 */

/** A game session in one of these is under way: settled if its node is lost. */
const OPEN_GAME_STATUSES = ['preparing', 'playing', 'paused'] as const;

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
    await releaseStakes(
      tx,
      starts.map((s) => s.id),
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

/**
 * Entries marked matched to a game that was never written (neither its session nor its record). Pairing and
 * the match start are one transaction now, but an earlier version wrote them apart, and a crash or a failed
 * write between the two left both entries matched to nothing. Nobody played: each is
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
 * Searches and matches left open by a run that is gone: at start, what a previous run of this process left
 * (it crashed, or was killed), entries matched to a game never written, and verified entry fees recorded but
 * never queued. Alone on its database (`SETTLE_ALL`) a process settles every open row. In cluster mode
 * it settles only the rows of the nodes `scope` names (itself at start, and nodes no longer
 * beating) and, at start, rows owned by no node; entry fees are swept only once older than the grace, since
 * another live node may be between verifying a payment and queueing it. Everything runs in one transaction
 * of conditional updates, so two nodes settling the same lost node settle each row once: the first commits,
 * the second finds nothing open. A node's settlement records a system event with what it closed.
 */
export async function settleAfterRestart(
  db: Database,
  matchmaker: OrphanCloser,
  money: GameMoney | undefined,
  at: Date,
  scope: SettleScope = SETTLE_ALL,
  settledBy?: string,
): Promise<{ orphans: OrphanedEntry[]; gameIds: string[] }> {
  if (scopeIsEmpty(scope)) return { orphans: [], gameIds: [] };
  return db.transaction(async (tx) => {
    const closed = await matchmaker.closeOrphans(tx, scope);
    const games = await tx
      .update(gameSessions)
      .set({ status: 'interrupted', outcome: 'interrupted', updatedAt: at })
      .where(
        and(inArray(gameSessions.status, [...OPEN_GAME_STATUSES]), ownedWithin(gameSessions.nodeId, scope)),
      )
      .returning({ id: gameSessions.id });
    const gameIds = games.map((g) => g.id);
    await recordInterruptedGames(tx, gameIds, at);
    await releaseStakes(tx, gameIds);
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
    const sweepBefore = scope.kind === 'all' ? at : new Date(at.getTime() - UNUSED_ENTRY_GRACE_MS);
    await money?.sweepUnusedEntries(tx, sweepBefore, at);
    if (scope.kind === 'nodes' && (gameIds.length > 0 || closed.length > 0)) {
      await recordLostNodeEvent(tx, scope, settledBy, gameIds, closed.length);
    }
    return { orphans, gameIds };
  });
}

async function recordLostNodeEvent(
  tx: Database,
  scope: Extract<SettleScope, { kind: 'nodes' }>,
  settledBy: string | undefined,
  gameIds: readonly string[],
  searches: number,
): Promise<void> {
  const nodes = scope.nodeIds.length > 0 ? scope.nodeIds.join(', ') : 'no node';
  await recordSystemEvent(tx, {
    severity: 'error',
    eventType: 'game_node_lost',
    message:
      `Game node ${nodes} stopped without finishing its work: ${gameIds.length} match(es) interrupted and ` +
      `${searches} search(es) closed, every entry refunded in full` +
      (settledBy ? ` (settled by ${settledBy})` : ''),
    details: { nodeIds: scope.nodeIds, settledBy: settledBy ?? null, gameIds, searches },
  });
}

/** The game nodes named by open searches and matches (cluster mode: whose liveness decides their fate). */
export async function ownersOfOpenRows(db: Database): Promise<string[]> {
  const searching = await db
    .selectDistinct({ nodeId: queueSessions.nodeId })
    .from(queueSessions)
    .where(and(eq(queueSessions.status, 'active'), isNotNull(queueSessions.nodeId)));
  const playing = await db
    .selectDistinct({ nodeId: gameSessions.nodeId })
    .from(gameSessions)
    .where(and(inArray(gameSessions.status, [...OPEN_GAME_STATUSES]), isNotNull(gameSessions.nodeId)));
  return [...new Set([...searching, ...playing].map((r) => r.nodeId!))].sort();
}

/** Whether the wallet plays in a match under way (cluster mode: on any node). */
export async function walletInPlay(db: Database, walletAddress: string): Promise<boolean> {
  const [row] = await db
    .select({ id: gameSessions.id })
    .from(gameSessions)
    .where(
      and(
        inArray(gameSessions.status, [...OPEN_GAME_STATUSES]),
        or(eq(gameSessions.player1Wallet, walletAddress), eq(gameSessions.player2Wallet, walletAddress)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
