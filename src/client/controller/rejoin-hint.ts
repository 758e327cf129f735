import { REMATCH_WINDOW_MS } from '../../common/rules.ts';
import type { RememberedGame } from '../state/game-view.ts';
import type { StoredValues } from '../storage/stored-values.ts';
import { resumeTarget } from './rapid-refresh.ts';

type Stored = Pick<StoredValues, 'currentGameId' | 'lastGameState' | 'walletType'>;

/**
 * The game-over screen a newly opened socket asks back: the last game state is a game over this browser saw
 * within the match's rematch window (SPEC §4 forgets the current game id at game over, not this).
 */
export function finishedGameToRejoin(stored: Pick<Stored, 'lastGameState'>, now: number): string | null {
  const last = stored.lastGameState.get();
  if (last?.state !== 'gameOver') return null;
  const age = now - last.timestamp;
  return age >= 0 && age < REMATCH_WINDOW_MS ? last.gameId : null;
}

/**
 * Whether a page that (re)loads has reason to think it is in a match, before its socket has opened: a match
 * under way (a stored game id, or a rapid refresh's last state) or a game-over screen. Without a stored
 * wallet to restore nothing is rejoined until the player connects, so the page shows the lobby at once.
 */
export function rejoinHint(stored: Stored, now: number): boolean {
  if (!stored.walletType.get()) return false;
  const resume = resumeTarget(stored.currentGameId.get(), stored.lastGameState.get(), now);
  return resume !== null || finishedGameToRejoin(stored, now) !== null;
}

/** What storage remembers of the game a socket rejoins (its announced seed hash, when it ended), or null. */
export function rememberedGame(
  stored: Pick<Stored, 'lastGameState'>,
  gameId: string | null,
): RememberedGame | null {
  const last = stored.lastGameState.get();
  if (gameId === null || last?.gameId !== gameId) return null;
  return {
    gameId,
    seedHash: last.seedHash ?? null,
    endedAt: last.state === 'gameOver' ? last.timestamp : null,
  };
}
