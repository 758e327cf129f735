// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadPages } from '../App.tsx';
import { AMOUNT_PROBLEMS } from './list-filter-bar.tsx';
import { back, click, here, openAt, reload } from './test-support/browser-address.tsx';
import { fakeAdminApi } from './test-support/fake-admin-api.ts';

await preloadPages();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const set = (label: string, value: string) =>
  act(async () => fireEvent.change(screen.getByLabelText(label), { target: { value } }));
const shownIn = (label: string) =>
  (screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;

/** The last query the list was asked with, less its paging. */
function lastListQuery(api: ReturnType<typeof fakeAdminApi>, path: string): Record<string, string> {
  const query = new URLSearchParams(api.to('GET', path).at(-1)?.query);
  query.delete('cursor');
  query.delete('limit');
  return Object.fromEntries(query);
}

/** The export link's query, less its days. */
function exportQuery(): Record<string, string> {
  const link = screen.getByRole('link', { name: /^Export CSV/ });
  const query = new URL(link.getAttribute('href') ?? '', 'http://localhost').searchParams;
  query.delete('from');
  query.delete('to');
  return Object.fromEntries(query);
}

const TRANSACTIONS_FILTERED =
  '/admin/transactions?type=refund&status=confirmed&mode=smol_shrimp&min=0.025&max=9007199.254740993';
const TRANSACTIONS_API = {
  type: 'refund',
  status: 'confirmed',
  mode: 'smol_shrimp',
  minLamports: '25000000',
  // Past 2^53 lamports: read from the SOL text digit by digit, never through a float.
  maxLamports: '9007199254740993',
};

describe('§2 admin panel: the Transactions and Games filters are the address', () => {
  it('Transactions: each filter lands in the address and the list query; the export link carries the same', async () => {
    const api = fakeAdminApi();
    await openAt('/admin/transactions');
    await set('Type', 'refund');
    expect(here()).toBe('/admin/transactions?type=refund');
    await set('Status', 'confirmed');
    await set('Mode', 'smol_shrimp');
    await set('Amount min (SOL)', '0.025');
    await set('Amount max (SOL)', '9007199.254740993');
    expect(here()).toBe(TRANSACTIONS_FILTERED);
    await waitFor(() => expect(lastListQuery(api, '/api/admin/transactions')).toEqual(TRANSACTIONS_API));
    expect(exportQuery()).toEqual(TRANSACTIONS_API);
    expect(screen.getByRole('link', { name: /^Export CSV/ }).textContent).toBe(
      'Export CSV filtered as shown',
    );
  });

  it('a reload and Back keep the filters: the selects, the amounts, the list query and the export link', async () => {
    const api = fakeAdminApi();
    await openAt(TRANSACTIONS_FILTERED);
    const shown = () => {
      expect(shownIn('Type')).toBe('refund');
      expect(shownIn('Status')).toBe('confirmed');
      expect(shownIn('Mode')).toBe('smol_shrimp');
      expect(shownIn('Amount min (SOL)')).toBe('0.025');
      expect(shownIn('Amount max (SOL)')).toBe('9007199.254740993');
      expect(exportQuery()).toEqual(TRANSACTIONS_API);
    };
    shown();
    await waitFor(() => expect(lastListQuery(api, '/api/admin/transactions')).toEqual(TRANSACTIONS_API));

    await reload();
    shown();
    await click(screen.getByRole('tab', { name: 'Wallets' }));
    expect(here()).toBe('/admin/wallets');
    await back();
    expect(here()).toBe(TRANSACTIONS_FILTERED);
    shown();

    await click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(here()).toBe('/admin/transactions');
    expect([shownIn('Type'), shownIn('Amount min (SOL)')]).toEqual(['', '']);
    await waitFor(() => expect(lastListQuery(api, '/api/admin/transactions')).toEqual({}));
    expect(exportQuery()).toEqual({});
    // The address names the filters in the bar's order, whichever was chosen first.
    await set('Mode', 'giga_whale');
    await set('Type', 'payout');
    expect(here()).toBe('/admin/transactions?type=payout&mode=giga_whale');
  });

  it('Games: mode, status, payout and the entry fee, with the search term; clearing the search keeps them', async () => {
    const api = fakeAdminApi();
    await openAt('/admin/games?q=sVFin');
    await set('Mode', 'tiny_tuna');
    await set('Status', 'completed');
    await set('Payout', 'held');
    await set('Entry fee min (SOL)', '0.1');
    await set('Entry fee max (SOL)', '.000000001');
    // The bounds are both ways round until the maximum is typed out: nothing is applied meanwhile.
    expect(screen.getByRole('alert').textContent).toBe(AMOUNT_PROBLEMS.reversed);
    await set('Entry fee max (SOL)', '1');
    expect(here()).toBe('/admin/games?q=sVFin&mode=tiny_tuna&status=completed&payout=held&min=0.1&max=1');
    const games = { mode: 'tiny_tuna', status: 'completed', payout: 'held', minLamports: '100000000' };
    const asked = { ...games, maxLamports: '1000000000' };
    await waitFor(() =>
      expect(lastListQuery(api, '/api/admin/games')).toEqual({ search: 'sVFin', ...asked }),
    );
    expect(exportQuery()).toEqual({ search: 'sVFin', ...asked });

    await click(screen.getByRole('button', { name: 'Clear' }));
    expect(here()).toBe('/admin/games?mode=tiny_tuna&status=completed&payout=held&min=0.1&max=1');
    await waitFor(() => expect(lastListQuery(api, '/api/admin/games')).toEqual(asked));
  });

  it('an amount that is no SOL amount says so and is not applied', async () => {
    fakeAdminApi();
    await openAt('/admin/transactions?min=1');
    await set('Amount min (SOL)', '0.0000000001');
    expect(screen.getByRole('alert').textContent).toBe(AMOUNT_PROBLEMS.notSol);
    expect(here()).toBe('/admin/transactions?min=1');
    await set('Amount min (SOL)', '');
    expect(here()).toBe('/admin/transactions');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    [
      '/admin/games?mode=whale&status=completed&payout=paid&min=abc&max=0.5',
      { status: 'completed', maxLamports: '500000000' },
    ],
    ['/admin/games?status=win&payout=none&min=1e3', { payout: 'none' }],
    // Bounds both ways round name no amount: both are left out.
    ['/admin/transactions?type=refund&min=2&max=1', { type: 'refund' }],
    ['/admin/transactions?type=DROP%20TABLE&status=confirmed&min=-1', { status: 'confirmed' }],
  ])('a value in %s that is no filter is ignored, not sent', async (url, sent) => {
    const api = fakeAdminApi();
    await openAt(url);
    const list = url.startsWith('/admin/games') ? '/api/admin/games' : '/api/admin/transactions';
    await waitFor(() => expect(lastListQuery(api, list)).toEqual(sent));
    expect(exportQuery()).toEqual(sent);
    expect(shownIn('Mode')).toBe('');
  });
});
