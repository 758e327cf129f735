/**
 * The echo of a paddle move on the product's wire: from the move a player sends until its opponent hears the
 * paddle moved (`opponentPaddle`). The mover no longer hears its own paddle back (only keyframes and ball
 * events carry it), so the echo is what the other player sees, which on the old wire was the same time: both
 * seats got the same snapshot on the same tick.
 *
 * Mover and hearer are two bots, so the echo is timed where both play in the same load process, on one clock
 * (one board per process). The pairing does not depend on latency, so those matches are a fair sample. A move
 * is timed only from rest (no move sent for REST_MS, longer than a report period): the opponent's last report
 * then shows the resting paddle, and the first report that differs shows this move. Pure: times passed in.
 */

import { TICK_MS } from '../src/common/game/constants.ts';
import { OPPONENT_PADDLE_TICKS } from '../src/common/rules.ts';

/** A paddle is at rest once no move was sent for two report periods (200 ms): its report has caught up. */
export const REST_MS = 2 * OPPONENT_PADDLE_TICKS * TICK_MS;
/** A move no report showed in this long is forgotten (the match ended, or the target was the rest itself). */
const GIVE_UP_MS = 5_000;

export interface EchoBoard {
  /** Seat `seat` of `gameId` sent a move from rest at `atMs`: its paddle stood at `restY`. */
  moved(gameId: string, seat: 0 | 1, restY: number, atMs: number): void;
  /** The opponent of `seat` heard seat `seat`'s paddle at `y` at `atMs`: the echo in ms, or null. */
  heard(gameId: string, seat: 0 | 1, y: number, atMs: number): number | null;
}

export function createEchoBoard(): EchoBoard {
  const moves = new Map<string, { restY: number; atMs: number }>();
  const key = (gameId: string, seat: 0 | 1) => `${gameId}/${seat}`;
  return {
    moved(gameId, seat, restY, atMs) {
      // One move timed at a time per paddle; one no report showed (its game ended) is replaced.
      const timed = moves.get(key(gameId, seat));
      if (!timed || atMs - timed.atMs > GIVE_UP_MS) moves.set(key(gameId, seat), { restY, atMs });
    },
    heard(gameId, seat, y, atMs) {
      const k = key(gameId, seat);
      const move = moves.get(k);
      if (!move) return null;
      if (atMs - move.atMs > GIVE_UP_MS) {
        moves.delete(k);
        return null;
      }
      // Reports carry a tenth of a unit: the resting paddle's report is its rest to that.
      if (Math.abs(y - move.restY) < 0.5) return null;
      moves.delete(k);
      return atMs - move.atMs;
    },
  };
}
