import { and, desc, eq, or, type SQL } from 'drizzle-orm';
import type { GameModeId } from '../../../common/game-modes.ts';
import type { Database } from '../../db/database.ts';
import { gameSessions, payoutJobs, queueSessions, transactions } from '../../db/schema/index.ts';
import type { CloseStatus } from '../queue-entry.ts';

/** The search a page believes it holds: its id (from the `findMatch` reply), or its entry's signature. */
export interface SearchRef {
  searchId?: string | undefined;
  paymentSignature?: string | undefined;
}

/** A refund as the ledger holds it, read for the player who is owed it. */
export interface RefundRecord {
  lamports: bigint;
  percent: number;
  reason: string;
  /** The payout job's status (pending, processing, sent, confirmed, failed, held, cancelled). */
  jobStatus: string;
  signature: string | null;
  /** The ledger row the refund settles (what its notices name). */
  transactionId: string | null;
}

/**
 * What became of one search of one wallet: still active, matched, closed (and how), or, for a payment that
 * never became a search, `refused` with its refund. Only the wallet's own rows are ever read.
 */
export interface SearchOutcome {
  searchId: string | null;
  mode: GameModeId;
  status: 'active' | 'matched' | CloseStatus | 'refused' | 'interrupted';
  gameId: string | null;
  refund: RefundRecord | null;
}

async function refundWhere(db: Database, walletAddress: string, owner: SQL): Promise<RefundRecord | null> {
  const [row] = await db
    .select({
      lamports: payoutJobs.amountLamports,
      percent: transactions.refundPercentage,
      reason: transactions.reason,
      jobStatus: payoutJobs.status,
      signature: payoutJobs.signature,
      transactionId: payoutJobs.transactionId,
    })
    .from(payoutJobs)
    .innerJoin(transactions, eq(transactions.id, payoutJobs.transactionId))
    .where(and(eq(payoutJobs.kind, 'refund'), eq(payoutJobs.walletAddress, walletAddress), owner))
    .orderBy(desc(payoutJobs.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    lamports: row.lamports,
    percent: row.percent ?? 100,
    reason: row.reason ?? 'system_error',
    jobStatus: row.jobStatus,
    signature: row.signature,
    transactionId: row.transactionId,
  };
}

/** The Drizzle store's answer: the wallet's search by id or entry signature, and its refund (search-outcome). */
export async function searchOutcome(
  db: Database,
  walletAddress: string,
  ref: SearchRef,
): Promise<SearchOutcome | null> {
  const named: SQL[] = [];
  if (ref.searchId) named.push(eq(queueSessions.id, ref.searchId));
  if (ref.paymentSignature) named.push(eq(transactions.transactionSignature, ref.paymentSignature));
  if (named.length === 0) return null;
  const [search] = await db
    .select({
      id: queueSessions.id,
      mode: queueSessions.gameMode,
      status: queueSessions.status,
      gameId: queueSessions.resultingGameId,
    })
    .from(queueSessions)
    .leftJoin(transactions, eq(transactions.id, queueSessions.transactionId))
    .where(and(eq(queueSessions.walletAddress, walletAddress), or(...named)))
    .orderBy(desc(queueSessions.createdAt))
    .limit(1);
  if (search) {
    return {
      searchId: search.id,
      mode: search.mode,
      status: search.status,
      gameId: search.gameId,
      refund: await refundWhere(db, walletAddress, eq(payoutJobs.queueSessionId, search.id)),
    };
  }
  if (!ref.paymentSignature) return null;
  // A payment that never became a search (refused during a stop, or swept): its refund by the entry fee.
  const [entry] = await db
    .select({ id: transactions.id, mode: transactions.gameMode })
    .from(transactions)
    .where(
      and(
        eq(transactions.type, 'entry_fee'),
        eq(transactions.walletAddress, walletAddress),
        eq(transactions.transactionSignature, ref.paymentSignature),
      ),
    )
    .limit(1);
  if (!entry?.mode) return null;
  const refund = await refundWhere(db, walletAddress, eq(payoutJobs.entryTransactionId, entry.id));
  return refund ? { searchId: null, mode: entry.mode, status: 'refused', gameId: null, refund } : null;
}

/**
 * The wallet's own entry into the game `gameId`, when a server stop interrupted that game (no winner, each
 * entry refunded in full by the restart settlement): its search, status `interrupted`, and its refund. Null
 * when the game ended otherwise, is still under way, or the wallet had no entry in it.
 */
export async function interruptedMatchEntry(
  db: Database,
  walletAddress: string,
  gameId: string,
): Promise<SearchOutcome | null> {
  const [entry] = await db
    .select({ id: queueSessions.id, mode: queueSessions.gameMode })
    .from(queueSessions)
    .innerJoin(gameSessions, eq(gameSessions.id, queueSessions.resultingGameId))
    .where(
      and(
        eq(queueSessions.walletAddress, walletAddress),
        eq(queueSessions.resultingGameId, gameId),
        eq(gameSessions.status, 'interrupted'),
        eq(gameSessions.outcome, 'interrupted'),
      ),
    )
    .limit(1);
  if (!entry) return null;
  return {
    searchId: entry.id,
    mode: entry.mode,
    status: 'interrupted',
    gameId,
    refund: await refundWhere(db, walletAddress, eq(payoutJobs.queueSessionId, entry.id)),
  };
}
