import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

/** Restricted jurisdictions (RESTRICTED_COUNTRIES) and the house balance floor (HOUSE_BALANCE_FLOOR_SOL) as read from the environment. */
describe('tracking configuration', () => {
  it('RESTRICTED_COUNTRIES defaults to US, UK, Hong Kong, Singapore, Malta and the sanctioned countries', () => {
    expect(loadConfig({}).restrictedCountries).toEqual([
      'US',
      'GB',
      'HK',
      'SG',
      'MT',
      'CU',
      'IR',
      'KP',
      'SY',
    ]);
  });

  it('RESTRICTED_COUNTRIES overrides the list (trimmed, upper-cased, once each)', () => {
    expect(loadConfig({ RESTRICTED_COUNTRIES: 'de, fr,DE' }).restrictedCountries).toEqual(['DE', 'FR']);
  });

  it('an empty RESTRICTED_COUNTRIES (or none) restricts no country', () => {
    expect(loadConfig({ RESTRICTED_COUNTRIES: '' }).restrictedCountries).toEqual([]);
    expect(loadConfig({ RESTRICTED_COUNTRIES: 'none' }).restrictedCountries).toEqual([]);
  });

  it.each(['USA', 'U1', 'US;GB', ','])('RESTRICTED_COUNTRIES=%j is refused at start', (bad) => {
    expect(() => loadConfig({ RESTRICTED_COUNTRIES: bad })).toThrow(ConfigError);
    expect(() => loadConfig({ RESTRICTED_COUNTRIES: bad })).toThrow(
      /RESTRICTED_COUNTRIES must be a comma-separated/,
    );
  });

  it('HOUSE_BALANCE_FLOOR_SOL is read in lamports without floats; 50 SOL by default', () => {
    expect(loadConfig({}).houseBalanceFloorLamports).toBe(50_000_000_000n);
    expect(loadConfig({ HOUSE_BALANCE_FLOOR_SOL: '12.5' }).houseBalanceFloorLamports).toBe(12_500_000_000n);
    expect(loadConfig({ HOUSE_BALANCE_FLOOR_SOL: '0.000000001' }).houseBalanceFloorLamports).toBe(1n);
    expect(loadConfig({ HOUSE_BALANCE_FLOOR_SOL: '0' }).houseBalanceFloorLamports).toBe(0n);
  });

  it.each(['-1', '1e3', 'ten', '0.0000000001'])('HOUSE_BALANCE_FLOOR_SOL=%j is refused', (bad) => {
    expect(() => loadConfig({ HOUSE_BALANCE_FLOOR_SOL: bad })).toThrow(
      /HOUSE_BALANCE_FLOOR_SOL must be an amount of SOL/,
    );
  });
});
