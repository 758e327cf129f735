import { z } from 'zod';
import type { HistoryRow } from './player-api.ts';

/**
 * The client's reading of one history row: SPEC §3 "Transaction (as shown to players)", the row of
 * GET /api/transactions/history/{wallet} (`historyRowSchema` in player-api.ts, the server's answer) and, with
 * fewer fields, a `transaction_notification`'s transaction (transaction-notice.ts). The same row, read
 * tolerantly: every field but id and type may be missing and is then null, so the grouping code has one shape
 * to read and a row it cannot read is left out, not the page. Its fields are the row's own (`satisfies`
 * below): a field renamed in the row's schema fails to compile here.
 */

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? null);
const num = z
  .number()
  .finite()
  .nullish()
  .transform((v) => v ?? null);
const flag = z
  .boolean()
  .nullish()
  .transform((v) => v ?? null);

const READ_FIELDS = {
  id: z.union([z.string().min(1), z.number().transform(String)]),
  type: z.string().min(1),
  wallet_address: text,
  /** SOL, for display only. */
  amount: z
    .union([
      z.number().finite(),
      z
        .string()
        .regex(/^-?\d+(\.\d+)?$/)
        .transform(Number),
    ])
    .nullish()
    .transform((v) => v ?? 0),
  status: text,
  created_at: text,
  game_mode: text,
  game_id: text,
  transaction_signature: text,
  opponent_address: text,
  score: text,
  game_completion_status: text,
  perspective_type: text,
  reason: text,
  refund_percentage: num,
  original_transaction_id: text,
  queue_id: text,
  game_status: text,
  final_score: text,
  game_outcome: text,
  player_won: flag,
  game_ended_at: text,
  admin_notes: text,
  /** A winner payout held for review (the winner was banned before it was paid). */
  held_for_review: flag,
} satisfies Partial<Record<keyof HistoryRow, z.ZodType>>;

export const historyRowReadingSchema = z.object(READ_FIELDS);

export type HistoryRowReading = z.output<typeof historyRowReadingSchema>;
