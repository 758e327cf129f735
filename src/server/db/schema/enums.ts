import { pgEnum } from 'drizzle-orm/pg-core';
import { SYSTEM_EVENT_SEVERITIES, type SystemEventSeverity } from '../../../common/api/admin-rows.ts';
import {
  BAN_HISTORY_ACTIONS,
  BAN_TARGET_KINDS,
  type BanHistoryAction,
  type BanTargetKind,
} from '../../../common/api/ban-history-api.ts';
import { GAME_MODE_IDS } from '../../../common/game-modes.ts';
import {
  GAME_COMPLETION_STATUSES,
  type GameCompletionStatus,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from '../../../common/ledger-values.ts';
import { GAME_STATES } from '../../../common/rules.ts';

/**
 * The value lists of SPEC §4 (and the transaction types of SPEC §3) as PostgreSQL enums, so a value outside
 * the list is refused by the database itself, whichever code path writes it. The tuples are exported for
 * zod schemas and exhaustive switches; adding a value means a new migration.
 */

export const gameModeEnum = pgEnum('game_mode', GAME_MODE_IDS);

export type GameState = (typeof GAME_STATES)[number];
export const gameStateEnum = pgEnum('game_state', GAME_STATES);

// The back-office filters by them too: the lists live in src/common.
export {
  GAME_COMPLETION_STATUSES,
  type GameCompletionStatus,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
};
export const transactionStatusEnum = pgEnum('transaction_status', TRANSACTION_STATUSES);

export const transactionTypeEnum = pgEnum('transaction_type', TRANSACTION_TYPES);

export const REFUND_REASONS = [
  'cancelled_search',
  'player_disconnect',
  'timeout',
  'admin_initiated',
  'game_error',
  'system_error',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const refundReasonEnum = pgEnum('refund_reason', REFUND_REASONS);

export const gameCompletionStatusEnum = pgEnum('game_completion_status', GAME_COMPLETION_STATUSES);

export const QUEUE_STATUSES = [
  'active',
  'matched',
  'cancelled',
  'disconnected',
  'timed_out',
  'error',
] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];
export const queueStatusEnum = pgEnum('queue_status', QUEUE_STATUSES);

export const GAME_SESSION_STATUSES = [
  'preparing',
  'playing',
  'paused',
  'completed',
  'interrupted',
  'cancelled',
] as const;
export type GameSessionStatus = (typeof GAME_SESSION_STATUSES)[number];
export const gameSessionStatusEnum = pgEnum('game_session_status', GAME_SESSION_STATUSES);

export const GAME_SESSION_OUTCOMES = [
  'player1_win',
  'player2_win',
  'draw',
  'cancelled',
  'interrupted',
] as const;
export type GameSessionOutcome = (typeof GAME_SESSION_OUTCOMES)[number];
export const gameSessionOutcomeEnum = pgEnum('game_session_outcome', GAME_SESSION_OUTCOMES);

// The back-office filters and shows them: the list lives in the HTTP contract.
export { SYSTEM_EVENT_SEVERITIES, type SystemEventSeverity };
export const systemEventSeverityEnum = pgEnum('system_event_severity', SYSTEM_EVENT_SEVERITIES);

// The ban history names what was banned and whether it was a ban or an unban (common/api/ban-history-api.ts).
export { BAN_HISTORY_ACTIONS, BAN_TARGET_KINDS, type BanHistoryAction, type BanTargetKind };
export const banTargetKindEnum = pgEnum('ban_target_kind', BAN_TARGET_KINDS);
export const banHistoryActionEnum = pgEnum('ban_history_action', BAN_HISTORY_ACTIONS);

/** Money the house owes (ARCHITECTURE invariant 3). */
export const PAYOUT_JOB_KINDS = ['winner_payout', 'refund'] as const;
export type PayoutJobKind = (typeof PAYOUT_JOB_KINDS)[number];
export const payoutJobKindEnum = pgEnum('payout_job_kind', PAYOUT_JOB_KINDS);

/**
 * pending → processing (claimed by a worker) → sent (signed bytes stored, then broadcast) → confirmed;
 * failed only when retrying can no longer help and an admin must look. held: a winner payout the worker
 * would have signed for a banned wallet, kept for an admin's review (payout-hold.ts); released it is
 * pending again, or cancelled when the admin refunds the loser's entry instead.
 */
export const PAYOUT_JOB_STATUSES = [
  'pending',
  'processing',
  'sent',
  'confirmed',
  'failed',
  'held',
  'cancelled',
] as const;
export type PayoutJobStatus = (typeof PAYOUT_JOB_STATUSES)[number];
export const payoutJobStatusEnum = pgEnum('payout_job_status', PAYOUT_JOB_STATUSES);
