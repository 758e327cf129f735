import { createFakeClock } from '../../../common/clock.ts';
import type { GameData, ServerMessage } from '../../../common/protocol.ts';
import { fakeSocketFactory } from '../../game-channel/test-support/fake-socket.ts';
import { testGameData } from '../../state/test-support/game-data.ts';
import type { WalletTransactionDetail } from '../../state/wallet-transaction-event.ts';
import { safeStorageArea } from '../../storage/storage-area.ts';
import { createStoredValues } from '../../storage/stored-values.ts';
import { memoryStorage } from '../../storage/test-support/memory-storage.ts';
import { createManualTimers } from '../../test-support/manual-timers.ts';
import { createGameController } from '../game-controller.ts';

/** The game controller's bed: a fake clock, manual timers, a fake socket and memory storage. */

export const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
export const GAME = '0b5e7a52-3c1e-4c55-9d0e-1f2a3b4c5d6e';
export const SIGNATURE = '5'.repeat(88);
export const START = 1_700_000_000_000;

export function setup(preset: (stored: ReturnType<typeof createStoredValues>) => void = () => {}) {
  const clock = createFakeClock(START);
  const timers = createManualTimers(clock);
  const sockets = fakeSocketFactory();
  const local = memoryStorage();
  const stored = createStoredValues(
    safeStorageArea(() => local),
    safeStorageArea(() => memoryStorage()),
  );
  preset(stored);
  const walletEvents: WalletTransactionDetail[] = [];
  // The browser's `online` and `offline` events, fired by the test.
  const network = new Set<{ online(): void; offline(): void }>();
  const controller = createGameController({
    clock,
    timers,
    stored,
    createSocket: sockets.factory,
    network: (on) => {
      network.add(on);
      return () => network.delete(on);
    },
    page: { protocol: 'https:', host: 'pong.test' },
    wallet: () => ({ publicKey: WALLET, balanceLamports: 1_500_000_000n }),
    monotonicNow: () => clock.now() - START,
    dispatchWalletTransaction: (d) => walletEvents.push(d),
  });
  let renders = 0;
  controller.subscribe(() => renders++);
  const socket = () => sockets.last();
  const sent = () => socket().messages();
  const sentTypes = () => sent().map((m) => m.type);
  const receive = (message: ServerMessage) => socket().receive(message);
  /** Time passes with the server talking (so the heartbeat keeps the socket): a pong nobody asked for. */
  const pass = (ms: number) => {
    for (let left = ms; left > 0; left -= 1_000) {
      timers.advance(Math.min(1_000, left));
      if (sockets.sockets.length > 0 && socket().readyState === 1)
        receive({ type: 'pong', timestamp: 0, serverTime: 0 });
    }
  };
  const signInAndOpen = () => {
    controller.setIdentity(true, WALLET);
    socket().open();
  };
  const t = {
    /** The browser says the network is back, or gone. */
    online: () => {
      for (const on of network) on.online();
    },
    offline: () => {
      for (const on of network) on.offline();
    },
    clock,
    timers,
    pass,
    sockets,
    stored,
    controller,
    walletEvents,
    socket,
    sent,
    sentTypes,
    receive,
    signInAndOpen,
    view: () => controller.getView(),
    renders: () => renders,
  };
  return t;
}

export const data = testGameData;
export const matched: ServerMessage = {
  type: 'matched',
  gameId: GAME,
  playerIndex: 0,
  data: { opponentName: 'Player-Abcd', gameMode: 'practice', seedHash: 'h', countdownTime: 5 },
};
export const state = (at: number, over: Partial<GameData> = {}): ServerMessage => ({
  type: 'gameState',
  gameId: GAME,
  playerIndex: 0,
  timestamp: at,
  data: data({ timestamp: at, ...over }),
});
export const gameOver: ServerMessage = {
  type: 'gameOver',
  gameId: GAME,
  winner: 0,
  scores: [11, 3],
  reason: 'score',
  message: 'You win!',
  finalResult: 'win',
  yourPlayerIndex: 0,
  seed: 'seed',
};
