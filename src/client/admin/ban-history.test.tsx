// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BanHistoryRow } from '../../common/api/ban-history-api.ts';
import { jsonResponse, renderApp } from '../test-support/render-app.tsx';
import { bannedRow, IP, ipRow, WALLET_B, walletDetail } from './test-support/admin-rows.ts';
import { fakeAdminApi, page } from './test-support/fake-admin-api.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const historyRow = (over: Partial<BanHistoryRow>): BanHistoryRow => ({
  id: 'h-1',
  targetKind: 'wallet',
  target: WALLET_B,
  action: 'ban',
  by: 'admin@example.com',
  reason: 'Collusion',
  at: '2026-11-23T09:00:00.000Z',
  actorIp: '203.0.113.7',
  ...over,
});

async function openTab(name: string) {
  renderApp('/admin');
  await screen.findByTestId('admin-role');
  await act(async () => fireEvent.click(screen.getByRole('tab', { name })));
}

const WALLET_HISTORY = [
  historyRow({ id: 'h-3', action: 'ban', reason: 'Collusion again', at: '2026-11-23T09:00:00.000Z' }),
  historyRow({ id: 'h-2', action: 'unban', by: 'lead@example.com', reason: 'Appeal', actorIp: null }),
  historyRow({ id: 'h-1', action: 'ban', reason: 'Collusion', at: '2026-11-20T09:00:00.000Z' }),
];

describe('ban history', () => {
  it("Banned Wallets: a row's History opens the wallet's page with every ban and unban, who and why", async () => {
    const api = fakeAdminApi({
      'GET /api/admin/banned-wallets': jsonResponse(200, page([bannedRow()])),
      [`GET /api/admin/wallets/${WALLET_B}`]: jsonResponse(200, walletDetail({ walletAddress: WALLET_B })),
      'GET /api/admin/ban-history': jsonResponse(200, page(WALLET_HISTORY)),
    });
    await openTab('Banned Wallets');
    await act(async () =>
      fireEvent.click(await screen.findByRole('link', { name: `Ban history of wallet ${WALLET_B}` })),
    );
    const table = await within(await screen.findByTestId('admin-place')).findByRole('table', {
      name: `Ban history of wallet ${WALLET_B}`,
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Banned',
      'Unbanned',
      'Banned',
    ]);
    expect(rows[1]?.textContent).toContain('lead@example.com');
    expect(rows[1]?.textContent).toContain('Appeal');
    expect(rows[0]?.textContent).toContain('203.0.113.7');
    expect(api.to('GET', '/api/admin/ban-history')[0]?.query.get('wallet')).toBe(WALLET_B);
  });

  it("an IP's detail shows its own history, asked by ?ip=", async () => {
    const api = fakeAdminApi({
      'GET /api/admin/ips': jsonResponse(200, page([ipRow()])),
      'GET /api/admin/ban-history': jsonResponse(
        200,
        page([historyRow({ targetKind: 'ip', target: IP, action: 'unban', reason: 'Shared NAT' })]),
      ),
    });
    await openTab('Security');
    await act(async () => fireEvent.click(await screen.findByRole('link', { name: `IP ${IP}` })));
    const table = await screen.findByRole('table', { name: `Ban history of IP ${IP}` });
    expect(table.textContent).toContain('Shared NAT');
    const query = api.to('GET', '/api/admin/ban-history')[0]?.query;
    expect([query?.get('ip'), query?.has('wallet')]).toEqual([IP, false]);
  });

  it('a history that cannot be fetched says so', async () => {
    fakeAdminApi({
      'GET /api/admin/banned-wallets': jsonResponse(200, page([bannedRow()])),
      [`GET /api/admin/wallets/${WALLET_B}`]: jsonResponse(200, walletDetail({ walletAddress: WALLET_B })),
      'GET /api/admin/ban-history': jsonResponse(500, { error: 'database down' }),
    });
    await openTab('Banned Wallets');
    await act(async () =>
      fireEvent.click(await screen.findByRole('link', { name: `Ban history of wallet ${WALLET_B}` })),
    );
    await waitFor(() => expect(screen.getByText('Failed to fetch the ban history.')).toBeTruthy());
  });
});
