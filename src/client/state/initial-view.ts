import { DEFAULT_COUNTDOWN_SECONDS } from '../../common/rules.ts';
import type { ConnectionInfo, MatchFeed } from './game-api.ts';
import type { GameView } from './game-view.ts';

/** SPEC §9: the paddles start centred on the 600-high field. */
const PADDLE_START = 300;

/**
 * The view before anything happened: the lobby, no socket (or, with `rejoining`, a page that reloaded during
 * a match waiting to hear it again). Tests build their views from it too.
 */
export function initialGameView(sessionId: string | null = null, rejoining = false): GameView {
  return {
    state: 'waiting',
    data: {
      winner: null,
      scores: [0, 0],
      paddlePositions: [PADDLE_START, PADDLE_START],
      gameState: 'waiting',
    },
    playerIndex: null,
    gameId: null,
    gameMode: null,
    connected: false,
    searching: false,
    searchStartTime: null,
    opponentFound: false,
    opponentName: null,
    seedHash: null,
    paymentSignature: null,
    queueLengths: {},
    playersOnline: 0,
    isDisconnected: false,
    canReconnect: false,
    reconnectionTimeLeft: null,
    reconnectionWindowActive: false,
    disconnectedPlayerIndex: null,
    countdownTime: DEFAULT_COUNTDOWN_SECONDS,
    gameOver: null,
    cancelling: 'idle',
    lastError: null,
    lastErrorCode: null,
    lastErrorAt: null,
    lastEvent: null,
    sessionId,
    reconnecting: false,
    lastStateTimestamp: null,
    notice: null,
    opponentFoundAt: null,
    goAt: null,
    searchQueued: false,
    paymentRetry: null,
    disconnectedAt: null,
    opponentLeftToldFor: null,
    rejoining,
  };
}

/** The connection before the game channel has opened. */
export const IDLE_CONNECTION: ConnectionInfo = {
  status: 'idle',
  pingMs: null,
  quality: 'excellent',
  qualityScore: 100,
  reconnectAttempts: 0,
  retrying: false,
};

/**
 * The match feed before the controller has loaded (it loads at the first sign-in, with the physics): no
 * keyframe, so the canvas draws the view.
 */
export const IDLE_MATCH_FEED: MatchFeed = {
  prediction: {
    keyframe: () => null,
    reportedPaddle: () => null,
    draw: () => null,
    correcting: () => false,
    soundCount: () => 0,
    lastSound: () => null,
  },
  serverOffsetMs: () => null,
};
