import { z } from 'zod';
import { count, instant, solNumber } from './wire-values.ts';

/**
 * One row of GET /api/transactions/history/{wallet} (SPEC §3 "Transaction (as shown to players)"): the one
 * schema of the row. The server builds its answer's rows as `HistoryRow` (ledger/player-history.ts) and the
 * client parses each row it is given with `historyRowSchema` (client/history/history-transaction.ts): the
 * history's rows and a `transaction_notification`'s transaction (transaction-notice.ts), which has fewer fields.
 *
 * The fields are written once, as the server sends them (`SENT`). What the reader forgives is stated here:
 * a notification's row or a row of an older server may lack any field but `id` and `type`, which then reads
 * as null (`amount` as 0), so the grouping code has one shape to read; an older server numbered its rows and
 * wrote the amount as decimal text. A row that still cannot be read is left out by the reader, not the page.
 */
const SENT = {
  wallet_address: z.string(),
  status: z.string(),
  created_at: instant,
  game_mode: z.string().nullable(),
  game_id: z.string().nullable(),
  transaction_signature: z.string().nullable(),
  opponent_address: z.string().nullable(),
  score: z.string().nullable(),
  game_completion_status: z.string().nullable(),
  game_verified_by_state: z.boolean(),
  has_game_association: z.boolean(),
  perspective_type: z.enum(['payout', 'game_win', 'game_loss', 'wager', 'refund']),
  admin_notes: z.string().nullable(),
  queue_id: z.string().nullable(),
  queue_status: z.string().nullable(),
  queue_joined_at: instant.nullable(),
  queue_closed_at: instant.nullable(),
  reason: z.string().nullable(),
  refund_percentage: z.number().finite().nullable(),
  original_transaction_id: z.string().nullable(),
  game_status: z.string().nullable(),
  final_score: z.string().nullable(),
  game_outcome: z.enum(['win', 'loss']).nullable(),
  player_won: z.boolean().nullable(),
  game_started_at: instant.nullable(),
  game_ended_at: instant.nullable(),
  /** Seconds. */
  game_duration: count.nullable(),
  /** A winner payout held for review (the winner was banned before it was paid). */
  held_for_review: z.boolean(),
};

/** A field the reader may find missing: null then. */
type Forgiven<T extends z.ZodType> = z.ZodType<z.output<T> | null, z.input<T> | null | undefined>;

function forgiving<S extends Record<string, z.ZodType>>(fields: S): { [K in keyof S]: Forgiven<S[K]> } {
  const read: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(fields))
    read[name] = field.nullish().transform((v) => v ?? null);
  return read as { [K in keyof S]: Forgiven<S[K]> };
}

export const historyRowSchema = z.object({
  /** An older server numbered its rows. */
  id: z.union([z.string().min(1), z.number().transform(String)]),
  type: z.string().min(1),
  /** SOL, for display only; an older server wrote it as decimal text; a notification may leave it out (0). */
  amount: z
    .union([
      solNumber,
      z
        .string()
        .regex(/^-?\d+(\.\d+)?$/)
        .transform(Number),
    ])
    .nullish()
    .transform((v) => v ?? 0),
  ...forgiving(SENT),
});

/**
 * A row as the server builds and sends it: every field as `SENT` writes it, none forgiven. The answer's
 * contract (player-api.ts historyAnswerSchema) holds the server to this, so a field the server leaves out
 * fails its test even though the reader would forgive it.
 */
export const historyRowSentSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  amount: solNumber,
  ...SENT,
});
export type HistoryRow = z.output<typeof historyRowSentSchema>;

/** A row as the reader holds it: every field present, null where the row did not say. */
export type HistoryRowRead = z.output<typeof historyRowSchema>;
