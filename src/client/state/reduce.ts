import type { ServerMessage } from '../../common/protocol.ts';
import { RECONNECTION_WINDOW_SECONDS } from '../../common/rules.ts';
import type { GameEvent } from './game-events.ts';
import type { GameView } from './game-view.ts';
import { initialGameView } from './initial-view.ts';
import { givenUp } from './payment-retry.ts';
import { endPreGameScreen, exitSearch } from './reduce-pre-game.ts';
import { reduceServerMessage } from './reduce-server.ts';
import {
  backToLobby,
  CHANNEL_TEXTS,
  FORFEIT_TEXTS,
  inLiveGame,
  isConnectionText,
  ownSecondsLeft,
  ownWindowOver,
  withoutOverlay,
} from './view-changes.ts';

/** Server messages that answer a page waiting to rejoin: a match, a game-over screen, a search, or nothing. */
const REJOIN_ANSWERS: ReadonlySet<ServerMessage['type']> = new Set([
  'reconnectionSuccess',
  'reconnectionFailed',
  'matched',
  'findMatch',
  'joinQueue',
  'gameCleanup',
  'gameOver',
]);

/**
 * The client game-state view of SPEC §3 as one pure reducer over typed events (ARCHITECTURE "The client").
 * Every transition of SPEC §4 "Search and match" and "Client game flow" is here; what follows from one
 * (sending, storage, timers) is the provider's (controller/game-controller.ts). Returns the same object when an
 * event changes nothing.
 */
export function reduce(view: GameView, event: GameEvent): GameView {
  const next = withGameOverTime(view, transition(view, event), event.at);
  if (next === view) return view;
  const name = event.type === 'server' ? event.message.type : event.type;
  return next.lastEvent === name ? next : { ...next, lastEvent: name };
}

/**
 * When the page saw the match end: stamped as the view enters its game over, from storage's memory for a
 * game-over screen taken back after a reload (so its 10 s return goes on where it was), and cleared after.
 */
function withGameOverTime(view: GameView, next: GameView, at: number): GameView {
  if (next.gameOver && !view.gameOver) {
    const remembered = next.rememberedGame;
    const endedAt =
      remembered?.gameId === next.gameId && remembered.endedAt !== null ? remembered.endedAt : at;
    return { ...next, gameOverAt: Math.min(endedAt, at) };
  }
  if (!next.gameOver && (next.gameOverAt ?? null) !== null) return { ...next, gameOverAt: null };
  return next;
}

