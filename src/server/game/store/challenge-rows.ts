import { and, eq, TransactionRollbackError } from 'drizzle-orm';
import type { Clock } from '../../../common/clock.ts';
import type { GameModeId } from '../../../common/game-modes.ts';
import { ERROR_CODES } from '../../../common/wire-codes.ts';
import type { Database } from '../../db/database.ts';
import type { QueueStatus } from '../../db/schema/enums.ts';
import { queueSessions } from '../../db/schema/index.ts';
import type { PaidEntry, QueueEntry, QueuePlayer } from '../queue-entry.ts';
import { closeEntryRow, insertEntryRow } from './queue-rows.ts';
import { REMATCH_CODE_PREFIX } from './store-keys.ts';

/**
 * A challenge's row, read by its code: what its link shows (mode, challenger, expiry, whether it is still
 * open), and the challenger's search as any node can rebuild it to accept it (cluster mode: the challenger's
 * socket may be on another node; `node` names it).
 */
export interface ChallengeRow {
  entry: QueueEntry & { node: string | null };
  status: QueueStatus;
  /** The challenger's socket is gone (its node wrote it): not to be accepted until it is back. */
  away: boolean;
}

export async function challengeByCode(db: Database, code: string): Promise<ChallengeRow | null> {
  const [row] = await db.select().from(queueSessions).where(eq(queueSessions.challengeCode, code)).limit(1);
  if (!row?.challengeExpiresAt) return null;
  const meta = (row.metadata ?? {}) as { paymentSignature?: string; lamports?: string };
  const paid: PaidEntry | null =
    row.transactionId && meta.paymentSignature && meta.lamports
      ? {
          transactionId: row.transactionId,
          signature: meta.paymentSignature,
          lamports: BigInt(meta.lamports),
        }
      : null;
  return {
    status: row.status,
    away: row.awaySince !== null,
    entry: {
      id: row.id,
      mode: row.gameMode as GameModeId,
      joinedAt: row.createdAt.getTime(),
      paid,
      node: row.nodeId,
      challenge: {
        code,
        expiresAt: row.challengeExpiresAt.getTime(),
        ...(code.startsWith(REMATCH_CODE_PREFIX)
          ? { rematchOf: code.slice(REMATCH_CODE_PREFIX.length) }
          : {}),
      },
      player: {
        linkId: '',
        playerSessionId: row.playerId ?? '',
        walletAddress: row.walletAddress,
        displayName: row.displayName ?? '',
        ip: row.ipAddress,
        userAgent: row.userAgent,
      },
    },
  };
}

/**
 * The node holding a challenge's socket writes when it goes (`at`) and when a socket of the wallet takes the
 * challenge back (null), so an accept on any node finds the challenger away. A closed challenge is left as it is.
 */
export async function markChallengeAway(db: Database, entryId: string, at: number | null): Promise<void> {
  await db
    .update(queueSessions)
    .set({ awaySince: at === null ? null : new Date(at) })
    .where(and(eq(queueSessions.id, entryId), eq(queueSessions.status, 'active')));
}

/**
 * What accepting a challenge came to, when no match started: the accepter already has a live stake, the
 * challenge is gone, or its challenger is away (their seat would start away and forfeit their stake).
 */
export type AcceptOutcome =
  | 'matched'
  | typeof ERROR_CODES.alreadySearching
  | 'challenge_gone'
  | typeof ERROR_CODES.challengerAway;

export type AcceptResult =
  | { ok: true; pair: readonly [QueueEntry, QueueEntry] }
  | { ok: false; reason: Exclude<AcceptOutcome, 'matched'> };

/**
 * A challenge accepted, in one database transaction: the accepter's search is written (never in the public
 * queue), both searches are marked matched to `gameId`, and `started` (the game's row) commits with them. The
 * challenge's conditional close decides a race with its cancel, its expiry or a second accepter: exactly one
 * wins, and the losers find nothing written. The challenge's row is read for update first: a challenger marked
 * away (its socket gone) is not matched, and a mark being written waits for this transaction (the seat then
 * starts present, and goes away after the match started, like any seat).
 */
export async function acceptChallengeRows(
  db: Database,
  clock: Clock,
  nodeId: string | null,
  request: {
    challenge: QueueEntry;
    accepter: { player: QueuePlayer; paid: PaidEntry | null };
    gameId: string;
    started: (tx: Database, pair: readonly [QueueEntry, QueueEntry]) => Promise<void>;
  },
): Promise<AcceptResult> {
  const { challenge, accepter, gameId } = request;
  const joinedAt = clock.now();
  let refused: 'challenge_gone' | typeof ERROR_CODES.challengerAway = 'challenge_gone';
  try {
    return await db.transaction(async (tx): Promise<AcceptResult> => {
      const [held] = await tx
        .select({ awaySince: queueSessions.awaySince })
        .from(queueSessions)
        .where(eq(queueSessions.id, challenge.id))
        .for('update');
      if (held?.awaySince) {
        refused = ERROR_CODES.challengerAway;
        tx.rollback();
      }
      const id = await insertEntryRow(tx, {
        player: accepter.player,
        mode: challenge.mode,
        paid: accepter.paid,
        joinedAt,
        nodeId,
        accepts: challenge.challenge?.code,
      });
      // Nothing of the accepter was written (its savepoint rolled back): the transaction commits nothing.
      if (id === null) return { ok: false, reason: ERROR_CODES.alreadySearching };
      const entry: QueueEntry = {
        id,
        mode: challenge.mode,
        player: accepter.player,
        joinedAt,
        paid: accepter.paid,
      };
      if (!(await closeEntryRow(tx, clock.now(), challenge, 'matched', gameId))) tx.rollback();
      await closeEntryRow(tx, clock.now(), entry, 'matched', gameId);
      const pair = [challenge, entry] as const;
      await request.started(tx, pair);
      return { ok: true, pair };
    });
  } catch (error) {
    if (error instanceof TransactionRollbackError) return { ok: false, reason: refused };
    throw error;
  }
}
