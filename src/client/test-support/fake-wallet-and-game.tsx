import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { vi } from 'vitest';
import { type GameApi, GameContext } from '../state/game-api.ts';
import type { GameView } from '../state/game-view.ts';
import { IDLE_MATCH_FEED, initialGameView } from '../state/initial-view.ts';
import { ToastProvider } from '../ui/toast-provider.tsx';
import { type PaymentResult, type WalletApi, WalletContext } from '../wallet/wallet-api.ts';

/**
 * Test support for screens: plain WalletApi and GameApi values behind the real contexts, so a component
 * test drives a screen the way the providers would, with no wallet, chain or socket. Actions are vi.fn()s
 * the test can read; payEntry is refused unless the test gives its own.
 */

export const TEST_WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

/** The reducer's starting view with the channel open, as the lobby sees it once signed in. */
export function fakeGameView(overrides: Partial<GameView> = {}): GameView {
  return { ...initialGameView(), connected: true, ...overrides };
}

export function fakeWallet(overrides: Partial<WalletApi> = {}): WalletApi {
  return {
    status: 'connected',
    publicKey: TEST_WALLET,
    balanceLamports: 1_000_000_000n,
    balanceStale: false,
    isMobile: false,
    walletName: 'Local Wallet',
    walletIcon: null,
    signedIn: true,
    cluster: 'localnet',
    houseWallet: null,
    connect: vi.fn(),
    disconnect: vi.fn(async () => {}),
    refreshBalance: vi.fn(async () => {}),
    payEntry: vi.fn(async (): Promise<PaymentResult> => {
      throw new Error('payEntry was not expected in this test');
    }),
    localWallet: null,
    ...overrides,
  };
}

export function fakeGame(
  overrides: Partial<Omit<GameApi, 'view'>> & { view?: Partial<GameView> } = {},
): GameApi {
  const { view, ...rest } = overrides;
  return {
    view: fakeGameView(view),
    connection: {
      status: 'open',
      pingMs: 20,
      quality: 'excellent',
      qualityScore: 100,
      reconnectAttempts: 0,
      retrying: false,
    },
    match: IDLE_MATCH_FEED,
    findMatch: vi.fn(),
    cancelSearch: vi.fn(),
    playHouseBot: vi.fn(),
    paddleMove: vi.fn(),
    playAgain: vi.fn(),
    exit: vi.fn(),
    forceDisconnect: vi.fn(),
    reconnectNow: vi.fn(),
    dismissSettled: vi.fn(),
    returnToMenu: vi.fn(),
    onTransactionNotification: vi.fn(() => () => {}),
    ...rest,
  };
}

/**
 * The real toast provider around the fake contexts (toasts are part of what screens show), and a query
 * client of the mount's own (kept across rerenders; a failed request is not retried).
 */
export function FakeProviders({
  wallet,
  game,
  children,
}: {
  wallet: WalletApi;
  game: GameApi;
  children: ReactNode;
}) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <WalletContext.Provider value={wallet}>
          <GameContext.Provider value={game}>{children}</GameContext.Provider>
        </WalletContext.Provider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
