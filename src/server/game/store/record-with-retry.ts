import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import type { MatchResult } from '../match/match-types.ts';
import type { ResultWriteOptions } from './game-store.ts';
import { type MatchStart, recordMatchResult } from './match-recorder.ts';
import {
  reportUnwritableResult,
  resultWithoutPlayerText,
  settleAsInterrupted,
  startWithoutPlayerText,
} from './unwritable-result.ts';
import { createFailureJudge } from './write-failure.ts';

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/**
 * Writes a finished match, retrying with backoff while the database is unreachable (RELIABILITY 25): the
 * result lives only in memory until then. A commit whose reply was lost shows up as the game row already
 * there. If the process stops first, the next start settles the match as interrupted (both entries refunded);
 * a stop wakes a wait between retries at once, so it never waits out a backoff.
 *
 * A write the database refuses for good (write-failure.ts: a data exception, or the same refusal again and
 * again while the database answers) is not retried forever (RELIABILITY 30): it is written again without the
 * players' own text, and if that is refused for good too, the match is settled as interrupted, both entries
 * refunded in full (unwritable-result.ts). Either way it is logged loudly and a critical system event says so.
 */
export async function recordMatchResultWithRetry(
  db: Database,
  result: MatchResult,
  start: MatchStart,
  options: ResultWriteOptions,
): Promise<void> {
  const judge = createFailureJudge(db);
  let written = { result, start };
  let firstRefusal: unknown;
  for (let attempt = 1, delay = FIRST_RETRY_MS; ; attempt++) {
    try {
      await recordMatchResult(
        db,
        options.analytics,
        written.result,
        written.start,
        options.hooks,
        options.connectionQuality,
      );
      if (firstRefusal !== undefined) {
        await reportUnwritableResult(db, result, firstRefusal, 'recorded_without_player_text', options.log);
      } else if (attempt > 1) options.log(`match ${result.id} recorded after ${attempt} attempts`);
      return;
    } catch (error) {
      if (isUniqueViolation(error, 'games_pkey')) return;
      if (await judge.isPermanent(error)) {
        if (firstRefusal === undefined) {
          // The players' text is what a result holds that the server did not make: written again without it.
          options.log(
            `match ${result.id}: its result is refused for good; writing it without player text`,
            error,
          );
          firstRefusal = error;
          written = { result: resultWithoutPlayerText(result), start: startWithoutPlayerText(start) };
          judge.reset();
          delay = FIRST_RETRY_MS;
          continue;
        }
        const at = new Date(options.now?.() ?? result.endedAt);
        const settled = await settleAsInterrupted(db, start, options.money, at, options.log);
        const outcome = settled ? 'interrupted_and_refunded' : 'not_settled';
        await reportUnwritableResult(db, result, firstRefusal, outcome, options.log);
        return;
      }
      if (options.stopping()) {
        options.log(`match ${result.id} not recorded before shutdown; the next start settles it`, error);
        return;
      }
      options.log(`recording match ${result.id} failed (attempt ${attempt}); retrying in ${delay} ms`, error);
      await Promise.race([options.sleep(delay), options.stopped ?? new Promise<never>(() => {})]);
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    }
  }
}
