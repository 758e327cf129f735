import { type SQL, sql } from 'drizzle-orm';

/**
 * The wallets the back-office knows: every wallet with a ledger row of its own (house commission rows are
 * the house's, not a player's) or a seat in a recorded game (practice players have no ledger rows). Stats'
 * unique wallets and the Wallets tab count the same set. Columns: wallet_address, first_at, last_at.
 */
export const walletUniverse = walletsAmong();

/**
 * The same set, kept to the addresses `among` selects (one column), so that a search reads those wallets'
 * rows through their indexes instead of grouping the whole history first.
 */
export function walletsAmong(among?: SQL): SQL {
  const only = (column: string) => (among ? sql` AND ${sql.raw(column)} IN (${among})` : sql``);
  return sql`
  SELECT u.wallet_address, min(u.at) AS first_at, max(u.at) AS last_at
  FROM (
    SELECT wallet_address, created_at AS at FROM transactions
      WHERE type NOT IN ('commission', 'profit')${only('wallet_address')}
    UNION ALL SELECT player1_wallet, created_at FROM games WHERE true${only('player1_wallet')}
    UNION ALL SELECT player2_wallet, created_at FROM games WHERE true${only('player2_wallet')}
  ) u
  GROUP BY u.wallet_address`;
}
