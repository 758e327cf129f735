import { gameIdSchema, type ServerMessageOf } from '../../common/protocol.ts';
import { RECONNECTION_WINDOW_SECONDS } from '../../common/rules.ts';
import { gameOutcome, wonByOpponentLeaving } from './game-outcome.ts';
import type { GameView } from './game-view.ts';
import { withoutOverlay } from './view-changes.ts';

/** The reducer's transitions of a game under way and of its end (SPEC §4 "Client game flow"). */

/** SPEC §5: game ids are normalised to the UUID inside them; anything else matches no game. */
export function normaliseGameId(value: string): string | null {
  const parsed = gameIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function ownIndex(view: GameView): 0 | 1 | null {
  return view.playerIndex;
}

type GameData = ServerMessageOf<'gameState'>['data'];

/** The view of one game's data: state, scores, paddles, countdown, and the opponent overlay it implies. */
export function withGameData(view: GameView, data: GameData, timestamp: number): GameView {
  const next: GameView = {
    ...view,
    state: data.gameState,
    data: {
      winner: data.winner,
      scores: [data.scores[0], data.scores[1]],
      paddlePositions: [data.paddlePositions[0], data.paddlePositions[1]],
      gameState: data.gameState,
    },
    countdownTime: data.gameState === 'countdown' ? data.countdownTime : view.countdownTime,
    lastStateTimestamp: timestamp,
  };
  // SPEC §4: a playing or countdown state clears the overlay.
  if (data.gameState === 'playing' || data.gameState === 'countdown') return withoutOverlay(next);
  const away = data.disconnectedPlayerIndex;
  if (data.gameState === 'waitingForReconnection' && away !== null && away !== ownIndex(view)) {
    return {
      ...next,
      reconnectionWindowActive: true,
      disconnectedPlayerIndex: away,
      reconnectionTimeLeft:
        data.reconnectionTimeLeft ?? view.reconnectionTimeLeft ?? RECONNECTION_WINDOW_SECONDS,
    };
  }
  return next;
}

/** SPEC §4 gameState: older timestamps skipped; during the game-over countdown only gameOver is taken. */
export function onGameState(view: GameView, message: ServerMessageOf<'gameState'>): GameView {
  if (view.gameId === null || normaliseGameId(message.gameId) !== view.gameId) return view;
  if (view.lastStateTimestamp != null && message.timestamp < view.lastStateTimestamp) return view;
  const { data } = message;
  if (view.gameOver !== null && data.gameState !== 'gameOver') return view;
  const next = withGameData({ ...view, playerIndex: message.playerIndex }, data, message.timestamp);
  if (data.gameState !== 'gameOver' || next.gameOver !== null) return next;
  // The final state came before the gameOver message: the outcome from what it carries.
  return withFinalState(next, data, message.playerIndex);
}

/** The game-over screen from a match's final state (before its gameOver message, or back after a reload). */
export function withFinalState(view: GameView, data: GameData, playerIndex: 0 | 1): GameView {
  const outcome = gameOutcome({ reason: data.reason, winner: data.winner, playerIndex });
  return withoutOverlay({
    ...view,
    searching: false,
    gameOver: {
      outcome,
      scores: [data.scores[0], data.scores[1]],
      reason: data.reason ?? '',
      message: '',
      opponentDisconnected: wonByOpponentLeaving(outcome, data.reason),
    },
  });
}

/** SPEC §4: reconnectionTimeout and opponentDisconnected move to gameOver, a win for the one who stayed. */
export function opponentGone(
  view: GameView,
  reason: 'opponent_timeout' | 'opponent_disconnected',
  message: string,
) {
  if (view.gameId === null) return view;
  const withError = { ...view, lastError: message, lastErrorCode: null };
  if (view.gameOver !== null) return withError;
  const me = ownIndex(view);
  const outcome = gameOutcome({ reason, winner: me, playerIndex: me });
  return withoutOverlay({
    ...withError,
    state: 'gameOver',
    data: { ...view.data, winner: me, gameState: 'gameOver' },
    gameOver: {
      outcome,
      scores: view.data.scores,
      reason,
      message,
      opponentDisconnected: wonByOpponentLeaving(outcome, reason),
    },
  });
}

export function onGameOver(view: GameView, message: ServerMessageOf<'gameOver'>): GameView {
  if (view.gameId === null || normaliseGameId(message.gameId) !== view.gameId) return view;
  const playerIndex = message.yourPlayerIndex;
  const outcome = gameOutcome({
    reason: message.reason,
    finalResult: message.finalResult,
    winner: message.winner,
    playerIndex,
  });
  return withoutOverlay({
    ...view,
    playerIndex,
    state: 'gameOver',
    searching: false,
    data: {
      ...view.data,
      winner: message.winner,
      scores: [message.scores[0], message.scores[1]],
      gameState: 'gameOver',
    },
    gameOver: {
      outcome,
      scores: [message.scores[0], message.scores[1]],
      reason: message.reason,
      message: message.message,
      opponentDisconnected: wonByOpponentLeaving(outcome, message.reason),
    },
  });
}
