import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { lamportsToSol } from '../../../common/format.ts';

/**
 * Money and time at the edge of the admin API (STYLE.md 7): SOL as a number where SPEC shows SOL, the exact
 * lamports beside it as a decimal string (JSON has no bigint), instants as ISO strings.
 */

export const sol = (lamports: bigint): number => lamportsToSol(lamports);

export const solOrNull = (lamports: bigint | null): number | null =>
  lamports === null ? null : lamportsToSol(lamports);

export const lamportsText = (lamports: bigint): string => lamports.toString();

export const lamportsTextOrNull = (lamports: bigint | null): string | null =>
  lamports === null ? null : lamports.toString();

export const iso = (at: Date): string => at.toISOString();

export const isoOrNull = (at: Date | null): string | null => (at ? at.toISOString() : null);

/** An instant as ISO text made by the database, for raw SQL whose driver-level date parsing differs. */
export const isoTextSql = (at: SQLWrapper): SQL<string> =>
  sql<string>`to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
