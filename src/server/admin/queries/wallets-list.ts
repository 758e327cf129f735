import { type SQL, sql } from 'drizzle-orm';
import type { AdminWalletRow } from '../../../common/api/admin-rows.ts';
import type { Database } from '../../db/database.ts';
import { afterCursor, type Page, type PageRequest, pageLimit, toPage } from './cursor.ts';
import { isoTextSql, sol } from './json-values.ts';
import { type SearchTerm, searchTerm } from './search-term.ts';
import { walletUniverse } from './wallet-universe.ts';

export type { AdminWalletRow };

export interface WalletListRequest extends PageRequest {
  /** A wallet address, or a signature, transaction id or game id that leads to its wallets. */
  search?: string | null;
}

interface WalletSqlRow extends Record<string, unknown> {
  wallet_address: string;
  cursor_at: string;
  transaction_count: number | string;
  total_volume: string;
  is_banned: boolean;
  first_seen_at: string;
  last_seen_at: string;
}

const u = {
  wallet: sql.raw('u.wallet_address'),
  firstAt: sql.raw('u.first_at'),
};

function matching(term: SearchTerm): SQL {
  const byText = sql`(${u.wallet} = ${term.text}
    OR ${u.wallet} IN (SELECT wallet_address FROM transactions WHERE transaction_signature = ${term.text}))`;
  if (!term.id) return byText;
  return sql`(${byText}
    OR ${u.wallet} IN (SELECT wallet_address FROM transactions WHERE id = ${term.id}::uuid OR game_id = ${term.id}::uuid)
    OR ${u.wallet} IN (SELECT player1_wallet FROM games WHERE id = ${term.id}::uuid
                       UNION ALL SELECT player2_wallet FROM games WHERE id = ${term.id}::uuid))`;
}

/**
 * The wallets the back-office knows, newest first by first appearance (which never changes, so pages stay
 * put while the wallets play on); keyset-paginated on (first seen, address).
 */
export async function listWallets(
  db: Database,
  request: WalletListRequest = {},
): Promise<Page<AdminWalletRow>> {
  const limit = pageLimit(request.limit);
  const term = searchTerm(request.search);
  const conditions = [
    term ? matching(term) : undefined,
    afterCursor(request.cursor, u.firstAt, u.wallet, 'text'),
  ].filter((c): c is SQL => c !== undefined);
  const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const result = await db.execute<WalletSqlRow>(sql`
    SELECT u.wallet_address,
           u.first_at::text AS cursor_at,
           ${isoTextSql(u.firstAt)} AS first_seen_at,
           ${isoTextSql(sql.raw('u.last_at'))} AS last_seen_at,
           (SELECT count(*)::int FROM transactions t
             WHERE t.wallet_address = u.wallet_address AND t.type NOT IN ('commission', 'profit')) AS transaction_count,
           (SELECT COALESCE(sum(t.amount_lamports), 0)::text FROM transactions t
             WHERE t.wallet_address = u.wallet_address AND t.type = 'entry_fee' AND t.status = 'confirmed') AS total_volume,
           EXISTS (SELECT 1 FROM banned_wallets b
             WHERE b.wallet_address = u.wallet_address AND b.is_banned) AS is_banned
    FROM (${walletUniverse}) u
    ${where}
    ORDER BY u.first_at DESC, u.wallet_address DESC
    LIMIT ${limit + 1}`);
  const rows = result.rows.map((row) => ({ ...row, cursorAt: row.cursor_at }));
  return toPage(
    rows,
    limit,
    (row) => row.wallet_address,
    (row) => {
      const volume = BigInt(row.total_volume);
      return {
        wallet_address: row.wallet_address,
        transaction_count: Number(row.transaction_count),
        total_volume: sol(volume),
        total_volume_lamports: volume.toString(),
        is_banned: row.is_banned === true,
        first_seen_at: row.first_seen_at,
        last_seen_at: row.last_seen_at,
      };
    },
  );
}
