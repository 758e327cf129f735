import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { WalletAnalytics } from '../../game/analytics-port.ts';

/**
 * Wallet analytics (SPEC §3) are recomputed, never incremented: one SQL statement rebuilds a wallet's row
 * from the source tables (games, the ledger, wallet–IP associations, flags), so the row is right whatever
 * happened before, a retried write or a missed hook included. It is called inside the database transaction
 * that records what changed it (a match result, an entry fee, a confirmed payout or refund, a flag).
 *
 * Definitions, all in lamports:
 * - games, wins, losses: recorded games the wallet sat in (practice included); a game without a winner is
 *   neither a win nor a loss. Win rate = wins / (wins + losses), 0 without any.
 * - wagered: confirmed entry fees that were usable wagers (a wrong-amount payment, refunded whole, is not).
 * - won: confirmed winner payouts. lost: the entry fees of the games it lost.
 * - profit and loss: the wallet's net money with the house: payouts and refunds received minus every entry
 *   fee paid (so a cancelled search costs exactly the 3% retained).
 * - streaks: runs of wins in the order games were played; the current streak ends at the latest game.
 * - favourite mode: most games; ties go to the mode played last.
 * - most used IP: the association with the most connections, then the latest seen.
 */
export async function refreshWalletAnalytics(db: Database, wallets: readonly string[]): Promise<void> {
  // Sorted, so two transactions refreshing the same wallets take the locks in one order.
  const distinct = [...new Set(wallets.filter(Boolean))].sort();
  if (distinct.length === 0) return;
  await db.transaction(async (tx) => {
    for (const wallet of distinct) {
      // Without the lock, two transactions refreshing one wallet would each compute from a snapshot that
      // lacks the other's change, and the last to commit would write a stale row. With it, the second one
      // waits, and its statement (a new snapshot under READ COMMITTED) sees the first one's writes.
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`wallet_analytics:${wallet}`}, 0))`,
      );
      await tx.execute(recomputeStatement(wallet));
    }
  });
}

/** The port the game and the ledger tell inside their transactions (game/analytics-port.ts). */
export const walletAnalytics: WalletAnalytics = { walletsChanged: refreshWalletAnalytics };

function recomputeStatement(w: string) {
  return sql`
WITH played AS (
  SELECT g.id, g.mode, g.created_at, g.duration_ms, g.entry_fee_lamports,
         COALESCE(g.winner = ${w}, false) AS won,
         (g.winner IS NOT NULL AND g.winner <> ${w}) AS lost
  FROM games g
  WHERE (g.player1_wallet = ${w} OR g.player2_wallet = ${w}) AND g.completion_status IS NOT NULL
),
numbered AS (
  SELECT won,
         row_number() OVER (ORDER BY created_at, id) AS n,
         row_number() OVER (PARTITION BY won ORDER BY created_at, id) AS k
  FROM played
),
win_runs AS (
  SELECT count(*) AS len, max(n) AS last_n FROM numbered WHERE won GROUP BY n - k
),
game_totals AS (
  SELECT count(*)::int AS games,
         (count(*) FILTER (WHERE won))::int AS wins,
         (count(*) FILTER (WHERE lost))::int AS losses,
         COALESCE(sum(entry_fee_lamports) FILTER (WHERE lost), 0)::bigint AS lost_lamports,
         round(avg(duration_ms))::int AS average_duration,
         min(created_at) AS first_at,
         max(created_at) AS last_at
  FROM played
),
money AS (
  SELECT COALESCE(sum(amount_lamports) FILTER (WHERE type = 'entry_fee' AND error_code IS NULL), 0)::bigint AS wagered,
         COALESCE(sum(amount_lamports) FILTER (WHERE type = 'entry_fee'), 0)::bigint AS paid_in,
         COALESCE(sum(amount_lamports) FILTER (WHERE type IN ('winner_payout', 'payout')), 0)::bigint AS won,
         COALESCE(sum(amount_lamports) FILTER (WHERE type = 'refund'), 0)::bigint AS refunded
  FROM transactions
  WHERE wallet_address = ${w} AND status = 'confirmed'
),
ips AS (
  SELECT count(*)::int AS unique_ips,
         (SELECT a.ip_address FROM wallet_ip_associations a WHERE a.wallet_address = ${w}
          ORDER BY a.connection_count DESC, a.last_seen_together DESC, a.ip_address LIMIT 1) AS most_used
  FROM wallet_ip_associations
  WHERE wallet_address = ${w}
),
flag AS (
  SELECT reason FROM flagged_wallets WHERE wallet_address = ${w} AND is_active
)
INSERT INTO wallet_analytics (
  wallet_address, total_games, total_wins, total_losses, win_rate,
  total_wagered_lamports, total_won_lamports, total_lost_lamports, profit_loss_lamports,
  average_game_duration_ms, favorite_mode, longest_win_streak, current_win_streak,
  is_flagged, flag_reason, first_game_at, last_game_at, unique_ip_count, most_used_ip, updated_at
)
SELECT ${w}, gt.games, gt.wins, gt.losses,
       CASE WHEN gt.wins + gt.losses = 0 THEN 0 ELSE gt.wins::float8 / (gt.wins + gt.losses) END,
       m.wagered, m.won, gt.lost_lamports, m.won + m.refunded - m.paid_in,
       gt.average_duration,
       (SELECT p.mode FROM played p GROUP BY p.mode ORDER BY count(*) DESC, max(p.created_at) DESC, p.mode LIMIT 1),
       COALESCE((SELECT max(r.len) FROM win_runs r), 0)::int,
       COALESCE((SELECT r.len FROM win_runs r WHERE r.last_n = gt.games), 0)::int,
       EXISTS (SELECT 1 FROM flag), (SELECT f.reason FROM flag f),
       gt.first_at, gt.last_at, ips.unique_ips, ips.most_used, now()
FROM game_totals gt, money m, ips
ON CONFLICT (wallet_address) DO UPDATE SET
  total_games = EXCLUDED.total_games,
  total_wins = EXCLUDED.total_wins,
  total_losses = EXCLUDED.total_losses,
  win_rate = EXCLUDED.win_rate,
  total_wagered_lamports = EXCLUDED.total_wagered_lamports,
  total_won_lamports = EXCLUDED.total_won_lamports,
  total_lost_lamports = EXCLUDED.total_lost_lamports,
  profit_loss_lamports = EXCLUDED.profit_loss_lamports,
  average_game_duration_ms = EXCLUDED.average_game_duration_ms,
  favorite_mode = EXCLUDED.favorite_mode,
  longest_win_streak = EXCLUDED.longest_win_streak,
  current_win_streak = EXCLUDED.current_win_streak,
  is_flagged = EXCLUDED.is_flagged,
  flag_reason = EXCLUDED.flag_reason,
  first_game_at = EXCLUDED.first_game_at,
  last_game_at = EXCLUDED.last_game_at,
  unique_ip_count = EXCLUDED.unique_ip_count,
  most_used_ip = EXCLUDED.most_used_ip,
  updated_at = EXCLUDED.updated_at`;
}
