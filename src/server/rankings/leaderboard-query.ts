import { type SQL, sql } from 'drizzle-orm';
import {
  LEADERBOARD_SIZE,
  type LeaderboardRow,
  type LeaderboardSort,
  MIN_RANKED_GAMES,
} from '../../common/api/rankings-api.ts';
import type { Database } from '../db/database.ts';

/**
 * The paid matches with a result (a win, or a forfeit's): practice moves no money and an interrupted match
 * was refunded. The same predicate as the partial index games_paid_ended_at_idx, so the planner can use it.
 */
const PAID_WITH_RESULT = sql`g.entry_fee_lamports > 0 and g.winner is not null`;

/** Each paid match twice, once from each seat: who played, whether they won, and what it came to for them. */
function seats(since: Date | null): SQL {
  const when = since ? sql` and g.ended_at >= ${since.toISOString()}::timestamptz` : sql``;
  const seat = (wallet: SQL) => sql`
    select ${wallet} as wallet, (g.winner = ${wallet}) as won,
      case when g.winner = ${wallet} then coalesce(g.winner_payout_lamports, 0) - g.entry_fee_lamports
        else -g.entry_fee_lamports end as net
    from games g where ${PAID_WITH_RESULT}${when}`;
  return sql`${seat(sql`g.player1_wallet`)} union all ${seat(sql`g.player2_wallet`)}`;
}

/** Over the totals' own columns: `net` is the numeric sum (the text of it is selected under another name). */
const ORDER: Record<LeaderboardSort, SQL> = {
  net: sql`net desc, wins desc, wallet`,
  wins: sql`wins desc, games asc, wallet`,
  winRate: sql`wins::float8 / games desc, games desc, wallet`,
};

interface TotalsRow extends Record<string, unknown> {
  wallet: string;
  games: number | string;
  wins: number | string;
  net_lamports: string;
}

/** The SQL of one board, for the query and for EXPLAIN in its test. */
export function leaderboardSql(options: { since: Date | null; sort: LeaderboardSort }): SQL {
  const minGames = options.sort === 'winRate' ? MIN_RANKED_GAMES : 1;
  return sql`
    with seats as (${seats(options.since)}),
    totals as (
      select wallet, count(*)::int as games, (count(*) filter (where won))::int as wins, sum(net) as net
      from seats group by wallet
    )
    select wallet, games, wins, net::text as net_lamports from totals t
    where games >= ${minGames}
      and not exists (
        select 1 from signed_in_wallets s
        where s.wallet_address = t.wallet and s.hidden_from_rankings_at is not null)
    order by ${ORDER[options.sort]}
    limit ${LEADERBOARD_SIZE}`;
}

/**
 * One board: the players of paid matches since `since` (all time when null), without those who chose to
 * be hidden, ranked by net winnings, by wins, or by win rate over at least MIN_RANKED_GAMES matches. Sums
 * are made by the database in lamports.
 */
export async function leaderboard(
  db: Database,
  options: { since: Date | null; sort: LeaderboardSort },
): Promise<LeaderboardRow[]> {
  const result = await db.execute<TotalsRow>(leaderboardSql(options));
  return result.rows.map((row, i) => {
    const games = Number(row.games);
    const wins = Number(row.wins);
    return {
      rank: i + 1,
      walletAddress: row.wallet,
      games,
      wins,
      winRate: games === 0 ? 0 : Math.round((wins / games) * 10_000) / 10_000,
      netLamports: BigInt(row.net_lamports).toString(),
    };
  });
}

/** Monday 00:00 UTC of the week holding `now`: 'this week' on the board. */
export function weekStart(now: number): Date {
  const day = new Date(now);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - sinceMonday));
}
