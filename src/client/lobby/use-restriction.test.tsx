// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '../../common/protocol.ts';
import type { GameView } from '../state/game-view.ts';
import { FakeProviders, fakeGame, fakeWallet } from '../test-support/fake-wallet-and-game.tsx';
import { jsonResponse } from '../test-support/render-app.tsx';
import { settle } from '../test-support/settle.ts';
import { LobbyScreen } from './lobby-screen.tsx';

let banStatus: unknown;
const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, banStatus));
/** The ban-status checks made so far (a lifted ban also reads the player's limits again, which is not one). */
const banChecks = () =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/ban-status')).length;

beforeEach(() => {
  vi.useFakeTimers();
  banStatus = { banned: false, walletBanned: false, ipBanned: false, message: null };
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// Loaded once here, so each test's on-demand import of the ban-status schema resolves from the module cache.
beforeAll(async () => {
  await import('../../common/api/player-api.ts');
});

function renderLobby(view: Partial<GameView> = {}) {
  // Enough for every mode: only the restriction may disable a card here.
  const wallet = fakeWallet({ balanceLamports: 100_000_000_000n });
  const game = fakeGame({ view });
  const rendered = render(
    <FakeProviders wallet={wallet} game={game}>
      <LobbyScreen />
    </FakeProviders>,
  );
  const update = (next: Partial<GameView>) =>
    rendered.rerender(
      <FakeProviders wallet={wallet} game={{ ...game, view: { ...game.view, ...next } }}>
        <LobbyScreen />
      </FakeProviders>,
    );
  return { update };
}

const card = (id: string) => screen.getByTestId(`mode-card-${id}`) as HTMLButtonElement;
const banner = () => screen.queryByTestId('restricted-banner');
const PAID = ['smol_shrimp', 'tiny_tuna', 'mighty_marlin', 'giga_whale'];

describe('a restricted jurisdiction is shown before paying', () => {
  it('paidPlayRestricted from /api/ban-status disables every paid mode card with a clear text; practice stays open', async () => {
    banStatus = {
      banned: false,
      walletBanned: false,
      ipBanned: false,
      message: null,
      paidPlayRestricted: true,
      paidPlayMessage: ERROR_MESSAGES.restrictedJurisdiction,
      restrictedCountry: 'GB',
    };
    renderLobby();
    // The answer's schema loads on demand (a dynamic import): wait for the notice rather than a count of ticks.
    await vi.waitFor(() => expect(screen.getByTestId('paid-play-restricted')).toBeTruthy(), {
      timeout: 5_000,
    });
    for (const id of PAID) expect(card(id).disabled, id).toBe(true);
    expect(card('practice').disabled).toBe(false);
    const notice = screen.getByTestId('paid-play-restricted');
    expect(notice.textContent).toContain('Restricted Jurisdiction');
    expect(notice.textContent).toContain(ERROR_MESSAGES.restrictedJurisdiction);
    expect(banner()).toBeNull();
  });

  it('an open jurisdiction leaves the paid cards selectable and shows no notice', async () => {
    renderLobby();
    await settle(5);
    for (const id of PAID) expect(card(id).disabled, id).toBe(false);
    expect(screen.queryByTestId('paid-play-restricted')).toBeNull();
  });
});

describe('a ban pushed by the server acts on the open lobby', () => {
  it("a banStatus push shows 'Account Restricted' with its toast; an unban push lifts it, with no new call", async () => {
    const { update } = renderLobby();
    await settle(5);
    expect(banner()).toBeNull();
    const calls = banChecks();

    update({ liveBanStatus: { banned: true, message: 'Your wallet has been banned', at: 1 } });
    await settle(5);
    expect(banner()?.textContent).toContain('Your wallet has been banned');
    expect(screen.getByRole('region', { name: 'Notifications' }).textContent).toContain('Account Restricted');
    expect(card('practice').disabled).toBe(true);

    update({ liveBanStatus: { banned: false, message: null, at: 2 } });
    await settle(5);
    expect(banner()).toBeNull();
    expect(card('practice').disabled).toBe(false);
    expect(banChecks()).toBe(calls);

    // Banned again, by address this time: restricted again.
    update({ liveBanStatus: { banned: true, message: 'Your IP address has been banned', at: 3 } });
    await settle(5);
    expect(banner()?.textContent).toContain('Your IP address has been banned');
  });

  it('an unban push outranks the account_restricted error the ban left in the view', async () => {
    const { update } = renderLobby();
    await settle(5);
    update({ lastError: 'Your wallet has been banned', lastErrorCode: 'account_restricted', lastErrorAt: 5 });
    await settle(5);
    expect(banner()).not.toBeNull();
    update({ liveBanStatus: { banned: false, message: null, at: 6 } });
    await settle(5);
    expect(banner()).toBeNull();
  });

  it('channel news older than the lobby does not override the check made when it opens', async () => {
    renderLobby({
      lastError: 'Your wallet has been banned',
      lastErrorCode: 'account_restricted',
      lastErrorAt: 1,
      liveBanStatus: { banned: true, message: 'Your wallet has been banned', at: 1 },
    });
    await settle(5);
    expect(fetchMock).toHaveBeenCalled();
    expect(banner()).toBeNull();
    expect(card('practice').disabled).toBe(false);
  });
});
