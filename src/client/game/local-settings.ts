import { type StoredValues, storedValues } from '../storage/stored-values.ts';

/**
 * The game screen's stored values (SPEC §3 "Client stored values"): the sound and music flags and the win
 * stats, read and written through the shared storage module, which applies SPEC §5's sanity rules and
 * never throws. Tests pass their own StoredValues.
 */

export interface AudioFlags {
  sound: boolean;
  music: boolean;
}

/** SPEC §9: sound and music default on. */
export function readAudioFlags(store: StoredValues = storedValues): AudioFlags {
  return { sound: store.soundEnabled.get(), music: store.musicEnabled.get() };
}

export function writeAudioFlag(
  flag: keyof AudioFlags,
  on: boolean,
  store: StoredValues = storedValues,
): void {
  (flag === 'sound' ? store.soundEnabled : store.musicEnabled).set(on);
}

export interface WinStats {
  totalWins: number;
  bestStreak: number;
}

export function readWinStats(store: StoredValues = storedValues): WinStats {
  return { totalWins: store.totalWins.get(), bestStreak: store.bestStreak.get() };
}
