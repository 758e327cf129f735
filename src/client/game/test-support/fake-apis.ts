import type { GameData } from '../../../common/protocol.ts';
import type { ConnectionInfo, GameApi } from '../../state/game-api.ts';
import type { GameView } from '../../state/game-view.ts';
import type { WalletApi } from '../../wallet/wallet-api.ts';
import { type BallPrediction, createBallPrediction } from '../ball-prediction.ts';
import { GAME_ID, gameData } from './keyframes.ts';

/**
 * Stand-ins for the game and wallet providers, for the game screen's component test and the canvas harness:
 * the ball's prediction is fed by the caller (keyframes, ball events), paddle moves are recorded, and every action the game screen
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
    retrying: false,
    ...overrides,
  };
}

const mustNotBeCalled = (name: string) => () => {
  throw new Error(`the game screen must not call ${name}`);
};

export interface FakeGame {
  api: GameApi;
  /** The real prediction the canvas reads, for ball events and paddle reports. */
  prediction: BallPrediction;
  /** A keyframe as if it had just arrived (the test game's data, changed by `data`). */
  keyframe(data: Partial<GameData>): void;
  /** The server clock's offset to performance.now() the screen draws with (null: none yet). */
  setServerOffset(ms: number | null): void;
  moves: number[];
}

export function fakeGame(view: Partial<GameView> = {}, connection: Partial<ConnectionInfo> = {}): FakeGame {
  const prediction = createBallPrediction();
  let offset: number | null = null;
  const moves: number[] = [];
  const api: GameApi = {
    view: gameView(view),
    connection: connectionInfo(connection),
    match: { prediction, serverOffsetMs: () => offset },
    paddleMove: (position) => {
      moves.push(position);
    },
    findMatch: mustNotBeCalled('findMatch'),
    cancelSearch: mustNotBeCalled('cancelSearch'),
    playHouseBot: mustNotBeCalled('playHouseBot'),
    playAgain: mustNotBeCalled('playAgain'),
    exit: mustNotBeCalled('exit'),
    forceDisconnect: mustNotBeCalled('forceDisconnect'),
    reconnectNow: mustNotBeCalled('reconnectNow'),
    dismissSettled: mustNotBeCalled('reconnectNow'),
    returnToMenu: mustNotBeCalled('returnToMenu'),
    onTransactionNotification: () => () => {},
  };
  return {
    api,
    prediction,
    moves,
    keyframe: (data) => prediction.heardKeyframe(gameData(data)),
    setServerOffset(ms) {
      offset = ms;
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
