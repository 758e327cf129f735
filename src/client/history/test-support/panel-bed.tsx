import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { GameApi } from '../../state/game-api.ts';
import type { GameView } from '../../state/game-view.ts';
import { FakeProviders, fakeGame, fakeWallet } from '../../test-support/fake-wallet-and-game.tsx';
import { jsonResponse } from '../../test-support/render-app.tsx';
import type { WalletApi } from '../../wallet/wallet-api.ts';
import { TransactionHistoryPanel } from '../transaction-history-panel.tsx';
import { sampleHistory } from './history-rows.ts';

/** Test support for the history panel's suites: fake timers, a fake history route, the panel rendered. */

let t0 = 0;
/**
 * The panel's server, per test: `answer` is what each history fetch gets (the sample history unless a test sets
 * its own), `fetches` when (ms after the test's start, fake time) and for which wallet each was made.
 */
export const panelServer: { answer: () => Promise<Response>; fetches: { at: number; url: string }[] } = {
  answer: async () => jsonResponse(200, { success: true, transactions: sampleHistory(), nextCursor: null }),
  fetches: [],
};

beforeEach(() => {
  vi.useFakeTimers();
  t0 = Date.now();
  panelServer.fetches.length = 0;
  panelServer.answer = async () =>
    jsonResponse(200, { success: true, transactions: sampleHistory(), nextCursor: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      panelServer.fetches.push({ at: Date.now() - t0, url });
      return panelServer.answer();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

export async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(0));
}

export function renderPanel(wallet: WalletApi = fakeWallet(), game: GameApi = fakeGame()) {
  const view = render(
    <FakeProviders wallet={wallet} game={game}>
      <TransactionHistoryPanel />
    </FakeProviders>,
  );
  const update = (next: { wallet?: WalletApi; view?: Partial<GameView> }) =>
    view.rerender(
      <FakeProviders wallet={next.wallet ?? wallet} game={{ ...game, view: { ...game.view, ...next.view } }}>
        <TransactionHistoryPanel />
      </FakeProviders>,
    );
  return { ...view, update };
}

export const rows = () => screen.queryAllByTestId('history-row');
export const outcomes = () => rows().map((r) => r.getAttribute('data-outcome'));
