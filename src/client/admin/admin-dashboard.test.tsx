// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../test-support/render-app.tsx';
import {
  bannedRow,
  eventRow,
  flaggedRow,
  GAME_ID,
  gameRow,
  IP,
  ipRow,
  SIGNATURE,
  transactionRow,
  WALLET_A,
  WALLET_B,
  walletRow,
} from './test-support/admin-rows.ts';
import { fakeAdminApi, page } from './test-support/fake-admin-api.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openPanel() {
  const view = renderApp('/admin');
  await screen.findByTestId('admin-role');
  return view;
}

const tab = (name: string) => screen.getByRole('tab', { name });
const openTab = (name: string) => act(async () => fireEvent.click(tab(name)));

describe('admin panel: dashboard', () => {
  it('the four stat cards with SPEC labels (lamports beside and in the tooltip) and the tabs in SPEC order', async () => {
    const api = fakeAdminApi();
    await openPanel();
    const volume = await screen.findByText('0.05 SOL');
    expect(volume.getAttribute('title')).toBe('50000000 lamports');
    expect(
      within(screen.getByTestId('stat-Total Volume')).getByText('50,000,000 lamports, from entry fees'),
    ).toBeTruthy();
    expect(within(screen.getByTestId('stat-Total Transactions')).getByText('7')).toBeTruthy();
    expect(within(screen.getByTestId('stat-Unique Wallets')).getByText('3')).toBeTruthy();
    expect(within(screen.getByTestId('stat-Total Payouts')).getByText('0.0375 SOL')).toBeTruthy();
    expect(within(screen.getByTestId('stat-Total Payouts')).getByText('37,500,000 lamports')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Overview',
      'Transactions',
      'Games',
      'Wallets',
      'Banned Wallets',
      'Security',
      'System Events',
    ]);
    expect(tab('Overview').getAttribute('aria-selected')).toBe('true');
    expect(api.to('GET', '/api/admin/stats')).toHaveLength(1);
  });

  it('overview: live figures, house balance against its floor, last reconciliation, charts', async () => {
    fakeAdminApi();
    await openPanel();
    const live = await screen.findByRole('region', { name: 'Live Matches' });
    expect(live.textContent).toContain('2');
    expect(screen.getByRole('region', { name: 'Players Online' }).textContent).toContain('5');
    expect(screen.getByRole('region', { name: 'Queues' }).textContent).toContain('Smol Shrimp1 waiting');
    expect(screen.getByTestId('house-balance').textContent).toBe('12.5 SOL');
    expect(screen.getByRole('region', { name: 'House Wallet' }).textContent).toContain('Floor 1 SOL');
    expect(screen.getByRole('region', { name: 'Last Reconciliation' }).textContent).toContain(
      'Ledger matches the chain',
    );
    // Gross and net side by side, exact: 0.02425 refunded reads so, never 0.024.
    const money = screen.getByRole('region', { name: 'Money (all time, from the ledger)' });
    expect(within(money).getByTestId('house-money-in').textContent).toContain('0.075 SOL75,000,000 lamports');
    expect(within(money).getByTestId('house-money-refunded').textContent).toContain('0.02425 SOL');
    expect(within(money).getByTestId('house-money-net').textContent).toContain('0.01325 SOL');
    expect(within(money).getByTestId('house-money-check').textContent).toBe(
      'Net = kept + owed + in play, to the lamport.',
    );
    // The chart library is a lazily imported module of its own: its first import takes a while.
    expect(await screen.findByTestId('overview-charts', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('overview and stat cards poll every 10 s', async () => {
    vi.useFakeTimers();
    try {
      const api = fakeAdminApi();
      renderApp('/admin');
      for (let i = 0; i < 20; i++) await act(() => vi.advanceTimersByTimeAsync(0));
      expect(api.to('GET', '/api/admin/overview')).toHaveLength(1);
      expect(api.to('GET', '/api/admin/stats')).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(9_000));
      expect(api.to('GET', '/api/admin/overview')).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(1_100));
      expect(api.to('GET', '/api/admin/overview')).toHaveLength(2);
      expect(api.to('GET', '/api/admin/stats')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('overview: the unresolved critical events count opens System Events filtered to them', async () => {
    const api = fakeAdminApi({
      'GET /api/admin/system-events': jsonResponse(200, page([eventRow()])),
    });
    await openPanel();
    const critical = await screen.findByRole('button', { name: '3 unresolved critical events' });
    await act(async () => fireEvent.click(critical));
    expect(tab('System Events').getAttribute('aria-selected')).toBe('true');
    await screen.findByText('House wallet below its floor');
    const [request] = api.to('GET', '/api/admin/system-events');
    expect(request?.query.get('severity')).toBe('critical');
    expect(request?.query.get('unresolved')).toBe('1');
  });

  it.each([
    ['Transactions', '/api/admin/transactions', transactionRow(), 'Entry Fee'],
    ['Games', '/api/admin/games', gameRow(), '5-3'],
    ['Wallets', '/api/admin/wallets', walletRow(), '0.05 SOL'],
    ['Banned Wallets', '/api/admin/banned-wallets', bannedRow(), 'Collusion with another wallet'],
    ['System Events', '/api/admin/system-events', eventRow(), 'house_balance_low'],
  ])('the %s tab lists the rows of GET %s', async (name, path, row, text) => {
    const api = fakeAdminApi({ [`GET ${path}`]: jsonResponse(200, page([row])) });
    await openPanel();
    await openTab(name);
    const table = await screen.findByRole('table', { name });
    expect(within(table).getByText(text)).toBeTruthy();
    expect(api.to('GET', path)).toHaveLength(1);
  });

  it('Security tab: IPs with country, connections and state, and the open flags with severity and evidence', async () => {
    const api = fakeAdminApi({
      'GET /api/admin/ips': jsonResponse(200, page([ipRow({ isBanned: true })])),
      'GET /api/admin/flagged-wallets': jsonResponse(200, page([flaggedRow()])),
    });
    await openPanel();
    await openTab('Security');
    const ips = await screen.findByRole('table', { name: 'IP Addresses' });
    const [ipLine] = within(ips).getAllByRole('row').slice(1);
    expect(ipLine?.textContent).toContain(IP);
    expect(ipLine?.textContent).toContain('DE');
    expect(ipLine?.textContent).toContain('12');
    expect(ipLine?.textContent).toContain('Banned');
    const flags = await screen.findByRole('table', { name: 'Flagged Wallets' });
    expect(within(flags).getByText('high').getAttribute('data-severity')).toBe('high');
    expect(within(flags).getByText('Ten games in a row against one wallet')).toBeTruthy();
    expect(api.to('GET', '/api/admin/flagged-wallets')[0]?.query.get('unresolved')).toBe('1');
  });

  it('amounts in SOL with the exact lamports beside and in the tooltip; wallets, signatures and games link to detail and explorer', async () => {
    fakeAdminApi({ 'GET /api/admin/transactions': jsonResponse(200, page([transactionRow()])) });
    await openPanel();
    await openTab('Transactions');
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(within(table).getByText('0.025 SOL').getAttribute('title')).toBe('25000000 lamports');
    expect(within(table).getByText('25,000,000 lamports')).toBeTruthy();
    const wallet = within(table).getByRole('link', { name: `Wallet ${WALLET_A}` });
    expect(wallet.textContent).toBe('9xQeW...sVFin');
    expect(wallet.getAttribute('href')).toBe(`/admin/wallets/${WALLET_A}`);
    const explorer = await within(table).findByRole('link', { name: `Explorer: transaction ${SIGNATURE}` });
    expect(explorer.getAttribute('href')).toBe(`https://explorer.solana.com/tx/${SIGNATURE}?cluster=devnet`);
    expect(
      within(table)
        .getByRole('link', { name: `Explorer: wallet ${WALLET_A}` })
        .getAttribute('href'),
    ).toBe(`https://explorer.solana.com/address/${WALLET_A}?cluster=devnet`);
  });

  it("paging: 'Load more' asks for the next page with the previous nextCursor and appends it", async () => {
    const api = fakeAdminApi({
      'GET /api/admin/transactions': ({ query }) =>
        query.get('cursor') === 'cursor-1'
          ? jsonResponse(200, page([transactionRow({ id: 'tx-2', type: 'winner_payout' })]))
          : jsonResponse(200, page([transactionRow()], 'cursor-1')),
    });
    await openPanel();
    await openTab('Transactions');
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(within(table).queryByText('Winner Payout')).toBeNull();
    // jsdom lays nothing out: the 600 px limit is the scroll box's class (the browser screenshots show it).
    expect(screen.getByTestId('table-scroll-Transactions').className).toContain(
      'max-h-[600px] overflow-auto',
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    await within(table).findByText('Winner Payout');
    expect(within(table).getByText('Entry Fee')).toBeTruthy();
    expect(api.to('GET', '/api/admin/transactions').map((r) => r.query.get('cursor'))).toEqual([
      null,
      'cursor-1',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('empty and error states are said (with the fetch-failure text)', async () => {
    fakeAdminApi({ 'GET /api/admin/games': jsonResponse(500, { error: 'boom' }) });
    await openPanel();
    await openTab('Games');
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch games');
    await openTab('Wallets');
    expect(await screen.findByText('No wallets yet')).toBeTruthy();
  });

  it('the search box drives ?search= of the four lists and opens the tab that found it, the term in its address', async () => {
    const api = fakeAdminApi({
      'GET /api/admin/games': ({ query }) =>
        jsonResponse(200, page(query.get('search') === GAME_ID ? [gameRow()] : [])),
    });
    const { location } = await openPanel();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), {
      target: { value: ` ${GAME_ID} ` },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    await waitFor(() => expect(tab('Games').getAttribute('aria-selected')).toBe('true'));
    for (const path of [
      '/api/admin/transactions',
      '/api/admin/games',
      '/api/admin/wallets',
      '/api/admin/ips',
    ])
      expect(api.to('GET', path).at(-1)?.query.get('search')).toBe(GAME_ID);
    expect(await screen.findByRole('table', { name: 'Games' })).toBeTruthy();
    expect(screen.getByTestId('search-summary').textContent).toBe(
      `Results for '${GAME_ID}': 0 transactions, 1 game, 0 wallets, 0 IPs`,
    );
    expect(location.history.at(-1)).toBe(`/admin/games?q=${GAME_ID}`);
  });

  it('§2 a term under 4 characters is refused with the reason and searches nothing', async () => {
    const api = fakeAdminApi();
    const { location } = await openPanel();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: ' H9Y ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    expect(screen.getByTestId('search-problem').textContent).toBe('Enter at least 4 characters to search');
    expect(api.requests.filter((r) => r.query.has('search'))).toEqual([]);
    expect(location.history).toEqual(['/admin']);
  });

  it('a wallet address search prefers the Wallets tab', async () => {
    fakeAdminApi({
      'GET /api/admin/transactions': jsonResponse(200, page([transactionRow()])),
      'GET /api/admin/wallets': jsonResponse(200, page([walletRow({ wallet_address: WALLET_B })])),
    });
    await openPanel();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: WALLET_B } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    await waitFor(() => expect(tab('Wallets').getAttribute('aria-selected')).toBe('true'));
  });

  it("a 401 mid-session shows 'Authentication Required' and goes to /admin/login after 1 s", async () => {
    fakeAdminApi({ 'GET /api/admin/transactions': jsonResponse(401, { error: 'Not authenticated' }) });
    const { location } = await openPanel();
    await openTab('Transactions');
    expect(await screen.findByText('Authentication Required')).toBeTruthy();
    expect(screen.getByText('Redirecting to admin login...')).toBeTruthy();
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/login'), { timeout: 3000 });
  });
});
