import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, lamports, timestamptz, updatedAt, uuidPrimaryKey } from './columns.ts';
import { payoutJobKindEnum, payoutJobStatusEnum } from './enums.ts';
import { transactions } from './money.ts';
import { queueSessions } from './queue.ts';

/**
 * Money the house owes: one row per winner payout or refund (ARCHITECTURE invariant 3). The row is written
 * in the same database transaction as the result that owes it; `idempotency_key` (game or queue entry +
 * wallet + kind) makes a second write of the same debt fail instead of paying twice. The worker claims
 * rows with FOR UPDATE SKIP LOCKED, stores the signed bytes and their last valid block height before it
 * sends, and after a crash re-sends those bytes or looks the signature up rather than signing again.
 */
export const payoutJobs = pgTable(
  'payout_jobs',
  {
    id: uuidPrimaryKey(),
    kind: payoutJobKindEnum('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The wallet that paid the entry fee, never one a message names. */
    walletAddress: text('wallet_address').notNull(),
    amountLamports: lamports('amount_lamports').notNull(),
    gameId: uuid('game_id'),
    queueSessionId: uuid('queue_session_id').references(() => queueSessions.id),
    /** The ledger row (winner_payout or refund) this job settles. */
    transactionId: uuid('transaction_id').references(() => transactions.id),
    /** For a refund: the verified entry fee it returns (a wrong-amount payment has no queue entry). */
    entryTransactionId: uuid('entry_transaction_id').references(() => transactions.id),
    status: payoutJobStatusEnum('status').notNull().default('pending'),
    signature: text('signature').unique(),
    /** The signed transaction's wire bytes, base64, so a restart re-sends the same bytes. */
    signedTransaction: text('signed_transaction'),
    lastValidBlockHeight: bigint('last_valid_block_height', { mode: 'bigint' }),
    attempts: integer('attempts').notNull().default(0),
    /**
     * How often the chain refused this job's transfer for a reason other than the house's funds (an
     * instruction error, a recipient left below rent exemption): at the worker's bound the job fails.
     */
    refusals: integer('refusals').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    lockedBy: text('locked_by'),
    lockedAt: timestamptz('locked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payout_jobs_status_next_attempt_idx').on(t.status, t.nextAttemptAt),
    index('payout_jobs_wallet_idx').on(t.walletAddress),
    index('payout_jobs_game_id_idx').on(t.gameId),
    check('payout_jobs_amount_positive', sql`${t.amountLamports} > 0`),
    // A debt always names what owes it: a payout its game, a refund its game or queue entry.
    check(
      'payout_jobs_owner_present',
      sql`(${t.kind} = 'winner_payout' AND ${t.gameId} IS NOT NULL) OR (${t.kind} = 'refund' AND (${t.gameId} IS NOT NULL OR ${t.queueSessionId} IS NOT NULL OR ${t.entryTransactionId} IS NOT NULL))`,
    ),
    // A signature without its bytes and expiry could be neither re-sent nor safely given up on.
    check(
      'payout_jobs_signature_has_bytes',
      sql`${t.signature} IS NULL OR (${t.signedTransaction} IS NOT NULL AND ${t.lastValidBlockHeight} IS NOT NULL)`,
    ),
    check(
      'payout_jobs_sent_has_signature',
      sql`${t.status} NOT IN ('sent', 'confirmed') OR ${t.signature} IS NOT NULL`,
    ),
  ],
);

/**
 * A winner payout held because its wallet was banned when the worker was about to sign it (RELIABILITY 35),
 * one row per job, with the ban that held it and the admin's decision: 'released' (the job is paid as any
 * other) or 'refunded_loser' (the job is cancelled and the loser's entry refunded in full instead).
 */
export const payoutHolds = pgTable(
  'payout_holds',
  {
    id: uuidPrimaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .unique()
      .references(() => payoutJobs.id),
    gameId: uuid('game_id').notNull(),
    walletAddress: text('wallet_address').notNull(),
    amountLamports: lamports('amount_lamports').notNull(),
    banReason: text('ban_reason'),
    bannedBy: text('banned_by'),
    heldAt: timestamptz('held_at').notNull(),
    resolution: text('resolution'),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: text('resolved_by'),
    resolutionReason: text('resolution_reason'),
    /** refunded_loser: the refund job that returns the loser's entry. */
    refundJobId: uuid('refund_job_id').references(() => payoutJobs.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('payout_holds_unresolved_idx').on(t.resolution, t.heldAt),
    check(
      'payout_holds_resolution_known',
      sql`${t.resolution} IS NULL OR ${t.resolution} IN ('released', 'refunded_loser')`,
    ),
    check(
      'payout_holds_resolution_recorded',
      sql`(${t.resolution} IS NULL) = (${t.resolvedAt} IS NULL AND ${t.resolvedBy} IS NULL)`,
    ),
  ],
);
