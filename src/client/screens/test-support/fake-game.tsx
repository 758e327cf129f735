import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type ConnectionInfo, type GameApi, GameContext } from '../../state/game-api.ts';
import type { GameView } from '../../state/game-view.ts';
import { IDLE_MATCH_FEED, initialGameView } from '../../state/initial-view.ts';
import { ToastProvider } from '../../ui/toast-provider.tsx';

export const TEST_GAME_ID = '0b5e7a52-3c1e-4c55-9d0e-1f2a3b4c5d6e';

type Action = Exclude<keyof GameApi, 'view' | 'connection' | 'snapshots' | 'onTransactionNotification'>;

/** A GameContext value for screen tests: a view the test sets, and actions that only record their calls. */
export function fakeGame(view: Partial<GameView> = {}, connection: Partial<ConnectionInfo> = {}) {
  const calls: Array<[Action, ...unknown[]]> = [];
  const record =
    (name: Action) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
    };
  const api: GameApi = {
    view: { ...initialGameView('session-1234'), connected: true, ...view },
    connection: {
      status: 'open',
      pingMs: 30,
      quality: 'excellent',
      qualityScore: 100,
      reconnectAttempts: 0,
      retrying: false,
      ...connection,
    },
    match: IDLE_MATCH_FEED,
    findMatch: record('findMatch'),
    cancelSearch: record('cancelSearch'),
    playHouseBot: record('playHouseBot'),
    paddleMove: record('paddleMove'),
    playAgain: record('playAgain'),
    exit: record('exit'),
    forceDisconnect: record('forceDisconnect'),
    reconnectNow: record('reconnectNow'),
    dismissSettled: record('reconnectNow'),
    returnToMenu: record('returnToMenu'),
    onTransactionNotification: () => () => {},
  };
  return { api, calls, names: () => calls.map((c) => c[0]) };
}

/** Renders `ui` with the fake game, toasts and an in-memory location; `show` swaps in a new view. */
export function renderWithGame(ui: ReactNode, game: ReturnType<typeof fakeGame>, path = '/play') {
  const location = memoryLocation({ path, record: true });
  const tree = (api: GameApi) => (
    <Router hook={location.hook}>
      <ToastProvider>
        <GameContext.Provider value={api}>{ui}</GameContext.Provider>
      </ToastProvider>
    </Router>
  );
  const result = render(tree(game.api));
  return {
    ...result,
    location,
    show(view: Partial<GameView>) {
      game.api = { ...game.api, view: { ...game.api.view, ...view } };
      result.rerender(tree(game.api));
    },
  };
}
