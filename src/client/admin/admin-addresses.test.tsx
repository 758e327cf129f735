// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TAB_PATHS } from '../../common/admin-places.ts';
import { App, preloadPages } from '../App.tsx';
import { ADMIN_NOT_FOUND_TEXT } from '../not-found.tsx';
import { createQueryClient } from '../query-client.ts';
import { jsonResponse } from '../test-support/render-app.tsx';
import {
  GAME_ID,
  gameRow,
  IP,
  ipWalletRow,
  WALLET_A,
  walletDetail,
  walletIpRow,
  walletRow,
} from './test-support/admin-rows.ts';
import { back, click, here, openAt, reload } from './test-support/browser-address.tsx';
import { fakeAdminApi, page } from './test-support/fake-admin-api.ts';

await preloadPages();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent;

function stubPlaces() {
  return fakeAdminApi({
    [`GET /api/admin/games/${GAME_ID}`]: jsonResponse(200, gameRow()),
    'GET /api/admin/wallets': jsonResponse(200, page([walletRow()])),
    [`GET /api/admin/wallets/${WALLET_A}`]: jsonResponse(200, walletDetail()),
    [`GET /api/admin/wallets/${WALLET_A}/ips`]: jsonResponse(200, page([walletIpRow()])),
    [`GET /api/admin/wallets/${WALLET_A}/games`]: jsonResponse(200, page([gameRow()])),
    [`GET /api/admin/ips/${IP}/wallets`]: jsonResponse(200, page([ipWalletRow()])),
  });
}

