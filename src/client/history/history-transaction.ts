import { z } from 'zod';
import { PAYOUT_TRANSACTION_TYPES } from '../../common/rules.ts';
import { UUID_INSIDE } from '../../common/text-patterns.ts';

/**
 * One row of a wallet's history as the client keeps it: SPEC §3 "Transaction (as shown to players)", the
 * shape of GET /api/transactions/history/{wallet} (src/server/ledger/player-history.ts) and, with fewer
 * fields, of a `transaction_notification`. Every field but id and type may be missing on the wire and is
 * then null here, so the grouping code has one shape to read.
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

export const historyTransactionSchema = z.object({
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
});

export type HistoryTransaction = z.output<typeof historyTransactionSchema>;

/** Rows of the payout types are hidden from the flat list and merged into their game (SPEC §4). */
export const isPayout = (t: Pick<HistoryTransaction, 'type'>) => PAYOUT_TRANSACTION_TYPES.has(t.type);

/** SPEC §5: a game id is normalised to the UUID found inside the string. */
export function normaliseGameId(value: string | null): string | null {
  if (!value) return null;
  const match = UUID_INSIDE.exec(value);
  return match ? match[0].toLowerCase() : value;
}

/** Parses one row; null (and a warning) for a row the panel cannot show. */
export function parseHistoryTransaction(raw: unknown): HistoryTransaction | null {
  const parsed = historyTransactionSchema.safeParse(raw);
  if (!parsed.success) {
    console.warn('history: a transaction was left out', parsed.error.issues[0]?.message);
    return null;
  }
  return { ...parsed.data, game_id: normaliseGameId(parsed.data.game_id) };
}
