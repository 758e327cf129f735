import { type SQL, sql } from 'drizzle-orm';
import type { AdminWalletRow } from '../../../common/api/admin-rows.ts';
import type { Database } from '../../db/database.ts';
import { afterCursor, type Page, type PageRequest, pageLimit, toPage } from './cursor.ts';
import { isoTextSql, sol } from './json-values.ts';
import { idText, matchesParts, type SearchTerm, searchTerm, unionOf } from './search-term.ts';
import { walletsAmong, walletUniverse } from './wallet-universe.ts';

export type { AdminWalletRow };

export interface WalletListRequest extends PageRequest {
  /** 4+ characters of a wallet address, or of a signature or game id that leads to its wallets. */
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

/**
 * The addresses a term finds: by the address itself (in the ledger or in a game's seat), by a signature of
 * one of its transactions, or by the id of a game it played. Each arm is answered by an index of its own.
 */
function matchingWallets(term: SearchTerm): SQL {
  const gameIds = matchesParts(idText('id'), term.idParts);
  const arms = [
    sql`SELECT wallet_address FROM transactions WHERE ${matchesParts('wallet_address', term.parts)}`,
    sql`SELECT player1_wallet FROM games WHERE ${matchesParts('player1_wallet', term.parts)}`,
    sql`SELECT player2_wallet FROM games WHERE ${matchesParts('player2_wallet', term.parts)}`,
    sql`SELECT wallet_address FROM transactions WHERE ${matchesParts('transaction_signature', term.parts)}`,
  ];
  if (term.idParts.length > 0) {
    arms.push(
      sql`SELECT player1_wallet FROM games WHERE ${gameIds}`,
      sql`SELECT player2_wallet FROM games WHERE ${gameIds}`,
    );
  }
  if (term.id) {
    arms.push(
      sql`SELECT wallet_address FROM transactions WHERE id = ${term.id}::uuid OR game_id = ${term.id}::uuid`,
      sql`SELECT player1_wallet FROM games WHERE id = ${term.id}::uuid`,
      sql`SELECT player2_wallet FROM games WHERE id = ${term.id}::uuid`,
    );
  }
  return unionOf(arms);
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
  const result = await db.execute<WalletSqlRow>(walletsListStatement(request));
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

/** The statement the list runs (the search tests read its plan). */
export function walletsListStatement(request: WalletListRequest = {}): SQL {
  const limit = pageLimit(request.limit);
  const term = searchTerm(request.search);
  const cursor = afterCursor(request.cursor, u.firstAt, u.wallet, 'text');
  const where = cursor ? sql`WHERE ${cursor}` : sql``;
  return sql`
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
    FROM (${term ? walletsAmong(matchingWallets(term)) : walletUniverse}) u
    ${where}
    ORDER BY u.first_at DESC, u.wallet_address DESC
    LIMIT ${limit + 1}`;
}
