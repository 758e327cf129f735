import { sql } from 'drizzle-orm';
import type { DailyActivity } from '../../../common/api/admin-views.ts';
import { DAY_MS } from '../../../common/text-patterns.ts';
import type { Database } from '../../db/database.ts';
import { sol } from '../queries/json-values.ts';

export type { DailyActivity };

export const OVERVIEW_DAYS = 30;

interface DayRow extends Record<string, unknown> {
  day: string;
  volume: string;
  games: number | string;
}

/**
 * The last 30 UTC days up to the clock's today, oldest first, days without activity included. Summed and
 * counted by the database, in lamports; each table is read once over the whole range.
 */
export async function dailyActivity(db: Database, now: number): Promise<DailyActivity[]> {
  const first = new Date(now - (OVERVIEW_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const from = sql`(${first}::date::timestamp AT TIME ZONE 'UTC')`;
  const until = sql`((${first}::date + ${OVERVIEW_DAYS}::int)::timestamp AT TIME ZONE 'UTC')`;
  const utcDay = (column: string) => sql.raw(`(${column} AT TIME ZONE 'UTC')::date`);
  const result = await db.execute<DayRow>(sql`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
           COALESCE(v.lamports, 0)::text AS volume,
           COALESCE(g.games, 0)::int AS games
    FROM (SELECT ${first}::date + n AS day FROM generate_series(0, ${OVERVIEW_DAYS - 1}::int) AS n) d
    LEFT JOIN (
      SELECT ${utcDay('created_at')} AS day, sum(amount_lamports) AS lamports FROM transactions
      WHERE type = 'entry_fee' AND status = 'confirmed' AND created_at >= ${from} AND created_at < ${until}
      GROUP BY 1) v ON v.day = d.day
    LEFT JOIN (
      SELECT ${utcDay('created_at')} AS day, count(*) AS games FROM games
      WHERE created_at >= ${from} AND created_at < ${until}
      GROUP BY 1) g ON g.day = d.day
    ORDER BY d.day`);
  return result.rows.map((row) => {
    const lamports = BigInt(row.volume);
    return {
      day: row.day,
      volumeSol: sol(lamports),
      volumeLamports: lamports.toString(),
      games: Number(row.games),
    };
  });
}
