import { ERROR_MESSAGES } from '../../common/error-messages.ts';
import { ERROR_CODES } from '../../common/protocol.ts';
import { CANCEL_WAIT_MS } from '../../common/rules.ts';
import type { GameView } from './game-view.ts';
import { withNotice } from './view-changes.ts';

/**
 * The reducer's transitions around a match's start (SPEC §4 "Search and match": searching -> opponent found
 * (3 s countdown) -> pre-game countdown -> game) and of leaving a search by `exit`.
 */

/**
 * After a gameState: the opponent-found screen lasts only while the game is in its countdown, and 'GO!'
 * starts when the countdown reaches 0 (the state moves on to the first serve) and lasts only through it.
 */
export function withPreGameScreens(before: GameView, after: GameView, at: number): GameView {
  if (after === before) return after;
  let next = after;
  if (next.opponentFoundAt != null && next.state !== 'countdown') next = { ...next, opponentFoundAt: null };
  if (before.state === 'countdown' && next.state === 'firstServe') return { ...next, goAt: at };
  if (next.goAt != null && next.state !== 'firstServe') next = { ...next, goAt: null };
  return next;
}

/** The timed end of the opponent-found screen or of 'GO!'; nothing if it is not on screen. */
export function endPreGameScreen(view: GameView, which: 'opponentFoundAt' | 'goAt'): GameView {
  return view[which] == null ? view : { ...view, [which]: null };
}

/**
 * SPEC §4 `exit` from a search with no game yet: leaving a search is cancelling it. A paid search under 10 s
 * old cannot be left (SPEC §1/§9): it goes on and the player is told so with the server's own text, instead
 * of an exit the server would refuse while the lobby showed. Otherwise the cancel starts, and the server's
 * cancelSearch reply (the refund for the toast) ends the search.
 */
export function exitSearch(view: GameView, at: number): GameView {
  if (view.cancelling !== 'idle') return view;
  const paid = view.paymentSignature !== null || (view.gameMode !== null && view.gameMode !== 'practice');
  const waited = view.searchStartTime === null ? Number.POSITIVE_INFINITY : at - view.searchStartTime;
  if (!paid || waited >= CANCEL_WAIT_MS) return { ...view, cancelling: 'cancelling' };
  const message = ERROR_MESSAGES.cancelTooEarly;
  const code = ERROR_CODES.cancelTooEarly;
  return withNotice(
    { ...view, lastError: message, lastErrorCode: code, lastErrorAt: at },
    { kind: 'error', message, code },
  );
}
