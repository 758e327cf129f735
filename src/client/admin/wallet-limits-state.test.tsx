// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { WalletLimitsState } from './wallet-limits-state.tsx';

afterEach(cleanup);

it("shows the player's exclusion, limits with a pending raise, and the changes; offers no action", () => {
  render(
    <WalletLimitsState
      limits={{
        exclusion: { startedAt: '2026-11-20T09:00:00.000Z', endsAt: null },
        daily: {
          lamports: '100000000',
          pending: { lamports: '300000000', effectiveAt: '2026-11-21T09:00:00.000Z' },
          lossLamports: '25000000',
        },
        weekly: { lamports: null, pending: null, lossLamports: '0' },
        changes: [
          {
            kind: 'self_exclusion',
            lamports: null,
            excludedUntil: null,
            requestedAt: '2026-11-20T09:00:00.000Z',
            effectiveAt: '2026-11-20T09:00:00.000Z',
          },
        ],
      }}
    />,
  );
  const state = screen.getByTestId('wallet-limits-state');
  expect(state.textContent).toContain('Self-exclusion: Permanent');
  expect(state.textContent).toContain('0.1 SOL · net loss 0.025 SOL · raise to 0.3 SOL from');
  expect(state.textContent).toContain('Weekly loss limit (last 7 days): none · no net loss');
  expect(state.textContent).toContain('Self-exclusion permanent');
  expect(screen.queryByRole('button')).toBeNull();
});

it('a period the player is up in reads as a net win, never as a negative loss', () => {
  render(
    <WalletLimitsState
      limits={{
        exclusion: null,
        daily: { lamports: '100000000', pending: null, lossLamports: '-12500000' },
        weekly: { lamports: null, pending: null, lossLamports: '-12500000' },
        changes: [],
      }}
    />,
  );
  const state = screen.getByTestId('wallet-limits-state');
  expect(state.textContent).toContain('0.1 SOL · net win 0.0125 SOL');
  expect(state.textContent).not.toContain('-0.0125');
});
