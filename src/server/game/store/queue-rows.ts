import { and, eq, inArray, sql } from 'drizzle-orm';
import type { GameModeId } from '../../../common/game-modes.ts';
import { HOUSE_BOT_ADDRESS } from '../../../common/rules.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { payoutJobs, queueSessions, transactions } from '../../db/schema/index.ts';
import type { CloseStatus, OpenChallenge, PaidEntry, QueueEntry, QueuePlayer } from '../queue-entry.ts';
import { ownedWithin } from './node-ownership.ts';
import type { SettleScope } from './store-keys.ts';

/**
 * The queue-session rows behind every search, written the same way by the one-process matchmaker and by
 * cluster mode's: the database is the judge of a search's fate. Its one-live-stake-per-wallet index (an
 * active search, or a matched entry whose match is in play) makes two sockets (or two nodes) of one wallet
 * get one entry, and a wallet in a match get none until that match's result or refund commits; every close
 * is conditional on the row still being active, so a cancel and a match exclude each other wherever they run.
 */

/** A search's row as written: who, which mode, its fee, and whether it opens or accepts a challenge. */
export interface EntryRow {
  player: QueuePlayer;
  mode: GameModeId;
  paid: PaidEntry | null;
  joinedAt: number;
  nodeId: string | null;
  /** A challenge this search opens (its code and expiry on the row). */
  challenge?: OpenChallenge | undefined;
  /** The challenge this search accepts (kept in the row's metadata, for the audit). */
  accepts?: string | undefined;
}

/**
 * A new active entry's id, or null when the wallet already has a live stake (an active entry, or a match in
 * play) or its entry fee was already refunded. A paid entry takes its fee's ledger row in key-share mode before it looks for a refund and writes:
 * the running sweeper (ledger/payout/unused-entry-sweep.ts) holds that row FOR UPDATE while it refunds an unused fee,
 * so of a search and a sweep of the same fee exactly one happens, whichever comes first.
 */
export async function insertEntryRow(db: Database, entry: EntryRow): Promise<string | null> {
  const { paid } = entry;
  try {
    // Its own transaction, or a savepoint inside the caller's (a challenge accepted): a refused insert rolls
    // back only itself, and the caller's transaction goes on.
    return await db.transaction(async (tx) => {
      if (!paid) return writeEntryRow(tx, entry);
      await tx
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.id, paid.transactionId))
        .for('key share');
      const [refunded] = await tx
        .select({ id: payoutJobs.id })
        .from(payoutJobs)
        .where(eq(payoutJobs.entryTransactionId, paid.transactionId))
        .limit(1);
      return refunded ? null : writeEntryRow(tx, entry);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'queue_sessions_one_live_stake_per_wallet')) return null;
    throw error;
  }
}

async function writeEntryRow(db: Database, entry: EntryRow): Promise<string> {
  const { player, paid, joinedAt } = entry;
  const metadata = {
    ...(paid ? { paymentSignature: paid.signature, lamports: paid.lamports.toString() } : {}),
    ...(entry.accepts ? { acceptedChallenge: entry.accepts } : {}),
  };
  const [row] = await db
    .insert(queueSessions)
    .values({
      playerId: player.playerSessionId,
      walletAddress: player.walletAddress,
      displayName: player.displayName,
      gameMode: entry.mode,
      status: 'active',
      createdAt: new Date(joinedAt),
      updatedAt: new Date(joinedAt),
      transactionId: paid?.transactionId ?? null,
      ipAddress: player.ip,
      userAgent: player.userAgent,
      nodeId: entry.nodeId,
      metadata: Object.keys(metadata).length > 0 ? metadata : null,
      challengeCode: entry.challenge?.code ?? null,
      challengeExpiresAt: entry.challenge ? new Date(entry.challenge.expiresAt) : null,
    })
    .returning({ id: queueSessions.id });
  return row!.id;
}

/** Closes the entry if it is still active; whether this call closed it. */
export async function closeEntryRow(
  tx: Database,
  now: number,
  entry: Pick<QueueEntry, 'id' | 'joinedAt'>,
  status: CloseStatus | 'matched',
  gameId?: string,
): Promise<boolean> {
  const rows = await tx
    .update(queueSessions)
    .set({
      status,
      closedAt: new Date(now),
      updatedAt: new Date(now),
      timeInQueueMs: Math.max(0, Math.round(now - entry.joinedAt)),
      ...(gameId ? { resultingGameId: gameId } : {}),
      // Matched, its stake stays the wallet's one live stake until the match's end releases it (the house
      // bot's seats excepted: one address plays every bot match).
      ...(status === 'matched'
        ? { inPlay: sql`${queueSessions.walletAddress} <> ${HOUSE_BOT_ADDRESS}` }
        : {}),
    })
    .where(and(eq(queueSessions.id, entry.id), eq(queueSessions.status, 'active')))
    .returning({ id: queueSessions.id });
  return rows.length === 1;
}

/**
 * The matches' entries are no longer at risk: written in the transaction of each end of a match (its result,
 * an interruption, a restart's or a lost node's settlement), so each wallet may search again.
 */
export async function releaseStakes(tx: Database, gameIds: readonly string[]): Promise<void> {
  if (gameIds.length === 0) return;
  await tx
    .update(queueSessions)
    .set({ inPlay: false })
    .where(and(inArray(queueSessions.resultingGameId, [...gameIds]), eq(queueSessions.inPlay, true)));
}

/** Active entries of the scope's nodes, closed as 'error' (closedBy restart) and returned to be refunded. */
export function closeOrphanRows(tx: Database, now: Date, scope: SettleScope) {
  return tx
    .update(queueSessions)
    .set({
      status: 'error',
      closedAt: now,
      updatedAt: now,
      metadata: sql`coalesce(${queueSessions.metadata}, '{}'::jsonb) || '{"closedBy":"restart"}'::jsonb`,
    })
    .where(and(eq(queueSessions.status, 'active'), ownedWithin(queueSessions.nodeId, scope)))
    .returning({
      id: queueSessions.id,
      walletAddress: queueSessions.walletAddress,
      mode: queueSessions.gameMode,
      transactionId: queueSessions.transactionId,
    });
}

/** Which of these entries are still active. */
export async function stillActive(db: Database, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: queueSessions.id })
    .from(queueSessions)
    .where(and(inArray(queueSessions.id, [...ids]), eq(queueSessions.status, 'active')));
  return new Set(rows.map((r) => r.id));
}
