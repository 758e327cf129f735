import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { adminUsers } from './admin.ts';
import { createdAt, lamports, timestamptz, updatedAt, uuidPrimaryKey } from './columns.ts';
import {
  gameCompletionStatusEnum,
  gameModeEnum,
  refundReasonEnum,
  transactionStatusEnum,
  transactionTypeEnum,
} from './enums.ts';
import { searchIndexes } from './search-indexes.ts';

/**
 * The ledger: the stored transaction record of SPEC §3, one row per movement of money or per game record.
 * Amounts are lamports; SOL exists only at the API edge. `transaction_signature` is unique so a chain
 * signature can back at most one row (ARCHITECTURE invariant 2: two sockets racing with one entry payment
 * get one entry); rows without a signature (game records, pending payouts) may be many.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuidPrimaryKey(),
    type: transactionTypeEnum('type').notNull(),
    walletAddress: text('wallet_address').notNull(),
    amountLamports: lamports('amount_lamports').notNull(),
    status: transactionStatusEnum('status').notNull().default('confirmed'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    processedAt: timestamptz('processed_at'),
    confirmedAt: timestamptz('confirmed_at'),
    transactionSignature: text('transaction_signature').unique(),
    gameMode: gameModeEnum('game_mode'),
    gameId: uuid('game_id'),
    opponentAddress: text('opponent_address'),
    score: text('score'),
    gameDurationMs: integer('game_duration_ms'),
    gameCompletionStatus: gameCompletionStatusEnum('game_completion_status'),
    /** Whole percent returned, e.g. 97 for a cancelled search (SPEC §1). */
    refundPercentage: integer('refund_percentage'),
    /** For a refund: the entry fee it returns. */
    originalTransactionId: uuid('original_transaction_id').references((): AnyPgColumn => transactions.id),
    reason: refundReasonEnum('reason'),
    errorMessage: text('error_message'),
    errorCode: text('error_code'),
    adminNotes: text('admin_notes'),
    adminResolution: text('admin_resolution'),
    resolutionTimestamp: timestamptz('resolution_timestamp'),
    adminId: uuid('admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    supportCaseId: text('support_case_id'),
    disputeAmountLamports: lamports('dispute_amount_lamports'),
    resolutionStatus: text('resolution_status'),
    processingTimeMs: integer('processing_time_ms'),
    retryCount: integer('retry_count').notNull().default(0),
    rawBlockchainData: jsonb('raw_blockchain_data'),
    confirmationNotes: text('confirmation_notes'),
    gameVerifiedByState: boolean('game_verified_by_state').notNull().default(false),
  },
  (t) => [
    // A player's history and the admin search by wallet read newest first.
    index('transactions_wallet_created_at_idx').on(t.walletAddress, t.createdAt.desc()),
    index('transactions_game_id_idx').on(t.gameId),
    index('transactions_type_status_idx').on(t.type, t.status),
    index('transactions_created_at_idx').on(t.createdAt.desc()),
    // The admin search finds an address or a signature by its first or its last characters (LIKE 'x%').
    ...searchIndexes('transactions_wallet', t.walletAddress),
    ...searchIndexes('transactions_signature', t.transactionSignature),
    // The direction of money is given by the type, so an amount is never negative.
    check('transactions_amount_not_negative', sql`${t.amountLamports} >= 0`),
    check(
      'transactions_dispute_amount_not_negative',
      sql`${t.disputeAmountLamports} IS NULL OR ${t.disputeAmountLamports} >= 0`,
    ),
    check(
      'transactions_refund_percentage_range',
      sql`${t.refundPercentage} IS NULL OR ${t.refundPercentage} BETWEEN 0 AND 100`,
    ),
  ],
);
