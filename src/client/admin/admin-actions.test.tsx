// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../test-support/render-app.tsx';
import {
  bannedRow,
  eventRow,
  GAME_ID,
  gameRow,
  IP,
  ipRow,
  ipWalletRow,
  WALLET_A,
  WALLET_B,
  walletDetail,
  walletIpRow,
  walletRow,
} from './test-support/admin-rows.ts';
import { fakeAdminApi, page } from './test-support/fake-admin-api.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openTab(name: string) {
  const view = renderApp('/admin');
  await screen.findByTestId('admin-role');
  await act(async () => fireEvent.click(screen.getByRole('tab', { name })));
  return view;
}

const tabNamed = (name: string) => screen.getByRole('tab', { name });

const click = (element: HTMLElement) => act(async () => fireEvent.click(element));
// An open modal dialog hides the rest of the page from the accessibility tree; the toast still shows on top.
const toast = () => screen.getByRole('region', { name: 'Notifications', hidden: true });

describe('admin actions', () => {
  it('wallet ban: the reason is required, then POST /ban-wallet carries it, toasts and refetches', async () => {
    const api = fakeAdminApi({
      'GET /api/admin/wallets': jsonResponse(200, page([walletRow()])),
      'POST /api/admin/ban-wallet': jsonResponse(200, {
        success: true,
        message: 'Wallet Banned',
        walletAddress: WALLET_A,
        isBanned: true,
      }),
    });
    await openTab('Wallets');
    await click(await screen.findByRole('button', { name: `Ban wallet ${WALLET_A}` }));
    const dialog = screen.getByRole('dialog', { name: 'Ban Wallet' });
    await click(within(dialog).getByRole('button', { name: 'Ban Wallet' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Reason is required');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '   ' } });
    await click(within(dialog).getByRole('button', { name: 'Ban Wallet' }));
    expect(api.to('POST', '/api/admin/ban-wallet')).toHaveLength(0);

    const listsBefore = api.to('GET', '/api/admin/wallets').length;
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: ' Multi-accounting ' } });
    await click(within(dialog).getByRole('button', { name: 'Ban Wallet' }));
    expect(api.to('POST', '/api/admin/ban-wallet').map((r) => r.body)).toEqual([
      { walletAddress: WALLET_A, reason: 'Multi-accounting' },
    ]);
    await waitFor(() => expect(toast().textContent).toContain('Wallet Banned'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(api.to('GET', '/api/admin/wallets').length).toBeGreaterThan(listsBefore));
  });

  it('wallet ban: Cancel sends nothing', async () => {
    const api = fakeAdminApi({ 'GET /api/admin/wallets': jsonResponse(200, page([walletRow()])) });
    await openTab('Wallets');
    await click(await screen.findByRole('button', { name: `Ban wallet ${WALLET_A}` }));
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it("Banned Wallets: Unban asks a reason, posts /unban-wallet and toasts 'Wallet Unbanned'", async () => {
    const api = fakeAdminApi({
      'GET /api/admin/banned-wallets': jsonResponse(200, page([bannedRow()])),
      'POST /api/admin/unban-wallet': jsonResponse(200, { success: true, message: 'Wallet Unbanned' }),
    });
    await openTab('Banned Wallets');
    await click(await screen.findByRole('button', { name: `Unban wallet ${WALLET_B}` }));
    const dialog = screen.getByRole('dialog', { name: 'Unban Wallet' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Appeal accepted' } });
    await click(within(dialog).getByRole('button', { name: 'Unban Wallet' }));
    expect(api.to('POST', '/api/admin/unban-wallet')[0]?.body).toEqual({
      walletAddress: WALLET_B,
      reason: 'Appeal accepted',
    });
    await waitFor(() => expect(toast().textContent).toContain('Wallet Unbanned'));
  });

  it("a refused wallet ban shows the 'Error' toast 'Failed to ban wallet address.' and keeps the dialog", async () => {
    fakeAdminApi({
      'GET /api/admin/wallets': jsonResponse(200, page([walletRow()])),
      'POST /api/admin/ban-wallet': jsonResponse(400, { error: 'A reason is required' }),
    });
    await openTab('Wallets');
    await click(await screen.findByRole('button', { name: `Ban wallet ${WALLET_A}` }));
    const dialog = screen.getByRole('dialog', { name: 'Ban Wallet' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'x' } });
    await click(within(dialog).getByRole('button', { name: 'Ban Wallet' }));
    await waitFor(() => expect(toast().textContent).toContain('ErrorFailed to ban wallet address.'));
    expect(screen.getByRole('dialog', { name: 'Ban Wallet' })).toBeTruthy();
  });

  it("IP ban asks for confirmation first; confirmed, POST /ban-ip and the toast 'IP Banned'", async () => {
    const api = fakeAdminApi({
      'GET /api/admin/ips': jsonResponse(200, page([ipRow()])),
      'POST /api/admin/ban-ip': jsonResponse(200, { success: true, message: 'IP Banned', ipAddress: IP }),
    });
    await openTab('Security');
    await click(await screen.findByRole('button', { name: `Ban IP ${IP}` }));
    let dialog = screen.getByRole('dialog', { name: 'Ban IP Address' });
    await click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.to('POST', '/api/admin/ban-ip')).toHaveLength(0);

    await click(screen.getByRole('button', { name: `Ban IP ${IP}` }));
    dialog = screen.getByRole('dialog', { name: 'Ban IP Address' });
    expect(api.to('POST', '/api/admin/ban-ip')).toHaveLength(0);
    await click(within(dialog).getByRole('button', { name: 'Ban IP' }));
    expect(api.to('POST', '/api/admin/ban-ip').map((r) => r.body)).toEqual([{ ipAddress: IP }]);
    await waitFor(() => expect(toast().textContent).toContain('IP Banned'));
  });

  it.each([
    [false, '/api/admin/ban-ip', 'Failed to ban IP address.', 'Ban IP'],
    [true, '/api/admin/unban-ip', 'Failed to unban IP address.', 'Unban IP'],
  ])('IP (banned: %s) refused by %s: the Error toast says %s', async (banned, path, text, verb) => {
    fakeAdminApi({
      'GET /api/admin/ips': jsonResponse(200, page([ipRow({ isBanned: banned })])),
      [`POST ${path}`]: jsonResponse(400, { error: 'A valid IP address is required' }),
    });
    await openTab('Security');
    await click(await screen.findByRole('button', { name: `${verb} ${IP}` }));
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: verb }));
    await waitFor(() => expect(toast().textContent).toContain(`Error${text}`));
  });

  it("unban IP after confirmation: POST /unban-ip and the toast 'IP Unbanned'", async () => {
    const api = fakeAdminApi({
      'GET /api/admin/ips': jsonResponse(200, page([ipRow({ isBanned: true })])),
      'POST /api/admin/unban-ip': jsonResponse(200, { success: true, message: 'IP Unbanned', ipAddress: IP }),
    });
    await openTab('Security');
    await click(await screen.findByRole('button', { name: `Unban IP ${IP}` }));
    await click(
      within(screen.getByRole('dialog', { name: 'Unban IP Address' })).getByRole('button', {
        name: 'Unban IP',
      }),
    );
    expect(api.to('POST', '/api/admin/unban-ip')[0]?.body).toEqual({ ipAddress: IP });
    await waitFor(() => expect(toast().textContent).toContain('IP Unbanned'));
  });

  it("associations both ways, each on its own page: a wallet's analytics, IPs and games; an IP's wallets", async () => {
    const api = fakeAdminApi({
      'GET /api/admin/wallets': jsonResponse(200, page([walletRow()])),
      [`GET /api/admin/wallets/${WALLET_A}`]: jsonResponse(200, walletDetail()),
      [`GET /api/admin/wallets/${WALLET_A}/ips`]: jsonResponse(200, page([walletIpRow()])),
      [`GET /api/admin/wallets/${WALLET_A}/games`]: jsonResponse(200, page([gameRow()])),
      [`GET /api/admin/ips/${IP}/wallets`]: jsonResponse(200, page([ipWalletRow()])),
    });
    const { location } = await openTab('Wallets');
    await click(await screen.findByRole('link', { name: `IPs of wallet ${WALLET_A}` }));
    const walletPage = screen.getByRole('region', { name: 'Wallet 9xQeW...sVFin' });
    expect(location.history.at(-1)).toBe(`/admin/wallets/${WALLET_A}`);
    expect(tabNamed('Wallets').getAttribute('aria-selected')).toBe('true');
    const analytics = await within(walletPage).findByTestId('wallet-analytics');
    expect(analytics.textContent).toContain('70.0%');
    expect(analytics.textContent).toContain('0.0125 SOL');
    const ips = await within(walletPage).findByRole('table', { name: 'Wallet IPs' });
    // The wallet's own games, from the route for them: each links to the game's page.
    const games = await within(walletPage).findByRole('table', { name: 'Wallet Games' });
    expect(
      within(games)
        .getByRole('link', { name: `Game ${GAME_ID}` })
        .getAttribute('href'),
    ).toBe(`/admin/games/${GAME_ID}`);
    expect(api.to('GET', `/api/admin/wallets/${WALLET_A}/games`)).toHaveLength(1);

    await click(within(ips).getByRole('link', { name: `IP ${IP}` }));
    expect(location.history.at(-1)).toBe(`/admin/ips/${IP}`);
    const ipPage = screen.getByRole('region', { name: `IP ${IP}` });
    const wallets = await within(ipPage).findByRole('table', { name: `Wallets of IP ${IP}` });
    await click(within(wallets).getByRole('link', { name: `Wallet ${WALLET_B}` }));
    expect(location.history.at(-1)).toBe(`/admin/wallets/${WALLET_B}`);
  });

  it.each([
    [
      'Wallets',
      `Wallet ${WALLET_A}`,
      `/api/admin/wallets/${WALLET_A}/ips`,
      'Failed to fetch IP associations for this wallet.',
    ],
    [
      'Security',
      `IP ${IP}`,
      `/api/admin/ips/${IP}/wallets`,
      'Failed to fetch wallet associations for this IP.',
    ],
  ])(
    'from %s, opening %s whose association fetch fails shows the Error toast',
    async (tab, name, path, text) => {
      fakeAdminApi({
        'GET /api/admin/wallets': jsonResponse(200, page([walletRow()])),
        'GET /api/admin/ips': jsonResponse(200, page([ipRow()])),
        [`GET /api/admin/wallets/${WALLET_A}`]: jsonResponse(200, walletDetail()),
        [`GET ${path}`]: jsonResponse(500, { error: 'database down' }),
      });
      await openTab(tab);
      await click(await screen.findByRole('link', { name }));
      await waitFor(() => expect(toast().textContent).toContain(`Error${text}`));
      expect(within(screen.getByTestId('admin-place')).getAllByText(text).length).toBeGreaterThan(0);
    },
  );

  it("a game row's 'Replay' opens the game's own page, read by its id, with its replay", async () => {
    const api = fakeAdminApi({
      'GET /api/admin/games': jsonResponse(200, page([gameRow()])),
      [`GET /api/admin/games/${GAME_ID}`]: jsonResponse(200, gameRow()),
    });
    const { location } = await openTab('Games');
    await click(await screen.findByRole('link', { name: `Replay game ${GAME_ID}` }));
    expect(location.history.at(-1)).toBe(`/admin/games/${GAME_ID}`);
    const gamePage = screen.getByRole('region', { name: 'Game 0b6f1...f7a01' });
    // The replay itself is helper code of its own (replay/game-replay.tsx), rendered here for this game.
    expect((await within(gamePage).findByTestId('game-replay')).textContent).not.toBe('');
    expect(within(gamePage).getByText(GAME_ID)).toBeTruthy();
    expect(within(gamePage).getByText('5-3')).toBeTruthy();
    expect(api.to('GET', `/api/admin/games/${GAME_ID}`)).toHaveLength(1);
  });

  it('System Events: Resolve asks for a note, posts it to /resolve-event; the row then says when, who and why', async () => {
    let resolved = false;
    const done = {
      resolvedAt: '2026-11-23T11:00:00.000Z',
      resolvedBy: 'ops@pong.example',
      resolutionNotes: 'Key rotated',
    };
    const api = fakeAdminApi({
      'GET /api/admin/system-events': () => jsonResponse(200, page([eventRow(resolved ? done : {})])),
      'POST /api/admin/resolve-event': () => {
        resolved = true;
        return jsonResponse(200, eventRow(done));
      },
    });
    await openTab('System Events');
    await click(await screen.findByRole('button', { name: 'Resolve event ev-1' }));
    const dialog = screen.getByRole('dialog');
    await click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Note is required');
    expect(api.to('POST', '/api/admin/resolve-event')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: ' Key rotated ' } });
    await click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(api.to('POST', '/api/admin/resolve-event').map((r) => r.body)).toEqual([
      { eventId: 'ev-1', notes: 'Key rotated' },
    ]);
    await waitFor(() => expect(api.to('GET', '/api/admin/system-events').length).toBe(2));
    const row = await screen.findByText('by ops@pong.example');
    expect(row.parentElement?.textContent).toContain('Key rotated');
    fireEvent.click(screen.getByLabelText('Unresolved only'));
    await waitFor(() =>
      expect(api.to('GET', '/api/admin/system-events').at(-1)?.query.get('unresolved')).toBe('1'),
    );
  });

  it('flag a wallet from its detail: reason required, severity and evidence posted', async () => {
    const api = fakeAdminApi({
      'GET /api/admin/wallets': jsonResponse(200, page([walletRow()])),
      [`GET /api/admin/wallets/${WALLET_A}`]: jsonResponse(200, walletDetail()),
      'POST /api/admin/flag-wallet': jsonResponse(200, {}),
    });
    await openTab('Wallets');
    await click(await screen.findByRole('link', { name: `Wallet ${WALLET_A}` }));
    await click(await screen.findByRole('button', { name: `Flag wallet ${WALLET_A}` }));
    const dialog = screen.getByRole('dialog', { name: 'Flag Wallet' });
    await click(within(dialog).getByRole('button', { name: 'Flag Wallet' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Reason is required');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Bot-like paddle moves' } });
    fireEvent.change(within(dialog).getByLabelText('Severity'), { target: { value: 'critical' } });
    fireEvent.change(within(dialog).getByLabelText('Evidence'), { target: { value: 'game 0b6f' } });
    await click(within(dialog).getByRole('button', { name: 'Flag Wallet' }));
    expect(api.to('POST', '/api/admin/flag-wallet')[0]?.body).toEqual({
      walletAddress: WALLET_A,
      reason: 'Bot-like paddle moves',
      severity: 'critical',
      evidence: 'game 0b6f',
    });
    await waitFor(() => expect(toast().textContent).toContain('Wallet Flagged'));
  });
});
