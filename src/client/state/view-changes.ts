import type { GameNotice, GameView } from './game-view.ts';
import { initialGameView } from './initial-view.ts';

/**
 * Small pieces the reducer's transitions share. Texts are SPEC §8's game-channel messages, verbatim.
 */
export const CHANNEL_TEXTS = {
  connectionError: 'Connection error',
  connectionLostInGame: 'Connection lost - attempting to reconnect...',
  connectionLost: 'Connection lost',
  unableToReconnect: 'Unable to reconnect. Please refresh the page.',
  failedToReconnect: 'Failed to reconnect',
  opponentDisconnected: 'Opponent disconnected',
  opponentTimeout: 'Opponent did not reconnect in time',
} as const;

/** SPEC §8: this server error is never shown. */
export const RATE_LIMIT_MESSAGE = 'Rate limit exceeded';

/** SPEC §9 reconnection window, in whole seconds as the server counts it. */
export const RECONNECTION_WINDOW_SECONDS = 30;

const CONNECTION_TEXTS: ReadonlySet<string> = new Set([
  CHANNEL_TEXTS.connectionError,
  CHANNEL_TEXTS.connectionLostInGame,
  CHANNEL_TEXTS.connectionLost,
]);

export function isConnectionText(message: string | null): boolean {
  return message !== null && CONNECTION_TEXTS.has(message);
}

/** A game on screen that is not over: the one a lost socket should come back to. */
export function inLiveGame(view: GameView): boolean {
  return view.gameId !== null && view.gameOver === null && view.state !== 'gameOver';
}

export function withNotice(view: GameView, notice: DistributiveOmit<GameNotice, 'id'>): GameView {
  return { ...view, notice: { ...notice, id: (view.notice?.id ?? 0) + 1 } as GameNotice };
}

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/** The opponent-disconnected overlay is hidden and its window forgotten. */
export function withoutOverlay(view: GameView): GameView {
  return {
    ...view,
    reconnectionWindowActive: false,
    disconnectedPlayerIndex: null,
    // The same field counts this player's own window while its socket is down: that one stays.
    reconnectionTimeLeft: view.isDisconnected ? view.reconnectionTimeLeft : null,
  };
}

/**
 * Back to the lobby: nothing of the game or the search is left, while what belongs to the socket (open or
 * not, players online, queue lengths, the session) and the notice counter carry on.
 */
export function backToLobby(view: GameView): GameView {
  const downForGood = view.isDisconnected && !view.connected;
  return {
    ...initialGameView(view.sessionId),
    connected: view.connected,
    queueLengths: view.queueLengths,
    playersOnline: view.playersOnline,
    isDisconnected: downForGood,
    lastError: downForGood ? view.lastError : null,
    lastEvent: view.lastEvent,
    notice: view.notice ?? null,
  };
}
