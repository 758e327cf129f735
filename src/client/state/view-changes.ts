import { SHOWN_MATCH_TEXTS as MATCH_TEXTS } from '../../common/protocol-texts.ts';
import { RECONNECTION_WINDOW_MS, RECONNECTION_WINDOW_SECONDS } from '../../common/rules.ts';
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
  opponentDisconnected: MATCH_TEXTS.opponentDisconnected,
  opponentTimeout: MATCH_TEXTS.opponentTimeout,
} as const;

/**
 * This player's own reconnection window ran out (not a SPEC text: SPEC §8 names none for it). The first
 * sentence is the server's own refusal text for a seat whose window expired.
 */
export const FORFEIT_TEXTS = {
  windowExpired: MATCH_TEXTS.windowExpired,
  title: 'Game Forfeited',
  description: `${MATCH_TEXTS.windowExpired}: you did not reconnect in time, so the game was forfeited.`,
} as const;

/** Whole seconds left of this player's own reconnection window at `at` (the window counts from the loss). */
export function ownSecondsLeft(view: GameView, at: number): number {
  // Without a known loss time (a view built by hand), one second less than shown.
  if (view.disconnectedAt == null)
    return Math.max(0, (view.reconnectionTimeLeft ?? RECONNECTION_WINDOW_SECONDS) - 1);
  return Math.max(0, Math.ceil((view.disconnectedAt + RECONNECTION_WINDOW_MS - at) / 1000));
}

/** This player's own window has run out: the server has forfeited the seat (or is about to). */
export function ownWindowOver(view: GameView, at: number): boolean {
  return view.disconnectedAt != null && at - view.disconnectedAt >= RECONNECTION_WINDOW_MS;
}

/** The reasons a game ends with the opponent gone for good: by exit, by its window running out, or disqualified. */
const OPPONENT_GONE_REASONS: ReadonlySet<string> = new Set([
  'opponent_disconnected',
  'opponent_timeout',
  'opponent_disqualified',
]);

/**
 * SPEC §2's 'Opponent Disconnected' toast whenever the opponent is gone for good, however it was learnt
 * (`opponentDisconnected`, `reconnectionTimeout`, or a gameOver naming it), once per match.
 */
export function withOpponentLeftToast(view: GameView): GameView {
  const reason = view.gameOver?.reason;
  if (view.gameId === null || reason === undefined || !OPPONENT_GONE_REASONS.has(reason)) return view;
  if (view.opponentLeftToldFor === view.gameId) return view;
  return withNotice({ ...view, opponentLeftToldFor: view.gameId }, { kind: 'opponentLeft' });
}

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
