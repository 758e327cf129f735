// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../storage/stored-values.ts';
import { readAudioFlags, readWinStats, writeAudioFlag } from './local-settings.ts';

afterEach(() => localStorage.clear());

describe('the sound and music toggles are kept in storage', () => {
  it('sound and music default on', () => {
    expect(readAudioFlags()).toEqual({ sound: true, music: true });
  });

  it('a toggle written is read back after a reload, each flag under its own key', () => {
    writeAudioFlag('music', false);
    expect(localStorage.getItem(STORAGE_KEYS.musicEnabled)).toBe('false');
    expect(readAudioFlags()).toEqual({ sound: true, music: false });
    writeAudioFlag('sound', false);
    writeAudioFlag('music', true);
    expect(localStorage.getItem(STORAGE_KEYS.soundEnabled)).toBe('false');
    expect(readAudioFlags()).toEqual({ sound: false, music: true });
  });
});

describe('stats under the game come from storage; missing or impossible values read as 0', () => {
  it.each([
    { wins: null, streak: null, read: { totalWins: 0, bestStreak: 0 } },
    { wins: '12', streak: '4', read: { totalWins: 12, bestStreak: 4 } },
    { wins: '1000', streak: '100', read: { totalWins: 1000, bestStreak: 100 } },
    { wins: '1001', streak: '101', read: { totalWins: 0, bestStreak: 0 } },
    { wins: 'lots', streak: '-3', read: { totalWins: 0, bestStreak: 0 } },
  ])('stored wins $wins and streak $streak read as $read', ({ wins, streak, read }) => {
    if (wins !== null) localStorage.setItem(STORAGE_KEYS.totalWins, wins);
    if (streak !== null) localStorage.setItem(STORAGE_KEYS.bestStreak, streak);
    expect(readWinStats()).toEqual(read);
  });
});
