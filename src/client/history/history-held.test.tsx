// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HELD_TEXT, HistoryGroupRow } from './history-group-row.tsx';
import { groupTransactions } from './history-groups.ts';
import { parseHistoryTransaction } from './history-transaction.ts';
import { GAME_A, historyRow } from './test-support/history-rows.ts';

afterEach(cleanup);

describe('a payout held for review reads so in the history', () => {
  it('the game says the payout is held, and its payout row says pending, held for review', async () => {
    const rows = [
      historyRow({ id: 'entry', type: 'entry_fee', game_id: GAME_A, amount: 0.1, game_mode: 'tiny_tuna' }),
      historyRow({
        id: 'payout',
        type: 'winner_payout',
        game_id: GAME_A,
        amount: 0.15,
        game_mode: 'tiny_tuna',
        status: 'pending',
        held_for_review: true,
      }),
    ];
    const [group] = groupTransactions(rows);
    render(<HistoryGroupRow group={group!} cluster="localnet" onDetails={() => {}} />);
    expect(screen.getByTestId('history-held').textContent).toBe(HELD_TEXT);
    await act(async () => fireEvent.click(screen.getByRole('button', { expanded: false })));
    expect(screen.getByText('pending, held for review')).toBeTruthy();
  });

  it('the field arrives from the wire (history answer or notification) and is absent elsewhere', () => {
    expect(
      parseHistoryTransaction({ id: 'p', type: 'winner_payout', held_for_review: true })?.held_for_review,
    ).toBe(true);
    expect(parseHistoryTransaction({ id: 'p', type: 'winner_payout' })?.held_for_review).toBeNull();
  });
});
