import { DAY_MS } from '../text-patterns.ts';
/**
 * The back-office's CSV exports (owner and admin): GET /api/admin/export/transactions.csv and
 * /api/admin/export/games.csv with `from` and `to`, UTC days as YYYY-MM-DD, both included: rows created from
 * `from` 00:00:00Z up to, not including, the day after `to` 00:00:00Z. The answer is `text/csv` (RFC 4180:
 * CRLF, fields quoted where they hold a quote, a comma or a line break), headed by the columns below, oldest
 * first; lamports are exact integers as text and SOL exact decimal text. A refused range is 400 `{ error }`.
 * `search` is the search of the tab the export is asked from (a wallet, a signature, a game id), and the
 * tab's filters ride along under their list's names (type, status, mode, payout, minLamports, maxLamports):
 * the file then holds the rows that tab shows for them, within the days.
 */

export const EXPORT_KINDS = ['transactions', 'games'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The longest range one export may cover, in days (both ends included). */
export const MAX_EXPORT_DAYS = 366;

export const EXPORT_COLUMNS = {
  transactions: [
    'id',
    'created_at',
    'type',
    'status',
    'wallet_address',
    'amount_lamports',
    'amount_sol',
    'game_mode',
    'game_id',
    'transaction_signature',
    'reason',
    'refund_percentage',
    'original_transaction_id',
    'opponent_address',
    'score',
    'admin_notes',
  ],
  games: [
    'id',
    'created_at',
    'ended_at',
    'mode',
    'player1_wallet',
    'player2_wallet',
    'winner',
    'final_score',
    'completion_status',
    'entry_fee_lamports',
    'winner_payout_lamports',
    'winner_payout_state',
    'winner_payout_signature',
    'player1_refund_lamports',
    'player2_refund_lamports',
  ],
} as const satisfies Record<ExportKind, readonly string[]>;

export const EXPORT_RANGE_ERRORS = {
  missing: 'from and to are required, as YYYY-MM-DD (UTC days, both included)',
  badDate: 'from and to must be real dates written YYYY-MM-DD',
  reversed: 'from must not be after to',
  tooLong: `A range may cover at most ${MAX_EXPORT_DAYS} days`,
} as const;

export const EXPORT_SEARCH_ERROR = 'search must be one search text of at most 200 characters';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD day's midnight UTC, or null when it is not a real day (2026-02-30 is not). */
function dayStart(text: string): number | null {
  const m = DAY.exec(text);
  if (!m) return null;
  const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(at).toISOString().startsWith(text) ? at : null;
}

/** The instants an export covers, [start, end), or why the range is refused. */
export function exportRange(
  from: unknown,
  to: unknown,
): { ok: true; start: Date; end: Date } | { ok: false; error: string } {
  if (typeof from !== 'string' || typeof to !== 'string' || from === '' || to === '') {
    return { ok: false, error: EXPORT_RANGE_ERRORS.missing };
  }
  const start = dayStart(from);
  const last = dayStart(to);
  if (start === null || last === null) return { ok: false, error: EXPORT_RANGE_ERRORS.badDate };
  if (start > last) return { ok: false, error: EXPORT_RANGE_ERRORS.reversed };
  if ((last - start) / DAY_MS + 1 > MAX_EXPORT_DAYS) return { ok: false, error: EXPORT_RANGE_ERRORS.tooLong };
  return { ok: true, start: new Date(start), end: new Date(last + DAY_MS) };
}

/**
 * An export's path under /api/admin: its days and, as the tab shows its rows, the tab's search and filters
 * (common/api/admin-list-filters.ts, as the list's own parameters), so the file is what the tab shows.
 */
export function exportPath(
  kind: ExportKind,
  from: string,
  to: string,
  search = '',
  filters: Readonly<Record<string, string>> = {},
): string {
  const params = new URLSearchParams({ from, to });
  if (search.trim()) params.set('search', search.trim());
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  return `/export/${kind}.csv?${params.toString()}`;
}
