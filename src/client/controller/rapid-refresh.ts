import type { ResumeTarget } from '../state/game-events.ts';
import type { LastGameState } from '../storage/stored-values.ts';

/** SPEC §9 rapid refresh window. */
export const RAPID_REFRESH_MS = 15_000;

/**
 * The game a newly opened socket rejoins (SPEC §4): the stored game id, or the game of a last game state
 * under 15 s old (a rapid refresh, which also brings back the screen and the seat). A finished game, or a
 * last state from the future (a clock that jumped back), is not a rapid refresh.
 */
export function resumeTarget(
  storedGameId: string | null,
  last: LastGameState | null,
  now: number,
): ResumeTarget | null {
  const age = last ? now - last.timestamp : Number.POSITIVE_INFINITY;
  const fresh = last !== null && last.state !== 'gameOver' && age >= 0 && age < RAPID_REFRESH_MS;
  const rapid = fresh
    ? { state: last.state, playerIndex: last.playerIndex, ...(last.scores ? { scores: last.scores } : {}) }
    : null;
  if (storedGameId !== null) {
    return { gameId: storedGameId, rapid: rapid && last?.gameId === storedGameId ? rapid : null };
  }
  return fresh ? { gameId: last.gameId, rapid } : null;
}
