import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { pgErrorOf } from '../../db/pg-errors.ts';

/**
 * Telling a write that can never succeed from one that may succeed later (RELIABILITY 30). A lost
 * connection, a serialization failure or a restart of the database passes, and is retried with backoff; a
 * write whose own data the database refuses does not, and retrying it only keeps money waiting.
 */

/** The same refusal this many times in a row, while the database answers other queries, is permanent. */
export const SAME_FAILURE_LIMIT = 5;

/**
 * SQLSTATE classes that describe the data written, not the database's state: 22 data exception (22021 a
 * NUL or invalid UTF-8 in text, 22P05 a `\u0000` in jsonb, 22001 too long), 23 integrity constraint.
 */
const DATA_CLASSES = new Set(['22', '23']);

/** Whether the database refused the data itself: no retry of the same write can succeed. */
export function refusesTheData(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return code !== undefined && DATA_CLASSES.has(code.slice(0, 2));
}

/** What makes two failures "the same": the SQLSTATE if any, and the message. */
export function failureSignature(error: unknown): string {
  const info = pgErrorOf(error);
  if (info) return `${info.code} ${info.message}`;
  return error instanceof Error ? `${error.name} ${error.message}` : String(error);
}

/** Whether the database answers at all: a write refused while it does is refused for what it writes. */
export async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Counts a write's failures in a row and decides when one is permanent: at once for a data exception, or
 * once the same failure has come SAME_FAILURE_LIMIT times while the database answers a plain query (so a
 * database that is down, which refuses every attempt identically, is waited for, not given up on).
 */
export function createFailureJudge(db: Database) {
  let last = '';
  let repeats = 0;
  return {
    async isPermanent(error: unknown): Promise<boolean> {
      if (refusesTheData(error)) return true;
      const signature = failureSignature(error);
      repeats = signature === last ? repeats + 1 : 1;
      last = signature;
      return repeats >= SAME_FAILURE_LIMIT && (await databaseAnswers(db));
    },
    reset(): void {
      last = '';
      repeats = 0;
    },
  };
}

/** Text about a failure that can be stored itself: no control characters or lone surrogates, bounded. */
export function storableText(text: string, maxChars = 500): string {
  return [...text.replace(/[\p{Cc}\p{Cs}]/gu, '?')].slice(0, maxChars).join('');
}
