import { STAT_LIMITS } from './stat-limits.ts';
import type { StoredValues } from './stored-values.ts';

/** SPEC §3/§9 player stats shown under the game (total wins, best streak) and the streak they grow from. */
export interface PlayerStats {
  totalWins: number;
  currentStreak: number;
  bestStreak: number;
}

/**
 * SPEC §4 stats: a win adds to total wins and the current streak and lifts the best streak; a loss resets
 * the current streak. Values stay within SPEC §9's limits, so they always pass the §5 sanity rule on read.
 */
export function applyResult(stats: PlayerStats, won: boolean): PlayerStats {
  if (!won) return { ...stats, currentStreak: 0 };
  const currentStreak = Math.min(STAT_LIMITS.streak, stats.currentStreak + 1);
  return {
    totalWins: Math.min(STAT_LIMITS.totalWins, stats.totalWins + 1),
    currentStreak,
    bestStreak: Math.max(stats.bestStreak, currentStreak),
  };
}

export function readStats(stored: StoredValues): PlayerStats {
  return {
    totalWins: stored.totalWins.get(),
    currentStreak: stored.currentStreak.get(),
    bestStreak: stored.bestStreak.get(),
  };
}

/**
 * Applies one game's result to the stored stats, once per game id (SPEC §4): a repeated gameOver, a second
 * tab or a reload that hears of the same game again changes nothing. Returns whether it was applied.
 */
export function recordGameResult(stored: StoredValues, gameId: string, won: boolean): boolean {
  const applied = stored.statsAppliedGames.get();
  if (applied.includes(gameId)) return false;
  const next = applyResult(readStats(stored), won);
  stored.totalWins.set(next.totalWins);
  stored.currentStreak.set(next.currentStreak);
  stored.bestStreak.set(next.bestStreak);
  stored.statsAppliedGames.set([...applied, gameId]);
  return true;
}
