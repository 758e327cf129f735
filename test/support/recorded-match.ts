import type { PlayerIndex } from '../../src/common/game/physics.ts';
import type { MatchRecord } from '../../src/common/game/replay.ts';
import { createMatchBed, playWithBots } from './match-bed.ts';

/** What the server recorded of one match, as the replay endpoint hands it out. */
export interface RecordedMatch {
  record: MatchRecord;
  scores: [number, number];
  winner: PlayerIndex;
  ticks: number;
}

/** Bot 1 misses two rallies in three and bot 0 the third: 11-5 to player 1 (seat 0). */
export const TWO_IN_THREE = (seat: PlayerIndex, played: number) =>
  seat === 0 ? played % 3 === 2 : played % 3 !== 2;

/**
 * Plays a whole match through the server's own match (the real tick loop and recorder) with two scripted
 * bots, and returns its record and result. With `leave`, that seat exits once `afterPoints` points have been
 * played, so the record ends in a forfeit.
 */
export function playRecordedMatch(
  options: {
    countdownSeconds?: number;
    misses?: (seat: PlayerIndex, played: number) => boolean;
    leave?: { seat: PlayerIndex; afterPoints: number };
  } = {},
): RecordedMatch {
  const { countdownSeconds = 3, misses = TWO_IN_THREE, leave } = options;
  const h = createMatchBed({ countdownSeconds });
  let left = false;
  playWithBots(h, (seat, played) => {
    // The bots' script is asked every tick, so it is also where the leaver walks out.
    if (leave && !left && played >= leave.afterPoints) {
      left = true;
      h.match.leave(leave.seat, 'exit');
    }
    return misses(seat, played);
  });
  const result = h.results[0];
  if (!result) throw new Error('the scripted match never ended');
  return { record: result.record, scores: result.scores, winner: result.winner, ticks: result.ticks };
}
