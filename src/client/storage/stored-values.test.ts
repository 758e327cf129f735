import { describe, expect, it } from 'vitest';
import { applyResult, readStats, recordGameResult } from './stats.ts';
import { safeStorageArea } from './storage-area.ts';
import { createStoredValues, STORAGE_KEYS } from './stored-values.ts';
import { memoryStorage, throwingStorage } from './test-support/memory-storage.ts';

const GAME = '0b5e7a52-3c1e-4c55-9d0e-1f2a3b4c5d6e';
const OTHER_GAME = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

function stores(local: Record<string, string> = {}, session: Record<string, string> = {}) {
  const localStorage = memoryStorage(local);
  const sessionStorage = memoryStorage(session);
  const stored = createStoredValues(
    safeStorageArea(() => localStorage),
    safeStorageArea(() => sessionStorage),
  );
  return { stored, localStorage, sessionStorage };
}

describe('stored stats sanity', () => {
  it.each([
    ['0', 0],
    ['7', 7],
    ['1000', 1000],
    ['1001', 0],
    ['-1', 0],
    ['3.5', 0],
    ['"12"', 0],
    ['null', 0],
    ['{not json', 0],
    ['', 0],
  ])('total wins must be a number 0-1000 else 0: stored %j reads %i', (raw, expected) => {
    const { stored, localStorage } = stores({ [STORAGE_KEYS.totalWins]: raw });
    expect(stored.totalWins.get()).toBe(expected);
    // An insane value is reset in storage, not only hidden.
    expect(localStorage.getItem(STORAGE_KEYS.totalWins)).toBe(String(expected));
  });

  it.each([
    ['currentStreak', '100', 100],
    ['currentStreak', '101', 0],
    ['currentStreak', '-3', 0],
    ['bestStreak', '42', 42],
    ['bestStreak', '500', 0],
    ['bestStreak', 'true', 0],
  ] as const)('%s must be 0-100 else 0: stored %j reads %i', (key, raw, expected) => {
    const { stored } = stores({ [STORAGE_KEYS[key]]: raw });
    expect(stored[key].get()).toBe(expected);
  });

  it('a missing stat reads 0 and writes nothing', () => {
    const { stored, localStorage } = stores();
    expect(readStats(stored)).toEqual({ totalWins: 0, currentStreak: 0, bestStreak: 0 });
    expect(localStorage.length).toBe(0);
  });
});

describe('stats: applied once per game id', () => {
  it.each([
    [
      { totalWins: 0, currentStreak: 0, bestStreak: 0 },
      true,
      { totalWins: 1, currentStreak: 1, bestStreak: 1 },
    ],
    [
      { totalWins: 5, currentStreak: 2, bestStreak: 4 },
      true,
      { totalWins: 6, currentStreak: 3, bestStreak: 4 },
    ],
    [
      { totalWins: 5, currentStreak: 4, bestStreak: 4 },
      true,
      { totalWins: 6, currentStreak: 5, bestStreak: 5 },
    ],
    [
      { totalWins: 5, currentStreak: 4, bestStreak: 4 },
      false,
      { totalWins: 5, currentStreak: 0, bestStreak: 4 },
    ],
    [
      { totalWins: 1000, currentStreak: 100, bestStreak: 100 },
      true,
      { totalWins: 1000, currentStreak: 100, bestStreak: 100 },
    ],
  ])('from %j a %s result gives %j (within §9 limits)', (before, won, after) => {
    expect(applyResult(before, won)).toEqual(after);
  });

  it('the same game id changes the stats once, a new one again', () => {
    const { stored } = stores();
    expect(recordGameResult(stored, GAME, true)).toBe(true);
    expect(recordGameResult(stored, GAME, true)).toBe(false);
    expect(recordGameResult(stored, GAME, false)).toBe(false);
    expect(readStats(stored)).toEqual({ totalWins: 1, currentStreak: 1, bestStreak: 1 });
    expect(recordGameResult(stored, OTHER_GAME, false)).toBe(true);
    expect(readStats(stored)).toEqual({ totalWins: 1, currentStreak: 0, bestStreak: 1 });
  });

  it('once per game id holds across a reload (a new reader of the same storage)', () => {
    const { stored, localStorage, sessionStorage } = stores();
    recordGameResult(stored, GAME, true);
    const again = createStoredValues(
      safeStorageArea(() => localStorage),
      safeStorageArea(() => sessionStorage),
    );
    expect(recordGameResult(again, GAME, true)).toBe(false);
    expect(again.totalWins.get()).toBe(1);
  });
});

