import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatDate,
  formatSol,
  formatSolFixed,
  lamportsToSol,
  lamportsToSolString,
  shortenAddress,
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
    [1.23456, 3, '1.235 SOL'],
    [1, 3, '1.000 SOL'],
    [0.1, 2, '0.10 SOL'],
    [undefined, 2, '0.00 SOL'],
    [-0.0001, 2, '0.00 SOL'],
    [0.0375, 4, '0.0375 SOL'],
  ])(
    'fixed amount: %s with %i decimals → %s (the lobby shows 3, the wallet box 2, the history 4)',
    (input, decimals, out) => {
      expect(formatSolFixed(input, decimals)).toBe(out);
    },
  );

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

describe('counts with their noun', () => {
  it('one is singular; none and many are plural', () => {
    expect(countOf(1, 'second')).toBe('1 second');
    expect(countOf(0, 'second')).toBe('0 seconds');
    expect(countOf(10, 'second')).toBe('10 seconds');
    expect(countOf(2, 'match', 'matches')).toBe('2 matches');
  });
});
