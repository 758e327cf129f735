// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GameOverInfo } from '../state/game-view.ts';
import { dispatchWalletTransaction } from '../state/wallet-transaction-event.ts';
import { fakeWallet, TEST_WALLET } from '../test-support/fake-wallet-and-game.tsx';
import { jsonResponse } from '../test-support/render-app.tsx';
import { GAME_A, sampleHistory } from './test-support/history-rows.ts';
import { advance, outcomes, panelServer, renderPanel, rows } from './test-support/panel-bed.tsx';

const GAME_OVER: GameOverInfo = {
  outcome: 'win',
  scores: [11, 7],
  reason: 'score',
  message: '',
  opponentDisconnected: false,
};

describe('transaction history panel', () => {
  it('title, Refresh, shortened address, last-updated time, chips with counts, groups with outcomes, 500 px', async () => {
    renderPanel();
    await advance(0);
    const panel = screen.getByTestId('transaction-history');
    expect(within(panel).getByRole('heading', { name: 'Transaction History' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.getByTestId('history-address').textContent).toBe('9xQeW...sVFin');
    expect(panel.textContent).toMatch(/Last updated: \d{2}:\d{2}:\d{2} (AM|PM)/);
    expect(panel.className).toContain('max-h-[500px]');
    expect(panelServer.fetches[0]?.url).toBe(`/api/transactions/history/${TEST_WALLET}?limit=200`);
    // Each chip counts the groups it shows: four groups in all.
    for (const [name, count] of [
      ['All', '4'],
      ['Games', '2'],
      ['Wagers', '4'],
      ['Refunds', '1'],
    ]) {
      const chip = screen.getByRole('button', { name: name!, description: count! });
      expect(chip.getAttribute('aria-pressed')).toBe(String(name === 'All'));
    }
    expect(outcomes()).toEqual(['pending', 'win', 'refunded', 'loss']);
    const won = rows()[1]!;
    expect(won.textContent).toContain('Smol Shrimp');
    expect(won.textContent).toContain('WIN');
    expect(won.textContent).toContain('vs RivaL...89abc');
    expect(won.textContent).toContain('11-7');
    // The net result: the 0.0375 payout less the 0.025 entry.
    expect(won.textContent).toContain('+0.0125 SOL');
    expect(rows()[2]!.textContent).toContain('-0.00075 SOL');
  });

  it('expanded, the game record shows no money beside the payout; on-chain transfers link to the explorer', async () => {
    renderPanel(fakeWallet({ cluster: 'localnet' }));
    await advance(0);
    fireEvent.click(within(rows()[1]!).getByRole('button', { expanded: false }));
    const lines = within(rows()[1]!).getAllByTestId('history-transaction');
    const byType = (label: string) => lines.find((l) => l.textContent?.startsWith(label))!;
    expect(byType('Winner Payout').textContent).toContain('0.0375 SOL');
    expect(byType('Game Result').textContent).not.toContain('SOL');
    expect(byType('Entry Fee').textContent).toContain('0.0250 SOL');
    // Only the entry has a signature in this history: it alone links out.
    expect(within(byType('Entry Fee')).getByTestId('history-explorer-link')).toBeTruthy();
    expect(within(byType('Winner Payout')).queryByTestId('history-explorer-link')).toBeNull();
    expect(within(byType('Game Result')).queryByTestId('history-explorer-link')).toBeNull();
    // A finished game offers 'Verify'; a search that never became a game has nothing to verify.
    expect(within(rows()[1]!).getByRole('button', { name: 'Verify' })).toBeTruthy();
    fireEvent.click(within(rows()[2]!).getByRole('button', { expanded: false }));
    expect(within(rows()[2]!).queryByRole('button', { name: 'Verify' })).toBeNull();
  });

  it('a row expands into its transactions, payout included', async () => {
    renderPanel();
    await advance(0);
    const header = within(rows()[1]!).getByRole('button', { expanded: false });
    fireEvent.click(header);
    expect(header.getAttribute('aria-expanded')).toBe('true');
    const inside = within(rows()[1]!)
      .getAllByTestId('history-transaction')
      .map((li) => li.textContent);
    expect(inside[0]).toContain('Winner Payout');
    expect(inside[1]).toContain('Game Result');
    expect(inside[2]).toContain('Entry Fee');
  });

  it.each([
    ['devnet', 'https://explorer.solana.com/tx/{sig}?cluster=devnet'],
    ['mainnet-beta', 'https://explorer.solana.com/tx/{sig}'],
  ] as const)("'Transaction Details' on %s links to the explorer", async (cluster, href) => {
    renderPanel(fakeWallet({ cluster }));
    await advance(0);
    fireEvent.click(within(rows()[1]!).getByRole('button', { expanded: false }));
    fireEvent.click(within(rows()[1]!).getAllByRole('button', { name: 'Details' })[2]!);
    const dialog = screen.getByRole('dialog', { name: 'Transaction Details' });
    const sig = '5'.repeat(88);
    expect(within(dialog).getByRole('link', { name: 'View on Solana Explorer' }).getAttribute('href')).toBe(
      href.replace('{sig}', sig),
    );
    expect(within(dialog).getByRole('link', { name: 'View on Solscan' })).toBeTruthy();
    expect(within(dialog).getByText(GAME_A)).toBeTruthy();
  });

  it("'Transaction Details' on localnet: Solana Explorer as a custom cluster on this server's /rpc, and a copy button", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPanel(fakeWallet({ cluster: 'localnet' }));
    await advance(0);
    fireEvent.click(within(rows()[1]!).getByRole('button', { expanded: false }));
    fireEvent.click(within(rows()[1]!).getAllByRole('button', { name: 'Details' })[2]!);
    const dialog = screen.getByRole('dialog', { name: 'Transaction Details' });
    const link = within(dialog).getByRole('link', { name: 'View on Solana Explorer' });
    const href = new URL(link.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe(`https://explorer.solana.com/tx/${'5'.repeat(88)}`);
    expect(href.searchParams.get('cluster')).toBe('custom');
    expect(href.searchParams.get('customUrl')).toBe(`${window.location.origin}/rpc`);
    expect(within(dialog).getByTestId('transaction-signature').textContent).toBe('5'.repeat(88));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Copy signature' })));
    expect(writeText).toHaveBeenCalledWith('5'.repeat(88));
    expect(within(dialog).getByText('Copied!')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("'Transaction Details' follows the refresh: a payout opened while pending shows its signature once confirmed", async () => {
    const pending = sampleHistory().map((t) =>
      t.id === 'pay-a' ? { ...t, status: 'pending', transaction_signature: null } : t,
    );
    panelServer.answer = async () =>
      jsonResponse(200, { success: true, transactions: pending, nextCursor: null });
    renderPanel(fakeWallet({ cluster: 'localnet' }));
    await advance(0);
    const won = () => rows().find((r) => r.getAttribute('data-outcome') === 'win')!;
    fireEvent.click(within(won()).getByRole('button', { expanded: false }));
    const payout = within(won())
      .getAllByTestId('history-transaction')
      .find((r) => r.textContent?.includes('Payout'))!;
    fireEvent.click(within(payout).getByRole('button', { name: 'Details' }));
    const dialog = screen.getByRole('dialog', { name: 'Transaction Details' });
    expect(within(dialog).queryByTestId('transaction-signature')).toBeNull();
    expect(dialog.textContent).toContain('pending');

    const confirmed = sampleHistory().map((t) =>
      t.id === 'pay-a' ? { ...t, status: 'confirmed', transaction_signature: '7'.repeat(88) } : t,
    );
    panelServer.answer = async () =>
      jsonResponse(200, { success: true, transactions: confirmed, nextCursor: null });
    act(() => dispatchWalletTransaction({ kind: 'transaction_notification', transaction: confirmed[0]! }));
    await advance(2_000);
    const open = screen.getByRole('dialog', { name: 'Transaction Details' });
    expect(within(open).getByTestId('transaction-signature').textContent).toBe('7'.repeat(88));
    expect(open.textContent).toContain('confirmed');
  });

  it("filters: 'Showing N filter (filtered from M total)', 'Clear filter', 'No {filter} found', 'Show all N transactions'", async () => {
    panelServer.answer = async () =>
      jsonResponse(200, {
        success: true,
        transactions: sampleHistory().filter((t) => t.type !== 'game_record' && t.type !== 'winner_payout'),
        nextCursor: null,
      });
    renderPanel();
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Refunds' }));
    expect(screen.getByRole('button', { name: 'Refunds' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Showing 1 refunds (filtered from 4 total)')).toBeTruthy();
    expect(outcomes()).toEqual(['refunded']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(outcomes()).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Games' }));
    expect(screen.getByText('No games found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all 4 transactions' }));
    expect(outcomes()).toHaveLength(4);
  });

  it("an empty history says 'No transactions found'", async () => {
    panelServer.answer = async () =>
      jsonResponse(200, {
        success: true,
        transactions: [],
        nextCursor: null,
        message: 'No transactions found',
      });
    renderPanel();
    await advance(0);
    expect(screen.getByText('No transactions found')).toBeTruthy();
  });

  it("a first load that fails says 'Failed to connect to transaction service'; a failed refresh 'Failed to refresh transactions'", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    panelServer.answer = async () => jsonResponse(200, { success: false, message: 'down' });
    const { unmount } = renderPanel();
    await advance(0);
    expect(screen.getByText('Failed to connect to transaction service')).toBeTruthy();
    expect(screen.getByText('Failed to fetch transactions')).toBeTruthy();
    unmount();

    panelServer.answer = async () =>
      jsonResponse(200, { success: true, transactions: sampleHistory(), nextCursor: null });
    renderPanel();
    await advance(0);
    panelServer.answer = async () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await advance(200);
    expect(screen.getByText('Failed to refresh transactions')).toBeTruthy();
    expect(outcomes()).toHaveLength(4);
  });

  it("with no wallet, 'No wallet address available' and no fetch", async () => {
    renderPanel(fakeWallet({ status: 'disconnected', publicKey: null }));
    await advance(0);
    expect(screen.getByText('No wallet address available')).toBeTruthy();
    expect(panelServer.fetches).toHaveLength(0);
  });
});

describe('refresh rules and notifications', () => {
  const payoutNotice = {
    id: 'pay-new',
    type: 'winner_payout',
    wallet_address: TEST_WALLET,
    amount: 0.15,
    status: 'processing',
    game_id: '33333333-3333-4333-8333-333333333333',
    game_mode: 'tiny_tuna',
    created_at: new Date().toISOString(),
  };

  it('a payout notification shows at once, refreshes after 500 ms and 1 s; its re-dispatches are dropped', async () => {
    renderPanel();
    await advance(0);
    expect(panelServer.fetches.map((f) => f.at)).toEqual([0]);
    act(() => dispatchWalletTransaction({ kind: 'transaction_notification', transaction: payoutNotice }));
    expect(outcomes()[0]).toBe('win');
    // A Tiny Tuna payout of 0.15 nets 0.05 over the 0.1 entry.
    expect(rows()[0]?.textContent).toContain('+0.0500 SOL');
    await advance(500);
    act(() => dispatchWalletTransaction({ kind: 'transaction_notification', transaction: payoutNotice }));
    await advance(1000);
    act(() => dispatchWalletTransaction({ kind: 'transaction_notification', transaction: payoutNotice }));
    await advance(5000);
    expect(panelServer.fetches.map((f) => f.at)).toEqual([0, 500, 1000]);
  });

  it("an entry notification refreshes after 1 s only; another wallet's entry changes nothing", async () => {
    renderPanel();
    await advance(0);
    act(() =>
      dispatchWalletTransaction({
        kind: 'transaction_notification',
        transaction: {
          id: 'other',
          type: 'entry_fee',
          wallet_address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
          amount: 1,
        },
      }),
    );
    await advance(3000);
    expect(panelServer.fetches.map((f) => f.at)).toEqual([0]);
    act(() =>
      dispatchWalletTransaction({
        kind: 'transaction_created',
        transaction: { id: 'mine', type: 'entry_fee', wallet_address: TEST_WALLET, amount: 0.1 },
      }),
    );
    await advance(999);
    expect(panelServer.fetches).toHaveLength(1);
    await advance(1);
    expect(panelServer.fetches.map((f) => f.at)).toEqual([0, 4000]);
  });

  it('a manual trigger schedules a full refresh after 1 s', async () => {
    renderPanel();
    await advance(0);
    act(() => dispatchWalletTransaction({ kind: 'manual_trigger' }));
    await advance(2000);
    expect(panelServer.fetches.map((f) => f.at)).toEqual([0, 1000]);
  });

  it('game over refreshes at once and again after 3 s, even if the player leaves the game-over screen', async () => {
    const { update } = renderPanel();
    await advance(1000);
    update({ view: { gameOver: GAME_OVER, gameId: GAME_A, state: 'gameOver' } });
    await advance(0);
    update({ view: { gameOver: null, gameId: null, state: 'waiting' } });
    await advance(5000);
    expect(panelServer.fetches.map((f) => f.at)).toEqual([0, 1000, 4000]);
  });

  it('a wallet change (account change) refreshes for the new wallet; a disconnect clears the panel', async () => {
    const other = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
    const { update } = renderPanel();
    await advance(1000);
    update({ wallet: fakeWallet({ publicKey: other }) });
    await advance(0);
    expect(panelServer.fetches.map((f) => f.url)).toEqual([
      `/api/transactions/history/${TEST_WALLET}?limit=200`,
      `/api/transactions/history/${other}?limit=200`,
    ]);
    update({ wallet: fakeWallet({ status: 'disconnected', publicKey: null }) });
    await advance(0);
    expect(rows()).toHaveLength(0);
    expect(screen.getByText('No wallet address available')).toBeTruthy();
  });

  it('nothing is fetched before the wallet is signed in; the signed-in wallet then gets its history', async () => {
    const { update } = renderPanel(fakeWallet({ signedIn: false }));
    await advance(1000);
    expect(panelServer.fetches).toEqual([]);
    expect(screen.getByText('Sign in with your wallet to see its transactions')).toBeTruthy();
    update({ wallet: fakeWallet({ signedIn: true }) });
    await advance(0);
    expect(panelServer.fetches.map((f) => f.url)).toEqual([
      `/api/transactions/history/${TEST_WALLET}?limit=200`,
    ]);
    expect(rows().length).toBeGreaterThan(0);
  });

  it("a refused first load (401) shows the panel's error, 'Failed to fetch transactions'", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const why = 'Sign in with this wallet to see its history';
    panelServer.answer = async () => jsonResponse(401, { success: false, error: why, message: why });
    renderPanel();
    await advance(0);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Failed to connect to transaction service');
    expect(alert.textContent).toContain('Failed to fetch transactions');
  });
});
