import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Page } from '../../../common/api/wire-values.ts';

/**
 * Keyset pagination for every admin list, newest first. A cursor names the last row of a page by its
 * timestamp exactly as PostgreSQL stores it (microseconds; a JS Date would round them away) and a unique key,
 * so the next page starts strictly after it: rows sharing a timestamp are neither skipped nor repeated,
 * and rows written meanwhile never shift the pages. The cursor is opaque to clients (base64url JSON).
 */

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 200;

export interface PageRequest {
  /** Rows per page: default 50, at most 200. */
  limit?: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string | null;
}

/** A page of rows as the HTTP contract answers it; `nextCursor` is the `cursor` of the next (older) page. */
export type { Page };

/** A malformed cursor: the /api/admin error handler answers 400 `{ error: 'Invalid cursor' }` (its statusCode). */
export class InvalidCursorError extends Error {
  readonly statusCode = 400;
  constructor() {
    super('Invalid cursor');
    this.name = 'InvalidCursorError';
  }
}

interface CursorPosition {
  /** The timestamp as PostgreSQL prints `timestamptz::text` (offset included, so it reads back exactly). */
  at: string;
  key: string;
}

const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.at, position.key]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): CursorPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    typeof parsed[1] !== 'string' ||
    !TIMESTAMP_TEXT.test(parsed[0]) ||
    parsed[1].length === 0 ||
    parsed[1].length > 200
  ) {
    throw new InvalidCursorError();
  }
  return { at: parsed[0], key: parsed[1] };
}

/** The page size asked for, within 1..MAX_PAGE_LIMIT; the default when absent or not a number. */
export function pageLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_PAGE_LIMIT;
  return Math.min(Math.max(Math.trunc(limit), 1), MAX_PAGE_LIMIT);
}

/** `at` as the text the cursor carries; select it beside each row as `cursorAt`. */
export const cursorText = (at: SQLWrapper): SQL<string> => sql<string>`${at}::text`;

/**
 * Rows strictly after the cursor in the order `at DESC, key DESC`; undefined (no condition) without one.
 * `keyType` is the key column's type, so the cursor's text is compared as that type.
 */
export function afterCursor(
  cursor: string | null | undefined,
  at: SQLWrapper,
  key: SQLWrapper,
  keyType: 'uuid' | 'text',
): SQL | undefined {
  if (!cursor) return undefined;
  const position = decodeCursor(cursor);
  if (keyType === 'uuid' && !/^[0-9a-f-]{36}$/i.test(position.key)) throw new InvalidCursorError();
  const typedKey = keyType === 'uuid' ? sql`${position.key}::uuid` : sql`${position.key}::text`;
  return sql`(${at}, ${key}) < (${position.at}::timestamptz, ${typedKey})`;
}

/** The ORDER BY that `afterCursor` pages through. */
export const newestFirst = (at: SQLWrapper, key: SQLWrapper): SQL[] => [sql`${at} DESC`, sql`${key} DESC`];

/**
 * A page from rows fetched with `limit + 1`: the extra row only says that more follow. Each row carries
 * `cursorAt` (from `cursorText`); `keyOf` gives its key.
 */
export function toPage<Row extends { cursorAt: string }, Item>(
  rows: Row[],
  limit: number,
  keyOf: (row: Row) => string,
  toItem: (row: Row) => Item,
): Page<Item> {
  const pageRows = rows.slice(0, limit);
  const last = pageRows[pageRows.length - 1];
  return {
    items: pageRows.map(toItem),
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.cursorAt, key: keyOf(last) }) : null,
  };
}
