// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeProviders, fakeGame, fakeWallet, TEST_WALLET } from '../test-support/fake-wallet-and-game.tsx';
import { jsonResponse } from '../test-support/render-app.tsx';
import { groupTransactions } from './history-groups.ts';
import { GAME_A, GAME_B, historyRow, OPPONENT } from './test-support/history-rows.ts';
import { TransactionHistoryPanel } from './transaction-history-panel.tsx';

/**
 * A won practice game showed '0.0000 SOL'. SPEC §3: practice ('Free Play') has no wager and no
 * win amount, so its rows show no amount at all; paid games keep theirs.
 */

/** A practice game won, as GET /api/transactions/history sends it (src/server/ledger/player-history.ts). */
const practiceWin = historyRow({
  id: `game-${GAME_A}`,
  type: 'game_record',
  wallet_address: TEST_WALLET,
  amount: 0,
  created_at: '2026-01-10T12:40:00.000Z',
  game_mode: 'practice',
  game_id: GAME_A,
  opponent_address: OPPONENT,
  score: '11-4',
  final_score: '11-4',
  game_completion_status: 'practice_win',
  perspective_type: 'game_win',
  game_outcome: 'win',
  player_won: true,
});
const paidLoss = [
  historyRow({
    id: `game-${GAME_B}`,
    type: 'game_record',
    amount: 0,
    created_at: '2026-01-10T12:21:00.000Z',
    game_mode: 'tiny_tuna',
    game_id: GAME_B,
    final_score: '3-11',
    game_outcome: 'loss',
    player_won: false,
  }),
  historyRow({
    id: 'entry-b',
    type: 'entry_fee',
    amount: 0.1,
    created_at: '2026-01-10T12:20:00.000Z',
    game_mode: 'tiny_tuna',
    game_id: GAME_B,
  }),
];

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      jsonResponse(200, { success: true, transactions: [practiceWin, ...paidLoss], nextCursor: null }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function renderPanel() {
  render(
    <FakeProviders wallet={fakeWallet()} game={fakeGame()}>
      <TransactionHistoryPanel />
    </FakeProviders>,
  );
  for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(0));
  return screen.getAllByTestId('history-row');
}

describe('practice moves no money: its history rows show no amount', () => {
  it('a practice group has no amount; a paid group keeps its amount', () => {
    const [practice, paid] = groupTransactions([practiceWin, ...paidLoss]);
    expect(practice).toMatchObject({ gameMode: 'practice', outcome: 'win', headline: null });
    expect(paid).toMatchObject({
      gameMode: 'tiny_tuna',
      outcome: 'loss',
      headline: { lamports: -100_000_000n, signed: true },
    });
  });

  it('the won practice row reads Free Play, WIN and its score, with no SOL amount', async () => {
    const [practice, paid] = await renderPanel();
    expect(practice!.getAttribute('data-outcome')).toBe('win');
    expect(practice!.textContent).toContain('Free Play');
    expect(practice!.textContent).toContain('WIN');
    expect(practice!.textContent).toContain('11-4');
    expect(practice!.textContent).not.toContain('SOL');
    expect(within(practice!).queryByTestId('history-amount')).toBeNull();
    expect(within(paid!).getByTestId('history-amount').textContent).toBe('-0.1000 SOL');
  });

  it('expanded, and in its Transaction Details, the practice game shows no amount either', async () => {
    const [practice] = await renderPanel();
    fireEvent.click(within(practice!).getByRole('button', { expanded: false }));
    const [result] = within(practice!).getAllByTestId('history-transaction');
    expect(result!.textContent).toContain('Game Result');
    expect(result!.textContent).not.toContain('SOL');
    fireEvent.click(within(result!).getByRole('button', { name: 'Details' }));
    const dialog = screen.getByRole('dialog', { name: 'Transaction Details' });
    expect(dialog.textContent).toContain('Free Play');
    expect(within(dialog).queryByText('Amount')).toBeNull();
    expect(dialog.textContent).not.toContain('SOL');
  });
});