describe('every place of the back-office has an address', () => {
  it('a game opened by its URL links to its wallet; a reload keeps the wallet, Back returns to the game', async () => {
    const api = stubPlaces();
    await openAt(`/admin/games/${GAME_ID}`);
    const game = await screen.findByRole('region', { name: 'Game 0b6f1...f7a01' });
    expect(selectedTab()).toBe('Games');
    expect(await within(game).findByText('5-3')).toBeTruthy();
    expect(api.to('GET', `/api/admin/games/${GAME_ID}`)).toHaveLength(1);

    await click(within(game).getAllByRole('link', { name: `Wallet ${WALLET_A}` })[0] as HTMLElement);
    expect(here()).toBe(`/admin/wallets/${WALLET_A}`);
    await screen.findByRole('region', { name: 'Wallet 9xQeW...sVFin' });

    await reload();
    const wallet = await screen.findByRole('region', { name: 'Wallet 9xQeW...sVFin' });
    expect(selectedTab()).toBe('Wallets');
    // The wallet's page lists its games and its IPs, each linking to its own page.
    const games = await within(wallet).findByRole('table', { name: 'Wallet Games' });
    expect(
      within(games)
        .getByRole('link', { name: `Game ${GAME_ID}` })
        .getAttribute('href'),
    ).toBe(`/admin/games/${GAME_ID}`);
    const ips = await within(wallet).findByRole('table', { name: 'Wallet IPs' });
    expect(
      within(ips)
        .getByRole('link', { name: `IP ${IP}` })
        .getAttribute('href'),
    ).toBe(`/admin/ips/${IP}`);

    await back();
    expect(here()).toBe(`/admin/games/${GAME_ID}`);
    await screen.findByRole('region', { name: 'Game 0b6f1...f7a01' });
  });

  it('each tab has its own path; the search term rides along as ?q= and survives a reload', async () => {
    const api = stubPlaces();
    await openAt('/admin');
    expect(selectedTab()).toBe('Overview');
    for (const [name, path] of [
      ['Transactions', ADMIN_TAB_PATHS.transactions],
      ['Games', ADMIN_TAB_PATHS.games],
      ['Wallets', ADMIN_TAB_PATHS.wallets],
      ['Banned Wallets', ADMIN_TAB_PATHS.banned],
      ['Security', ADMIN_TAB_PATHS.security],
      ['System Events', ADMIN_TAB_PATHS.events],
      ['Overview', ADMIN_TAB_PATHS.overview],
    ] as const) {
      await click(screen.getByRole('tab', { name }));
      expect(here(), name).toBe(path);
      expect(selectedTab()).toBe(name);
    }

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'sVFin' } });
    await click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(here()).toBe('/admin/wallets?q=sVFin'));
    await click(screen.getByRole('tab', { name: 'Games' }));
    expect(here()).toBe('/admin/games?q=sVFin');

    await reload();
    expect(selectedTab()).toBe('Games');
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('sVFin');
    await waitFor(() => expect(api.to('GET', '/api/admin/games').at(-1)?.query.get('search')).toBe('sVFin'));
    expect((await screen.findByTestId('search-summary')).textContent).toContain("Results for 'sVFin'");

    await back();
    expect(here()).toBe('/admin/wallets?q=sVFin');
    expect(selectedTab()).toBe('Wallets');
    await click(screen.getByRole('button', { name: 'Clear' }));
    expect(here()).toBe('/admin/wallets');
  });

  it('a term too short to search clears the last results and their ?q=, keeps what was typed, and says why', async () => {
    const api = stubPlaces();
    await openAt('/admin/games?q=sVFin');
    await waitFor(() => expect(api.to('GET', '/api/admin/games').at(-1)?.query.get('search')).toBe('sVFin'));
    const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'sVF' } });
    await click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(here()).toBe('/admin/games'));
    expect(screen.getByTestId('search-problem').textContent).toContain('at least 4');
    expect(screen.queryByTestId('search-summary')).toBeNull();
    expect(box.value).toBe('sVF');
    // The list is the whole list again, not the old term's.
    await waitFor(() => expect(api.to('GET', '/api/admin/games').at(-1)?.query.get('search')).toBeNull());
  });

  it("System Events' filters are the address's: a link opens them, a change writes them, a reload keeps them", async () => {
    const api = fakeAdminApi({});
    await openAt('/admin/system-events?type=ip_banned&unresolved=1');
    await waitFor(() => {
      const query = api.to('GET', '/api/admin/system-events').at(-1)?.query;
      expect(query?.get('type')).toBe('ip_banned');
      expect(query?.get('unresolved')).toBe('1');
    });
    expect((screen.getByLabelText('Unresolved only') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('ip_banned');

    await act(async () =>
      fireEvent.change(screen.getByLabelText('Severity'), { target: { value: 'critical' } }),
    );
    expect(here()).toBe('/admin/system-events?severity=critical&type=ip_banned&unresolved=1');
    await click(screen.getByLabelText('Unresolved only'));
    expect(here()).toBe('/admin/system-events?severity=critical&type=ip_banned');

    await reload();
    expect((screen.getByLabelText('Severity') as HTMLSelectElement).value).toBe('critical');
    expect((screen.getByLabelText('Unresolved only') as HTMLInputElement).checked).toBe(false);
    await waitFor(() =>
      expect(api.to('GET', '/api/admin/system-events').at(-1)?.query.get('severity')).toBe('critical'),
    );
    // What is no filter is ignored, not sent.
    await openAt('/admin/system-events?severity=loud&type=DROP%20TABLE');
    await waitFor(() => {
      const query = api.to('GET', '/api/admin/system-events').at(-1)?.query;
      expect(query?.get('severity') ?? '').toBe('');
      expect(query?.get('type') ?? '').toBe('');
    });
  });

  it("an IP's page lists its wallets, each linking to the wallet's page", async () => {
    stubPlaces();
    await openAt(`/admin/ips/${IP}`);
    const ipPage = await screen.findByRole('region', { name: `IP ${IP}` });
    expect(selectedTab()).toBe('Security');
    const wallets = await within(ipPage).findByRole('table', { name: `Wallets of IP ${IP}` });
    const link = within(wallets).getAllByRole('link')[0] as HTMLElement;
    await click(link);
    expect(window.location.pathname).toMatch(/^\/admin\/wallets\/[1-9A-HJ-NP-Za-km-z]+$/);
  });

  it('any other path under /admin is not found, said as the back-office, with the way back to it', async () => {
    stubPlaces();
    window.history.pushState(null, '', '/admin/nowhere');
    cleanup();
    render(<App queryClient={createQueryClient()} />);
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy();
    expect(screen.getByText(ADMIN_NOT_FOUND_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the back-office' }).getAttribute('href')).toBe('/admin');
    expect(screen.queryByText('Did you forget to add the page to the router?')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Back to the game' })).toBeNull();
  });
});
