import type { GameData } from '../../../common/protocol.ts';
import type { ConnectionInfo, GameApi, TimedSnapshot } from '../../state/game-api.ts';
import type { GameView } from '../../state/game-view.ts';
import type { WalletApi } from '../../wallet/wallet-api.ts';
import { GAME_ID, gameData } from './snapshots.ts';

/**
 * Stand-ins for the game and wallet providers, for the game screen's component test and the canvas harness:
 * the snapshot buffer is fed by the caller, paddle moves are recorded, and every action the game screen
 * must not call throws.
 */

export function gameView(overrides: Partial<GameView> = {}): GameView {
  return {
    state: 'playing',
    data: { winner: null, scores: [0, 0], paddlePositions: [300, 300], gameState: 'playing' },
    playerIndex: 0,
    gameId: GAME_ID,
    gameMode: 'practice',
    connected: true,
    searching: false,
    searchStartTime: null,
    opponentFound: true,
    opponentName: 'Player-Opp1',
    paymentSignature: null,
    queueLengths: {},
    playersOnline: 2,
    isDisconnected: false,
    canReconnect: false,
    reconnectionTimeLeft: null,
    reconnectionWindowActive: false,
    disconnectedPlayerIndex: null,
    countdownTime: 5,
    gameOver: null,
    cancelling: 'idle',
    lastError: null,
    lastEvent: null,
    sessionId: 'session-1',
    ...overrides,
  };
}

export function connectionInfo(overrides: Partial<ConnectionInfo> = {}): ConnectionInfo {
  return {
    status: 'open',
    pingMs: 42,
    quality: 'excellent',
    qualityScore: 100,
    reconnectAttempts: 0,
    ...overrides,
  };
}

const mustNotBeCalled = (name: string) => () => {
  throw new Error(`the game screen must not call ${name}`);
};

export interface FakeGame {
  api: GameApi;
  /** Adds a snapshot as if it had just arrived; the buffer keeps the last two. */
  push(data: Partial<GameData>, receivedAt: number): void;
  moves: number[];
}

export function fakeGame(view: Partial<GameView> = {}, connection: Partial<ConnectionInfo> = {}): FakeGame {
  let buffer: TimedSnapshot[] = [];
  const moves: number[] = [];
  const api: GameApi = {
    view: gameView(view),
    connection: connectionInfo(connection),
    snapshots: { latest: () => buffer },
    paddleMove: (position) => {
      moves.push(position);
    },
    findMatch: mustNotBeCalled('findMatch'),
    cancelSearch: mustNotBeCalled('cancelSearch'),
    playAgain: mustNotBeCalled('playAgain'),
    exit: mustNotBeCalled('exit'),
    forceDisconnect: mustNotBeCalled('forceDisconnect'),
    reconnectNow: mustNotBeCalled('reconnectNow'),
    returnToMenu: mustNotBeCalled('returnToMenu'),
    onTransactionNotification: () => () => {},
  };
  return {
    api,
    moves,
    push(data, receivedAt) {
      // A new array each time, as a provider replacing its pair would: the loop must not keep the old one.
      buffer = [...buffer.slice(-1), { data: gameData(data), receivedAt }];
    },
  };
}

export function fakeWallet(overrides: Partial<WalletApi> = {}): WalletApi {
  return {
    status: 'connected',
    publicKey: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
    balanceLamports: 1_234_567_890n,
    balanceStale: false,
    isMobile: false,
    walletName: 'Local Wallet',
    walletIcon: null,
    signedIn: true,
    cluster: 'localnet',
    houseWallet: null,
    connect: mustNotBeCalled('connect'),
    disconnect: mustNotBeCalled('disconnect'),
    refreshBalance: async () => {},
    payEntry: mustNotBeCalled('payEntry'),
    localWallet: null,
    ...overrides,
  };
}
