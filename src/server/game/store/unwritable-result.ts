import { defaultDisplayName } from '../../../common/display-name.ts';
import type { Database } from '../../db/database.ts';
import { pgErrorOf } from '../../db/pg-errors.ts';
import type { Logger } from '../../logger.ts';
import { recordSystemEvent } from '../../operations-log/system-events.ts';
import type { GameMoney } from '../game-ports.ts';
import type { MatchResult, SeatInfo } from '../match/match-types.ts';
import type { MatchStart } from './match-recorder.ts';
import { settleInterruptedMatches } from './restart-settlement.ts';
import { failureSignature, storableText } from './write-failure.ts';

/**
 * A match whose result the database refuses for good (RELIABILITY 30). The players' own text is what can
 * make it unstorable (a display name, a user agent), so the result is first written again without it: the
 * SPEC §3 default name and no user agent. If even that cannot be written, the match is settled as the
 * written policy settles an interrupted one (restart-settlement.ts): no winner, both entries refunded in
 * full. Either way an administrator finds a critical system event saying what happened.
 */

/** A seat with every text its player chose replaced: what is left is the server's own. */
function seatWithoutPlayerText<T extends Pick<SeatInfo, 'walletAddress' | 'displayName' | 'userAgent'>>(
  seat: T,
): T {
  return { ...seat, displayName: defaultDisplayName(seat.walletAddress), userAgent: null };
}

export function resultWithoutPlayerText(result: MatchResult): MatchResult {
  return {
    ...result,
    seats: [seatWithoutPlayerText(result.seats[0]), seatWithoutPlayerText(result.seats[1])],
  };
}

export function startWithoutPlayerText(start: MatchStart): MatchStart {
  const [a, b] = start.entries;
  return {
    ...start,
    entries: [
      { ...a, player: seatWithoutPlayerText(a.player) },
      { ...b, player: seatWithoutPlayerText(b.player) },
    ],
  };
}

export type UnwritableOutcome = 'recorded_without_player_text' | 'interrupted_and_refunded' | 'not_settled';

const OUTCOME_TEXT: Record<UnwritableOutcome, string> = {
  recorded_without_player_text:
    'recorded without the players’ display names and user agents; the winner is paid as usual',
  interrupted_and_refunded: 'marked interrupted with no winner; both entries are refunded in full',
  not_settled:
    'could not be settled either; the next start settles it as interrupted (both refunded in full)',
};

/** Settles as interrupted (both entries refunded in full); false if the database refused that too. */
export async function settleAsInterrupted(
  db: Database,
  start: MatchStart,
  money: GameMoney | undefined,
  at: Date,
  log: Logger,
): Promise<boolean> {
  try {
    await settleInterruptedMatches(db, [startWithoutPlayerText(start)], money, at);
    return true;
  } catch (error) {
    log(`match ${start.id}: settling it as interrupted failed too`, error);
    return false;
  }
}

/** The critical event an administrator sees; its own failure is only logged (the log already says it all). */
export async function reportUnwritableResult(
  db: Database,
  result: MatchResult,
  refusal: unknown,
  outcome: UnwritableOutcome,
  log: Logger,
): Promise<void> {
  const message = `The result of match ${result.id} was refused for good by the database; it was ${OUTCOME_TEXT[outcome]}`;
  log(message, refusal);
  try {
    await recordSystemEvent(db, {
      severity: 'critical',
      eventType: 'match_result_unwritable',
      message,
      details: {
        gameId: result.id,
        outcome,
        sqlState: pgErrorOf(refusal)?.code ?? null,
        refusal: storableText(failureSignature(refusal)),
        wallets: result.seats.map((s) => s.walletAddress),
      },
    });
  } catch (error) {
    log(`match ${result.id}: recording the system event failed`, error);
  }
}
