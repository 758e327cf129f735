import { eq } from 'drizzle-orm';
import type { GameModeId } from '../../../common/game-modes.ts';
import type { Database } from '../../db/database.ts';
import type { RefundReason } from '../../db/schema/enums.ts';
import { payoutJobs, transactions } from '../../db/schema/index.ts';

/** What the house owes one wallet, and why. */
export type Owed =
  | {
      kind: 'winner_payout';
      walletAddress: string;
      amountLamports: bigint;
      gameId: string;
      gameMode: GameModeId;
      opponentAddress?: string;
      score?: string;
    }
  | {
      kind: 'refund';
      walletAddress: string;
      amountLamports: bigint;
      reason: RefundReason;
      /** Whole percent of the entry returned (97 for a cancelled search, 100 otherwise). */
      refundPercentage: number;
      /** The verified entry fee being returned. */
      entryTransactionId: string;
      gameMode?: GameModeId;
      queueSessionId?: string;
      gameId?: string;
    };

/**
 * The idempotency key of a debt (ARCHITECTURE invariant 3): the game or queue entry (or, for a payment that
 * never became an entry, the entry transaction) + the wallet + the kind. Unique in the database, so however
 * often the owing code runs, the debt exists once.
 */
export function idempotencyKey(owed: Owed): string {
  const owner =
    owed.kind === 'winner_payout'
      ? `game:${owed.gameId}`
      : owed.gameId
        ? `game:${owed.gameId}`
        : owed.queueSessionId
          ? `queue:${owed.queueSessionId}`
          : `entry:${owed.entryTransactionId}`;
  return `${owner}:${owed.walletAddress}:${owed.kind}`;
}

export interface OwedRecord {
  jobId: string;
  transactionId: string;
  /** False when the same debt had already been recorded (nothing new was written). */
  created: boolean;
}

/**
 * Records a debt of the house: a pending ledger row and the payout job that will pay it, in the caller's
 * database transaction (the one that writes what owes it: a game result, a cancelled entry). Calling it
 * again for the same debt writes nothing and returns the existing records.
 */
export async function owePayment(tx: Database, owed: Owed, at: Date): Promise<OwedRecord> {
  const key = idempotencyKey(owed);
  const [existing] = await tx
    .select({ jobId: payoutJobs.id, transactionId: payoutJobs.transactionId })
    .from(payoutJobs)
    .where(eq(payoutJobs.idempotencyKey, key));
  if (existing?.transactionId)
    return { jobId: existing.jobId, transactionId: existing.transactionId, created: false };

  const [row] = await tx
    .insert(transactions)
    .values({
      type: owed.kind,
      walletAddress: owed.walletAddress,
      amountLamports: owed.amountLamports,
      status: 'pending',
      createdAt: at,
      updatedAt: at,
      gameMode: owed.gameMode ?? null,
      gameId: owed.gameId ?? null,
      ...(owed.kind === 'winner_payout'
        ? { opponentAddress: owed.opponentAddress ?? null, score: owed.score ?? null }
        : {
            reason: owed.reason,
            refundPercentage: owed.refundPercentage,
            originalTransactionId: owed.entryTransactionId,
          }),
    })
    .returning({ id: transactions.id });
  const transactionId = row!.id;
  const [job] = await tx
    .insert(payoutJobs)
    .values({
      kind: owed.kind,
      idempotencyKey: key,
      walletAddress: owed.walletAddress,
      amountLamports: owed.amountLamports,
      gameId: owed.gameId ?? null,
      queueSessionId: owed.kind === 'refund' ? (owed.queueSessionId ?? null) : null,
      entryTransactionId: owed.kind === 'refund' ? owed.entryTransactionId : null,
      transactionId,
      status: 'pending',
      nextAttemptAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: payoutJobs.id });
  return { jobId: job!.id, transactionId, created: true };
}
