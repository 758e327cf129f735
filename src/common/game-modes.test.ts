import { describe, expect, it } from 'vitest';
import { GAME_MODE_IDS, GAME_MODES, getGameMode, isGameModeId } from './game-modes.ts';

describe('game mode table', () => {
  it.each([
    ['practice', 'Free Play', 0n, 0n, null, null, 0, 0, null, null],
    [
      'smol_shrimp',
      'Smol Shrimp',
      25_000_000n,
      37_500_000n,
      12_500_000n,
      9_000_000n,
      0.025,
      0.0375,
      0.0125,
      0.009,
    ],
    ['tiny_tuna', 'Tiny Tuna', 100_000_000n, 150_000_000n, 50_000_000n, 45_000_000n, 0.1, 0.15, 0.05, 0.045],
    [
      'mighty_marlin',
      'Mighty Marlin',
      1_000_000_000n,
      1_500_000_000n,
      500_000_000n,
      490_000_000n,
      1,
      1.5,
      0.5,
      0.49,
    ],
    [
      'giga_whale',
      'Giga Whale',
      10_000_000_000n,
      15_000_000_000n,
      5_000_000_000n,
      4_990_000_000n,
      10,
      15,
      5,
      4.99,
    ],
  ] as const)(
    '%s: %s, wager/win/fee/profit as the table',
    (id, name, wager, win, fee, profit, wagerSol, winSol, feeSol, profitSol) => {
      const mode = getGameMode(id);
      expect(mode.name).toBe(name);
      expect([mode.wagerLamports, mode.winLamports, mode.feeLamports, mode.profitLamports]).toEqual([
        wager,
        win,
        fee,
        profit,
      ]);
      expect([mode.wagerAmount, mode.winAmount, mode.fee, mode.profitAmount]).toEqual([
        wagerSol,
        winSol,
        feeSol,
        profitSol,
      ]);
      expect(mode.minBalanceLamports).toBe(wager);
      expect(mode.minBalance).toBe(wagerSol);
    },
  );

  it('payout is 1.5 times the entry fee and the table order is fixed', () => {
    expect(GAME_MODES.map((m) => m.id)).toEqual([...GAME_MODE_IDS]);
    for (const mode of GAME_MODES) {
      expect(mode.winLamports * 2n).toBe(mode.wagerLamports * 3n);
      expect(mode.description.length).toBeGreaterThan(0);
      expect(mode.color).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('Free Play promises no person: the house bot may be the opponent, and its description says so', () => {
    const text = getGameMode('practice').description;
    expect(text).toContain('house bot');
    expect(text).not.toMatch(/real opponent/i);
  });

  it('mode ids are recognised only from the table', () => {
    expect(isGameModeId('tiny_tuna')).toBe(true);
    expect(isGameModeId('huge_hake')).toBe(false);
    expect(isGameModeId(undefined)).toBe(false);
  });
});
