import type { Database } from '../db/database.ts';
import { isUniqueViolation } from '../db/pg-errors.ts';
import { type MatchStart, type ResultHook, recordMatchResult } from './match-recorder.ts';
import type { MatchResult } from './match-types.ts';

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/**
 * Writes a finished match, retrying with backoff while the database is unreachable (RELIABILITY 25): the
 * result lives only in memory until then. A commit whose reply was lost shows up as the game row already
 * there. If the process stops first, the next start settles the match as interrupted (both entries refunded).
 */
export async function recordMatchResultWithRetry(
  db: Database,
  result: MatchResult,
  start: MatchStart,
  options: {
    hooks: readonly ResultHook[];
    connectionQuality: readonly [string | null, string | null];
    sleep: (ms: number) => Promise<void>;
    log: (message: string, error?: unknown) => void;
    stopping: () => boolean;
  },
): Promise<void> {
  for (let attempt = 1, delay = FIRST_RETRY_MS; ; attempt++) {
    try {
      await recordMatchResult(db, result, start, options.hooks, options.connectionQuality);
      if (attempt > 1) options.log(`match ${result.id} recorded after ${attempt} attempts`);
      return;
    } catch (error) {
      if (isUniqueViolation(error, 'games_pkey')) return;
      if (options.stopping()) {
        options.log(`match ${result.id} not recorded before shutdown; the next start settles it`, error);
        return;
      }
      options.log(`recording match ${result.id} failed (attempt ${attempt}); retrying in ${delay} ms`, error);
      await options.sleep(delay);
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    }
  }
}