describe('client stored values', () => {
  it('every value round-trips through its own key', () => {
    const { stored, localStorage, sessionStorage } = stores();
    stored.sessionId.set('3f2a6c1e-aaaa-bbbb');
    stored.currentGameId.set(GAME.toUpperCase());
    stored.currentGameNode.set('game-2.eu_west');
    stored.lastGameState.set({ gameId: GAME, state: 'playing', timestamp: 1234, playerIndex: 1 });
    stored.walletAddress.set(WALLET);
    stored.walletBalance.set(25_000_000n);
    stored.soundEnabled.set(false);
    stored.musicEnabled.set(false);
    stored.winnerPayouts.add({ gameId: GAME, amount: 0.0375, signature: 'sig', timestamp: 5 });
    stored.winnerPayouts.add({ gameId: GAME, amount: 0.0375, signature: 'sig', timestamp: 6 });
    stored.walletConnectRequested.set(true);
    stored.walletType.set('Phantom');
    stored.walletAuthTime.set(1_700_000_000_000);
    stored.walletAuthAddr.set(WALLET);

    expect(stored.sessionId.get()).toBe('3f2a6c1e-aaaa-bbbb');
    // SPEC §5: game ids are normalised to the UUID inside them.
    expect(stored.currentGameId.get()).toBe(GAME);
    expect(stored.currentGameNode.get()).toBe('game-2.eu_west');
    expect(stored.lastGameState.get()).toEqual({
      gameId: GAME,
      state: 'playing',
      timestamp: 1234,
      playerIndex: 1,
    });
    expect(stored.walletAddress.get()).toBe(WALLET);
    expect(stored.walletBalance.get()).toBe(25_000_000n);
    expect(stored.soundEnabled.get()).toBe(false);
    expect(stored.musicEnabled.get()).toBe(false);
    expect(stored.winnerPayouts.get()).toEqual([
      { gameId: GAME, amount: 0.0375, signature: 'sig', timestamp: 5 },
    ]);
    expect(localStorage.getItem('wallet_connect_requested')).toBe('true');
    expect(localStorage.getItem('wallet_type')).toBe('Phantom');
    expect(sessionStorage.getItem('wallet_auth_time')).toBe('1700000000000');
    expect(sessionStorage.getItem('wallet_auth_addr')).toBe(WALLET);
    expect(localStorage.getItem('wallet_auth_time')).toBeNull();

    stored.clearGame();
    expect(stored.currentGameId.get()).toBeNull();
    expect(stored.currentGameNode.get()).toBeNull();
    expect(stored.lastGameState.get()).toBeNull();
    stored.walletConnectRequested.set(false);
    expect(localStorage.getItem('wallet_connect_requested')).toBeNull();
  });

  it('sound and music default on; the control type is always hybrid', () => {
    const { stored } = stores({
      [STORAGE_KEYS.controlType]: 'keyboard',
      [STORAGE_KEYS.soundEnabled]: 'maybe',
    });
    expect(stored.soundEnabled.get()).toBe(true);
    expect(stored.musicEnabled.get()).toBe(true);
    expect(stored.controlType.get()).toBe('hybrid');
  });

  it.each([
    [STORAGE_KEYS.lastGameState, '{"gameId":'],
    [STORAGE_KEYS.lastGameState, '{"gameId":"x","state":"playing","timestamp":1,"playerIndex":0}'],
    [STORAGE_KEYS.lastGameState, `{"gameId":"${GAME}","state":"dancing","timestamp":1,"playerIndex":0}`],
    [STORAGE_KEYS.lastGameState, `{"gameId":"${GAME}","state":"playing","timestamp":1,"playerIndex":2}`],
    [STORAGE_KEYS.winnerPayouts, '[{"gameId":'],
    [STORAGE_KEYS.currentGameId, 'not-a-game'],
    [STORAGE_KEYS.currentGameNode, 'node 2/../admin'],
    [STORAGE_KEYS.walletBalance, '-5'],
    [STORAGE_KEYS.walletAddress, 'not base58 0OIl'],
    [STORAGE_KEYS.sessionId, 'a b'],
  ])('a corrupt %s (%j) reads as absent', (key, raw) => {
    const { stored } = stores({ [key]: raw });
    const read = {
      [STORAGE_KEYS.lastGameState]: () => stored.lastGameState.get(),
      [STORAGE_KEYS.winnerPayouts]: () => stored.winnerPayouts.get(),
      [STORAGE_KEYS.currentGameId]: () => stored.currentGameId.get(),
      [STORAGE_KEYS.currentGameNode]: () => stored.currentGameNode.get(),
      [STORAGE_KEYS.walletBalance]: () => stored.walletBalance.get(),
      [STORAGE_KEYS.walletAddress]: () => stored.walletAddress.get(),
      [STORAGE_KEYS.sessionId]: () => stored.sessionId.get(),
    }[key];
    const value = read?.();
    expect(value === null || (Array.isArray(value) && value.length === 0)).toBe(true);
  });

  it('a storage that throws (private mode) never throws back: values live in memory for the page', () => {
    const stored = createStoredValues(
      safeStorageArea(() => throwingStorage()),
      safeStorageArea(() => {
        throw new DOMException('denied', 'SecurityError');
      }),
    );
    expect(stored.totalWins.get()).toBe(0);
    expect(stored.currentGameId.get()).toBeNull();
    stored.currentGameId.set(GAME);
    stored.walletAuthAddr.set(WALLET);
    expect(stored.currentGameId.get()).toBe(GAME);
    expect(stored.walletAuthAddr.get()).toBe(WALLET);
    expect(recordGameResult(stored, GAME, true)).toBe(true);
    expect(stored.totalWins.get()).toBe(1);
    stored.clearGame();
    expect(stored.currentGameId.get()).toBeNull();
  });

  it('a full storage (quota) keeps the new value in memory', () => {
    const full = memoryStorage();
    full.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const stored = createStoredValues(
      safeStorageArea(() => full),
      safeStorageArea(() => memoryStorage()),
    );
    stored.soundEnabled.set(false);
    expect(stored.soundEnabled.get()).toBe(false);
  });
});
