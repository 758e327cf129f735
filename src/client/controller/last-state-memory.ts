import type { Clock } from '../../common/clock.ts';
import type { GameView } from '../state/game-view.ts';
import type { StoredValues } from '../storage/stored-values.ts';
import { CONTROLLER_TIMING } from './controller-timing.ts';

/**
 * SPEC §4 last game state in storage: written at once on a new state or score, else at most once a second
 * (not 60 writes a second). The score lets a rapid refresh show the real score before the first snapshot.
 */
export function createLastStateMemory(clock: Clock, stored: StoredValues) {
  let last = { key: '', at: Number.NEGATIVE_INFINITY };
  return {
    remember(view: GameView, force: boolean) {
      if (!view.gameId || view.playerIndex === null) return;
      const now = clock.now();
      const scores: [number, number] = [view.data.scores[0], view.data.scores[1]];
      const key = `${view.state} ${scores.join('-')}`;
      if (!force && key === last.key && now - last.at < CONTROLLER_TIMING.lastStateWriteMs) return;
      const prior = stored.lastGameState.get();
      const sameGame = prior?.gameId === view.gameId;
      // A match's end is final: its time (the rematch window's and the return's start) is never moved on.
      if (sameGame && prior.state === 'gameOver') return;
      last = { key, at: now };
      const seedHash = view.seedHash ?? (sameGame ? prior.seedHash : undefined);
      stored.lastGameState.set({
        gameId: view.gameId,
        state: view.state,
        timestamp: now,
        playerIndex: view.playerIndex,
        scores,
        ...(seedHash ? { seedHash } : {}),
      });
    },
  };
}
