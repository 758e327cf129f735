/**
 * The value lists of the ledger and of a game's end that both sides read (SPEC §3 transaction types, SPEC §4
 * transaction statuses and game completion statuses): the database stores them as enums
 * (src/server/db/schema/enums.ts), the back-office filters its lists by them.
 */

export const TRANSACTION_STATUSES = ['pending', 'processing', 'confirmed', 'failed', 'redundant'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_TYPES = [
  'entry_fee',
  'refund',
  'winner_payout',
  'payout',
  'commission',
  'profit',
  'game_record',
  'match_played',
  'wallet_update',
  'transaction_created',
  'transaction_notification',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** 'win' and 'loss' are left out: SPEC §4 says only the history view uses them, derived per player. */
export const GAME_COMPLETION_STATUSES = [
  'completed',
  'interrupted',
  'forfeited',
  'cancelled',
  'practice_win',
] as const;
export type GameCompletionStatus = (typeof GAME_COMPLETION_STATUSES)[number];
