import { type HistoryRowRead, historyRowSchema } from '../../common/api/history-row.ts';
import { PAYOUT_TRANSACTION_TYPES } from '../../common/rules.ts';
import { UUID_INSIDE } from '../../common/text-patterns.ts';

/**
 * One row of a wallet's history as the client keeps it: the server's row (common/api/history-row.ts, which
 * states what the reader forgives), from GET /api/transactions/history/{wallet} or a `transaction_notification`.
 */
export type HistoryTransaction = HistoryRowRead;

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
  const parsed = historyRowSchema.safeParse(raw);
  if (!parsed.success) {
    console.warn('history: a transaction was left out', parsed.error.issues[0]?.message);
    return null;
  }
  return { ...parsed.data, game_id: normaliseGameId(parsed.data.game_id) };
}
