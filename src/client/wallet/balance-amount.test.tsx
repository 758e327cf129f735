// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BalanceAmount } from './balance-amount.tsx';

afterEach(cleanup);

const shown = (lamports: bigint, decimals: number) => {
  render(<BalanceAmount lamports={lamports} stale={false} decimals={decimals} testId="balance" />);
  return screen.getByTestId('balance').textContent;
};

describe('the wallet balance never shows more (or less) than the wallet holds', () => {
  it.each([
    // The header and the lobby (SPEC §5: 3 decimals), the wallet box under the game (2).
    [999_980_000n, 3, '0.99998 SOL'],
    [999_980_000n, 2, '0.99998 SOL'],
    [1_000_000_000n, 3, '1.000 SOL'],
    [2_500_000_000n, 2, '2.50 SOL'],
    [1n, 3, '0.000000001 SOL'],
    [0n, 3, '0.000 SOL'],
    [1_234_567_891n, 3, '1.234567891 SOL'],
  ])('%s lamports with %i decimals → %s', (lamports, decimals, text) => {
    expect(shown(lamports, decimals)).toBe(text);
  });
});