function transition(view: GameView, event: GameEvent): GameView {
  switch (event.type) {
    case 'server': {
      const next = reduceServerMessage(view, event.message, event.at);
      // The server has said what this wallet has: the page waits no longer for it.
      return next.rejoining && REJOIN_ANSWERS.has(event.message.type) ? { ...next, rejoining: false } : next;
    }

    case 'socketOpened': {
      const open: GameView = {
        ...view,
        ...(event.remembered !== undefined ? { rememberedGame: event.remembered } : {}),
        connected: true,
        reconnecting: false,
        // SPEC §9's 'Unable to reconnect' too: the channel tried on, and got through.
        lastError:
          isConnectionText(view.lastError) || view.lastError === CHANNEL_TEXTS.unableToReconnect
            ? null
            : view.lastError,
      };
      const resume = event.resume;
      if (!resume) {
        // Nothing to come back to: whatever was lost is over for this socket. The page waits on only for a
        // game-over screen it asks back.
        const waiting = {
          ...open,
          rejoining: event.rejoiningGameOver === true,
        };
        return inLiveGame(view) ? waiting : { ...waiting, isDisconnected: false, canReconnect: false };
      }
      // SPEC §4: disconnected with reconnect possible and 30 s left; the reconnect goes out 500 ms later.
      // A socket back to the game it lost keeps that loss's window; a reload starts from the full 30 s.
      const sameLoss = view.disconnectedAt != null && view.gameId === resume.gameId;
      const rejoining: GameView = {
        ...open,
        gameId: resume.gameId,
        isDisconnected: true,
        canReconnect: true,
        reconnecting: true,
        reconnectionTimeLeft: sameLoss ? ownSecondsLeft(view, event.at) : RECONNECTION_WINDOW_SECONDS,
        searching: false,
      };
      if (!resume.rapid) return rejoining;
      // A rapid refresh lands straight on the screen it left (SPEC §4: last game state under 15 s old).
      return {
        ...rejoining,
        state: resume.rapid.state,
        playerIndex: resume.rapid.playerIndex,
        data: {
          ...rejoining.data,
          gameState: resume.rapid.state,
          scores: resume.rapid.scores ? [...resume.rapid.scores] : rejoining.data.scores,
        },
      };
    }

    case 'socketClosed': {
      // SPEC §4: the state is kept as it was while the pending-disconnect grace runs. A live game's seat is
      // held from the first loss: a socket that opened and closed again before the rejoin does not restart it.
      const disconnectedAt = inLiveGame(view) ? (view.disconnectedAt ?? event.at) : null;
      if (!view.connected && !view.reconnecting && disconnectedAt === (view.disconnectedAt ?? null))
        return view;
      return { ...view, connected: false, reconnecting: false, disconnectedAt };
    }

    case 'socketError':
      // Each failed attempt after the 5th errors too: what the player was told to do stays until it opens.
      if (view.lastError === CHANNEL_TEXTS.unableToReconnect) return view;
      return { ...view, lastError: CHANNEL_TEXTS.connectionError, lastErrorCode: null };

    case 'disconnectGraceEnded': {
      if (view.connected) return view;
      const inGame = inLiveGame(view);
      return {
        ...view,
        isDisconnected: true,
        canReconnect: inGame,
        lastError: inGame ? CHANNEL_TEXTS.connectionLostInGame : CHANNEL_TEXTS.connectionLost,
        lastErrorCode: null,
        // The real time left: the window counts from the loss, not from the end of the 2 s grace.
        reconnectionTimeLeft: !inGame
          ? view.reconnectionTimeLeft
          : view.disconnectedAt == null
            ? RECONNECTION_WINDOW_SECONDS
            : ownSecondsLeft(view, event.at),
      };
    }

    case 'reconnectGaveUp':
      // Never while the server still holds the seat: the dialog's window is the one word on it.
      if (inLiveGame(view) && view.disconnectedAt != null && !ownWindowOver(view, event.at)) return view;
      return {
        ...view,
        isDisconnected: true,
        canReconnect: false,
        reconnecting: false,
        lastError: CHANNEL_TEXTS.unableToReconnect,
        lastErrorCode: null,
      };

    case 'signedOut':
      // A ban's status, pushed just before the server ended the session, stays for the lobby to show.
      return {
        ...initialGameView(null),
        notice: view.notice ?? null,
        liveBanStatus: view.liveBanStatus ?? null,
      };

    case 'findMatch':
      // SPEC §5: already searching is ignored; a game under way is not left by searching again.
      if (view.searching || inLiveGame(view)) return view;
      return {
        ...backToLobby(view),
        searching: true,
        searchStartTime: event.at,
        searchQueued: false,
        gameMode: event.mode,
        paymentSignature: event.paymentSignature,
        challengeRequest: event.challenge ?? null,
        openChallenge: null,
      };

    case 'cancelSearch':
      return view.searching && view.cancelling === 'idle' ? { ...view, cancelling: 'cancelling' } : view;

    case 'searchAbandoned':
      if (!view.searching || view.gameId !== null) return view;
      // Left while its payment was being confirmed: the player is told what becomes of that payment.
      return view.paymentRetry ? givenUp(view) : backToLobby(view);

    case 'cancelBackupDue':
      // The backup cancel goes out: a paid search still waiting for its answer is being refunded.
      return view.cancelling === 'cancelling' && view.paymentSignature !== null
        ? { ...view, cancelling: 'refunding' }
        : view;

    case 'playAgain': {
      // SPEC §4: searching and waiting. Practice searches again at once; a paid mode needs a new payment,
      // so it goes back to the lobby with its mode chosen.
      const lobby = { ...backToLobby(view), gameMode: view.gameMode };
      if (view.gameMode !== 'practice') return lobby;
      return { ...lobby, searching: true, searchStartTime: event.at };
    }

    case 'exit':
      // Leaving a search is cancelling it (SPEC §4), under the 10 s rule of paid searches.
      return view.searching && view.gameId === null ? exitSearch(view, event.at) : backToLobby(view);

    case 'forceDisconnect':
    case 'returnToMenu':
      return backToLobby(view);

    case 'refundNoticed': {
      // The refund the lobby says is on its way has been sent: its signature, from the ledger's own notice.
      const refund = view.settledSearch?.refund;
      if (!view.settledSearch || !refund || refund.transactionId !== event.transactionId) return view;
      const status = event.confirmed ? 'confirmed' : 'sent';
      if (refund.status === status && refund.signature === event.signature) return view;
      return {
        ...view,
        settledSearch: { ...view.settledSearch, refund: { ...refund, status, signature: event.signature } },
      };
    }

    case 'settledDismissed':
      return view.settledSearch ? { ...view, settledSearch: null } : view;

    case 'reconnectAttempt':
      return view.isDisconnected && view.canReconnect && !view.reconnecting
        ? { ...view, reconnecting: true }
        : view;

    case 'reconnectionSecond': {
      if (!view.isDisconnected || !view.canReconnect || view.reconnectionTimeLeft === null) return view;
      const left = ownSecondsLeft(view, event.at);
      // The window is gone: the dialog reads 'Connection Lost' with 'Return to Main Menu', and says why.
      return left > 0
        ? { ...view, reconnectionTimeLeft: left }
        : {
            ...view,
            reconnectionTimeLeft: 0,
            canReconnect: false,
            reconnecting: false,
            lastError: FORFEIT_TEXTS.windowExpired,
            lastErrorCode: null,
          };
    }

    case 'opponentOverlayExpired':
      return view.reconnectionWindowActive ? withoutOverlay(view) : view;

    case 'opponentFoundElapsed':
      return endPreGameScreen(view, 'opponentFoundAt');

    case 'goElapsed':
      return endPreGameScreen(view, 'goAt');

    default: {
      const unreachable: never = event;
      throw new Error(`unhandled game event ${JSON.stringify(unreachable)}`);
    }
  }
}
