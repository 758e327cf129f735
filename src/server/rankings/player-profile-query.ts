import { type SQL, sql } from 'drizzle-orm';
import type { PlayerProfileAnswer } from '../../common/api/rankings-api.ts';
import type { Database } from '../db/database.ts';

/** Results on a player's page. */
export const RECENT_RESULTS = 10;

interface SeatRow extends Record<string, unknown> {
  mode: string;
  created_at: string | Date;
  ended_at: string | Date | null;
  won: boolean;
  own_score: number | null;
  other_score: number | null;
  completion_status: string | null;
  net: string;
}

/**
 * A wallet's finished matches (a result: practice included, interrupted ones not), oldest first, each from
 * its own seat; each half reads one of the (wallet, created_at) indexes.
 */
export function playerGamesSql(wallet: string): SQL {
  const seat = (own: SQL, ownScore: SQL, otherScore: SQL) => sql`
    select g.mode, g.created_at, g.ended_at, (g.winner = ${own}) as won, ${ownScore} as own_score,
      ${otherScore} as other_score, g.completion_status,
      (case when g.entry_fee_lamports = 0 then 0
        when g.winner = ${own} then coalesce(g.winner_payout_lamports, 0) - g.entry_fee_lamports
        else -g.entry_fee_lamports end)::text as net
    from games g where ${own} = ${wallet} and g.winner is not null`;
  return sql`
    select * from (
      ${seat(sql`g.player1_wallet`, sql`g.player1_score`, sql`g.player2_score`)}
      union all
      ${seat(sql`g.player2_wallet`, sql`g.player2_score`, sql`g.player1_score`)}
    ) mine order by created_at`;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/**
 * A player's public page: games, wins, the longest run of wins, the mode played most, the net of paid
 * matches, and the latest results without the opponent. Null when the wallet has finished no match or
 * chose to be hidden (the two answer alike, so a hidden player cannot be told apart from a stranger).
 */
export async function playerProfile(db: Database, wallet: string): Promise<PlayerProfileAnswer | null> {
  const hidden = await db.execute<{ hidden: boolean }>(sql`
    select true as hidden from signed_in_wallets
    where wallet_address = ${wallet} and hidden_from_rankings_at is not null`);
  if (hidden.rows.length > 0) return null;
  const { rows } = await db.execute<SeatRow>(playerGamesSql(wallet));
  if (rows.length === 0) return null;
  let wins = 0;
  let run = 0;
  let bestStreak = 0;
  let net = 0n;
  const modes = new Map<string, number>();
  for (const row of rows) {
    if (row.won) {
      wins++;
      run++;
      bestStreak = Math.max(bestStreak, run);
    } else run = 0;
    net += BigInt(row.net);
    modes.set(row.mode, (modes.get(row.mode) ?? 0) + 1);
  }
  // The most played; a tie goes to the one played last.
  let favouriteMode: string | null = null;
  let most = 0;
  for (const row of rows) {
    const played = modes.get(row.mode) ?? 0;
    if (played >= most) [favouriteMode, most] = [row.mode, played];
  }
  const recent = rows
    .slice(-RECENT_RESULTS)
    .reverse()
    .map((row) => ({
      gameMode: row.mode,
      result: row.won ? ('win' as const) : ('loss' as const),
      score: `${row.own_score ?? 0}-${row.other_score ?? 0}`,
      forfeit: row.completion_status === 'forfeited',
      endedAt: iso(row.ended_at) ?? iso(row.created_at)!,
    }));
  return {
    walletAddress: wallet,
    games: rows.length,
    wins,
    bestStreak,
    favouriteMode,
    netLamports: net.toString(),
    recent,
  };
}

/** Hides the wallet from the rankings (or shows it again); false when the wallet never signed in. */
export async function setHiddenFromRankings(
  db: Database,
  wallet: string,
  hidden: boolean,
  at: Date,
): Promise<boolean> {
  const result = await db.execute<{ wallet_address: string }>(sql`
    update signed_in_wallets set hidden_from_rankings_at = ${hidden ? at.toISOString() : null}::timestamptz
    where wallet_address = ${wallet} returning wallet_address`);
  return result.rows.length > 0;
}

export async function isHiddenFromRankings(db: Database, wallet: string): Promise<boolean> {
  const result = await db.execute<{ hidden: boolean }>(sql`
    select hidden_from_rankings_at is not null as hidden from signed_in_wallets where wallet_address = ${wallet}`);
  return result.rows[0]?.hidden === true;
}
