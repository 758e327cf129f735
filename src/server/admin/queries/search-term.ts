import { type SQL, sql } from 'drizzle-orm';
import { readSearchTerm, type SearchPart, type SearchTerm } from '../../../common/admin-search-term.ts';

export type { SearchTerm };

/**
 * The admin search box's term as the list queries read it (src/common/admin-search-term.ts), and the SQL
 * that matches it through the search indexes (src/server/db/schema: `text_pattern_ops` btrees on a column
 * for its start, on `reverse(column)` for its end, on `CAST(id AS text)` for ids).
 */

/** A term too short to search for: the route answers 400 with this message rather than scan the history. */
export class SearchTermError extends Error {
  readonly statusCode = 400;
}

/** Undefined when there is nothing to search for (absent or blank); throws when too short. */
export function searchTerm(raw: string | null | undefined): SearchTerm | undefined {
  const reading = readSearchTerm(raw);
  if (!reading.ok) throw new SearchTermError(reading.error);
  return reading.term;
}

/** A LIKE pattern for values starting with `literal`: its wildcards and the escape character are literal. */
export const startingWith = (literal: string) => `${literal.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const reversed = (text: string) => [...text].reverse().join('');

/**
 * `column` (a column name or an expression, the same text as the index's) matches one of the parts: its
 * start by LIKE on the column, its end by LIKE on `reverse(column)`. False when there are no parts.
 */
export function matchesParts(column: string, parts: readonly SearchPart[]): SQL {
  const value = sql.raw(column);
  const each = parts.map((part) => {
    const conditions: SQL[] = [];
    if (part.head) conditions.push(sql`${value} LIKE ${startingWith(part.head)}`);
    if (part.tail) conditions.push(sql`reverse(${value}) LIKE ${startingWith(reversed(part.tail))}`);
    return sql`(${sql.join(conditions, sql` AND `)})`;
  });
  return each.length > 0 ? sql`(${sql.join(each, sql` OR `)})` : sql`false`;
}

/** An id column read as text, as its search indexes hold it. */
export const idText = (column: string) => `CAST(${column} AS text)`;

/** One set of values out of several selects, each of which an index answers on its own. */
export const unionOf = (selects: SQL[]): SQL => sql.join(selects, sql` UNION `);
