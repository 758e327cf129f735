import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { GameApi } from '../../state/game-api.ts';
import type { GameView } from '../../state/game-view.ts';
import { FakeProviders, fakeGame, fakeWallet } from '../../test-support/fake-wallet-and-game.tsx';
import { jsonResponse } from '../../test-support/render-app.tsx';
import type { WalletApi } from '../../wallet/wallet-api.ts';
import { LobbyScreen } from '../lobby-screen.tsx';

const NOT_BANNED = { banned: false, walletBanned: false, ipBanned: false, message: null };

/**
 * The lobby screen on a fake wallet and game, under fake timers, with `fetch` answering the ban status
 * (not banned unless a test says otherwise). Call once at a test file's top level: it registers the hooks
 * that set it up before each test and clear it after.
 */
export function lobbyBed() {
  let banStatus: unknown = NOT_BANNED;
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, banStatus));

  beforeEach(() => {
    vi.useFakeTimers();
    banStatus = NOT_BANNED;
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function renderLobby(wallet: WalletApi = fakeWallet(), game: GameApi = fakeGame()) {
    const view = render(
      <FakeProviders wallet={wallet} game={game}>
        <LobbyScreen />
      </FakeProviders>,
    );
    const update = (next: { wallet?: WalletApi; view?: Partial<GameView> }) =>
      view.rerender(
        <FakeProviders
          wallet={next.wallet ?? wallet}
          game={{ ...game, view: { ...game.view, ...next.view } }}
        >
          <LobbyScreen />
        </FakeProviders>,
      );
    return { ...view, update };
  }

  return {
    fetchMock,
    /** What POST /api/ban-status answers from now on in this test. */
    answerBanStatus: (status: unknown) => {
      banStatus = status;
    },
    renderLobby,
  };
}

export const card = (id: string) => screen.getByTestId(`mode-card-${id}`) as HTMLButtonElement;
export const findMatchButton = () => screen.getByRole('button', { name: 'Find Match' }) as HTMLButtonElement;
export const toastTitle = () => screen.getByRole('region', { name: 'Notifications' }).textContent;
