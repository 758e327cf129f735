import { createFakeClock } from '../../../common/clock.ts';
import type { GameData, ServerMessage } from '../../../common/protocol.ts';
import { fakeSocketFactory } from '../../game-channel/fake-socket.ts';
import { createManualTimers } from '../../game-channel/manual-timers.ts';
import { memoryStorage } from '../../storage/memory-storage.ts';
import { safeStorageArea } from '../../storage/storage-area.ts';
import { createStoredValues } from '../../storage/stored-values.ts';
import { createGameController } from '../game-controller.ts';
import type { WalletTransactionDetail } from '../wallet-transaction-event.ts';
import { testGameData } from './game-data.ts';

/** The game controller's tests' harness: a fake clock, manual timers, a fake socket and memory storage. */

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
  const controller = createGameController({
    clock,
    timers,
    stored,
    createSocket: sockets.factory,
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
