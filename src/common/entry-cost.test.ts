import { describe, expect, it } from 'vitest';
import { canPayEntry, entryLamportsNeeded, RENT_EXEMPT_MINIMUM_LAMPORTS } from './entry-cost.ts';
import { getGameMode } from './game-modes.ts';
import { TRANSFER_NETWORK_FEE_LAMPORTS } from './rules.ts';

describe('what an entry payment costs the wallet', () => {
  it('the network fee is 5,000 lamports for the signature + ceil(10,000 µlamports × 1,000 units / 1e6)', () => {
    expect(TRANSFER_NETWORK_FEE_LAMPORTS).toBe(5_010n);
    expect(RENT_EXEMPT_MINIMUM_LAMPORTS).toBe(890_880n);
  });

  it.each([
    ['practice', 0n],
    ['smol_shrimp', 25_895_890n],
    ['tiny_tuna', 100_895_890n],
    ['mighty_marlin', 1_000_895_890n],
    ['giga_whale', 10_000_895_890n],
  ] as const)('%s needs %s lamports: the wager, the fee and the rent reserve', (mode, needed) => {
    expect(entryLamportsNeeded(getGameMode(mode).wagerLamports)).toBe(needed);
  });

  const MARLIN = getGameMode('mighty_marlin').wagerLamports;
  it.each([
    ['exactly the wager', 1_000_000_000n, false],
    ['the wager and the fee, leaving nothing', 1_000_005_010n, true],
    ['one lamport more, leaving 1 lamport (below rent exemption)', 1_000_005_011n, false],
    ['leaving one lamport less than rent exemption', 1_000_895_889n, false],
    ['leaving exactly the rent-exempt minimum', 1_000_895_890n, true],
    ['plenty', 5_000_000_000n, true],
    ['nothing at all', 0n, false],
  ] as const)('Mighty Marlin from a balance of %s: %s', (_, balance, ok) => {
    expect(canPayEntry(balance, MARLIN)).toBe(ok);
  });

  it('a free mode is paid from any balance', () => {
    expect(canPayEntry(0n, 0n)).toBe(true);
  });
});
