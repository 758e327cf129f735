import { CANCEL_WAIT_MS } from '../../common/rules.ts';
import type { GameView } from '../state/game-view.ts';

/**
 * The game page's pure rules (SPEC §2), each a table test: which screen the view calls for, and the wait
 * screen's texts and timings.
 */
export type GameScreenName = 'start' | 'loading' | 'countdown' | 'game' | 'gameOver' | 'rejoining';

const PLAYING_STATES = new Set(['firstServe', 'playing', 'roundEnd', 'waitingForReconnection']);

/**
 * SPEC §2 "Game page chooses one screen from game state": start (waiting or default); loading (searching,
 * or opponent found but no game id yet, and the opponent-found screen's 3 s); countdown (and its 'GO!' at
 * the start of the first serve); game (first serve, playing, round end, and the pause while a player is
 * away); game over.
 */
export function chooseScreen(view: GameView): GameScreenName {
  if (view.gameOver !== null || view.state === 'gameOver') return 'gameOver';
  if (view.gameId !== null && view.state === 'countdown') {
    return view.opponentFoundAt != null && !view.isDisconnected ? 'loading' : 'countdown';
  }
  if (view.gameId !== null && view.state === 'firstServe' && view.goAt != null) return 'countdown';
  if (view.gameId !== null && PLAYING_STATES.has(view.state)) return 'game';
  if (view.searching || (view.opponentFound && view.gameId === null)) return 'loading';
  // A reload during a match waits for the server's word on it: the lobby only once nothing is to be rejoined.
  if (view.rejoining) return 'rejoining';
  return 'start';
}

/** SPEC §2 wait-screen status by wait time. */
export function waitStatusText(waitedMs: number): string {
  const seconds = waitedMs / 1000;
  if (seconds < 30) return 'Finding an opponent...';
  if (seconds < 60) return 'Still looking...';
  if (seconds < 90) return 'Taking longer than usual...';
  return 'Keep waiting or try a different mode';
}

/** SPEC §2: the progress bar grows 2% per second waited (full at 50 s). */
export function waitProgressPercent(waitedMs: number): number {
  return Math.min(100, Math.max(0, Math.floor(waitedMs / 1000) * 2));
}

/** SPEC §2: 'CANCEL MATCH' only after 10 s of waiting and only while no opponent is found. */
export function showCancelMatch(view: GameView, waitedMs: number): boolean {
  return view.searching && !view.opponentFound && view.cancelling === 'idle' && waitedMs >= CANCEL_WAIT_MS;
}

/** SPEC §2 reconnect dialog: only the first 8 characters of the game id are shown. */
export function shortGameId(gameId: string | null): string {
  return (gameId ?? '').slice(0, 8);
}

/** SPEC §2 opponent-disconnected overlay heading: '{Player N or Opponent} Disconnected'. */
export function opponentHeading(disconnectedPlayerIndex: 0 | 1 | null): string {
  return disconnectedPlayerIndex === null
    ? 'Opponent Disconnected'
    : `Player ${disconnectedPlayerIndex + 1} Disconnected`;
}
