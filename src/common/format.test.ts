import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatDate,
  formatLamports,
  formatSol,
  lamportsToSol,
  lamportsToSolString,
  shortenAddress,
  solToLamports,
} from './format.ts';

describe('display formats', () => {
  it.each([
    [undefined, '0 SOL'],
    [null, '0 SOL'],
    ['', '0 SOL'],
    ['not a number', '0 SOL'],
    [0, '0 SOL'],
    [0.001234567, '0.001235 SOL'],
    [0.0099999, '0.01 SOL'],
    [-0.0000004, '0 SOL'],
    [0.025, '0.025 SOL'],
    [0.0375, '0.0375 SOL'],
    [0.123456, '0.12346 SOL'],
    [0.97, '0.97 SOL'],
    [1, '1 SOL'],
    [1.23456, '1.2346 SOL'],
    [15, '15 SOL'],
    [-2.5, '-2.5 SOL'],
    ['0.5', '0.5 SOL'],
  ])("amount: %s → '%s' (6/5/4 decimals by magnitude, ' SOL', missing '0 SOL')", (input, expected) => {
    expect(formatSol(input)).toBe(expected);
  });

  it.each([
    [1n, 0, '0.000000001 SOL'],
    [1n, 3, '0.000000001 SOL'],
    [24_250_000n, 3, '0.02425 SOL'],
    [999_980_000n, 3, '0.99998 SOL'],
    [999_980_000n, 2, '0.99998 SOL'],
    [999_999_999n, 3, '0.999999999 SOL'],
    [1_000_000_000n, 3, '1.000 SOL'],
    [1_000_000_000n, 0, '1 SOL'],
    [100_000_000n, 2, '0.10 SOL'],
    [0n, 2, '0.00 SOL'],
    [0n, 0, '0 SOL'],
    [37_500_000n, 4, '0.0375 SOL'],
    [37_500_000n, 0, '0.0375 SOL'],
    [25_895_890n, 0, '0.02589589 SOL'],
    [750_000n, 4, '0.00075 SOL'],
    [1_234_567_891n, 3, '1.234567891 SOL'],
    [15_000_000_000n, 4, '15.0000 SOL'],
    [123_456_789_000_000_001n, 3, '123456789.000000001 SOL'],
    [-12_500_000n, 4, '-0.0125 SOL'],
  ])(
    'lamports %s with at least %i decimals → %s: exact, never rounded (lobby 3, wallet box 2, history 4)',
    (lamports, decimals, out) => {
      expect(formatLamports(lamports, decimals)).toBe(out);
    },
  );

  it('every lamport amount reads back as itself: no two amounts share a text', () => {
    const samples = [0n, 1n, 9n, 10n, 999n, 5_010n, 890_880n, 24_250_000n, 25_000_000n, 999_980_000n];
    for (let i = 0n; i < 2_000n; i += 1n) samples.push(999_999_000n + i, 24_249_000n + i * 7n);
    for (const lamports of samples) {
      for (const decimals of [0, 2, 3, 4]) {
        const [whole, fraction = ''] = formatLamports(lamports, decimals).replace(' SOL', '').split('.');
        expect(fraction.length).toBeGreaterThanOrEqual(decimals);
        const back = BigInt(whole!) * 1_000_000_000n + BigInt(fraction.padEnd(9, '0').slice(0, 9) || '0');
        expect(fraction.length).toBeLessThanOrEqual(9);
        expect(back).toBe(lamports);
      }
    }
  });

  it.each([
    [0n, '0', 0],
    [25_000_000n, '0.025', 0.025],
    [37_500_000n, '0.0375', 0.0375],
    [1_000_000_000n, '1', 1],
    [4_990_000_000n, '4.99', 4.99],
    [1n, '0.000000001', 0.000000001],
    [-12_500_000n, '-0.0125', -0.0125],
  ])('lamports %s → %s SOL exactly', (lamports, text, sol) => {
    expect(lamportsToSolString(lamports)).toBe(text);
    expect(lamportsToSol(lamports)).toBe(sol);
  });

  it.each([
    [undefined, {}, 'N/A'],
    [null, {}, 'N/A'],
    ['', {}, 'N/A'],
    ['not a date', {}, 'N/A'],
    ['2025-03-09T15:04:00Z', { timeZone: 'UTC' }, 'Mar 9, 2025'],
    ['2025-03-09T15:04:00Z', { timeZone: 'UTC', withTime: true }, 'Mar 9, 2025, 03:04 PM'],
    [Date.UTC(2024, 11, 31, 0, 5), { timeZone: 'UTC', withTime: true }, 'Dec 31, 2024, 12:05 AM'],
    [new Date(Date.UTC(2026, 0, 1, 12)), { timeZone: 'UTC' }, 'Jan 1, 2026'],
    [
      '2025-03-09T15:04:00Z',
      { timeZone: 'UTC', withTime: true, zoneName: true },
      'Mar 9, 2025, 03:04 PM UTC',
    ],
    [
      '2025-03-09T15:04:00Z',
      { timeZone: 'Asia/Kolkata', withTime: true, zoneName: true },
      'Mar 9, 2025, 08:34 PM GMT+5:30',
    ],
  ])('date: %s %o → %s (US English, short month, 12-hour, missing N/A)', (input, options, out) => {
    expect(formatDate(input, options)).toBe(out);
  });

  it.each([
    [undefined, 'N/A'],
    ['', 'N/A'],
    ['abc', 'abc'],
    ['0123456789', '0123456789'],
    ['0123456789A', '01234...6789A'],
    ['9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', '9xQeW...sVFin'],
  ])('shortening: %s → %s (first 5 + ... + last 5, ≤10 whole)', (input, out) => {
    expect(shortenAddress(input)).toBe(out);
  });
});

describe('SOL typed by an operator, read as lamports', () => {
  it.each([
    ['0.025', 25_000_000n],
    ['1', 1_000_000_000n],
    [' 2. ', 2_000_000_000n],
    ['.5', 500_000_000n],
    ['0.000000001', 1n],
    ['0', 0n],
    // Past 2^53 lamports: a float would round it.
    ['9007199.254740993', 9_007_199_254_740_993n],
  ])('%j is exactly %s lamports', (text, lamports) => {
    expect(solToLamports(text)).toBe(lamports);
    expect(solToLamports(lamportsToSolString(lamports))).toBe(lamports);
  });

  it.each(['', '.', '-1', '1e3', '0x10', '1,5', '0.0000000001', 'abc', 'Infinity'])(
    '%j is no amount of lamports',
    (text) => expect(solToLamports(text)).toBeNull(),
  );
});

describe('counts with their noun', () => {
  it('one is singular; none and many are plural', () => {
    expect(countOf(1, 'second')).toBe('1 second');
    expect(countOf(0, 'second')).toBe('0 seconds');
    expect(countOf(10, 'second')).toBe('10 seconds');
    expect(countOf(2, 'match', 'matches')).toBe('2 matches');
  });
});
