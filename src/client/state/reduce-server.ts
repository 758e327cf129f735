import type { ServerMessage, ServerMessageOf } from '../../common/protocol.ts';
import {
  ERROR_CODES,
  ERROR_MESSAGES,
  type ErrorCode,
  RECONNECT_REFUSAL_CODES,
} from '../../common/protocol.ts';
import { isPassingRefusal, REFUND_REFUSAL_CODES } from '../../common/protocol-texts.ts';
import { RECONNECTION_WINDOW_SECONDS } from '../../common/rules.ts';
import type { GameView } from './game-view.ts';
import { withMatchPayout } from './match-payout.ts';
import { retryOrGiveUp } from './payment-retry.ts';
import {
  normaliseGameId,
  onGameOver,
  onGameState,
  opponentGone,
  withFinalState,
  withGameData,
} from './reduce-game.ts';
import { withPreGameScreens } from './reduce-pre-game.ts';
import {
  backToLobby,
  CHANNEL_TEXTS,
  isConnectionText,
  ownWindowOver,
  withNotice,
  withOpponentLeftToast,
  withoutOverlay,
} from './view-changes.ts';

/** Error codes after which the search the player asked for does not exist (the server refused it). */
const SEARCH_REFUSED: ReadonlySet<ErrorCode> = new Set([
  ERROR_CODES.accountRestricted,
  ERROR_CODES.gameModeRequired,
  ERROR_CODES.walletRequired,
  ERROR_CODES.paymentRequired,
  ERROR_CODES.paymentRefused,
  ERROR_CODES.restrictedJurisdiction,
  // The player's own protection (a payment sent with it is refunded in full).
  ERROR_CODES.selfExcluded,
  ERROR_CODES.lossLimitReached,
  ERROR_CODES.lossLimitExceeded,
  // The payment was recorded and is being (or will be) refunded in full: this search is over.
  REFUND_REFUSAL_CODES.refunded,
  REFUND_REFUSAL_CODES.refundPending,
  ERROR_CODES.matchmakingUnavailable,
  ERROR_CODES.serverStopping,
  // Challenge a friend: the link leads nowhere now, is the player's own, or is of another mode.
  ERROR_CODES.challengeNotOpen,
  ERROR_CODES.challengerAway,
  ERROR_CODES.ownChallenge,
  ERROR_CODES.challengeModeMismatch,
  ERROR_CODES.challengeNotStarted,
]);
/** Error codes that end a cancel under way (the search is still open, or was already closed). */
const CANCEL_ENDED: ReadonlySet<ErrorCode> = new Set([
  ERROR_CODES.cancelTooEarly,
  ERROR_CODES.cancelFailed,
  ERROR_CODES.notSearching,
]);
/**
 * Errors the player is not shown in a toast: the lobby has its own 'Account Restricted' banner and toast;
 * a paddle move that reached a finished game is noise.
 */
const QUIET: ReadonlySet<ErrorCode> = new Set([ERROR_CODES.accountRestricted, ERROR_CODES.notInGame]);
/** An identical error within this long (a repeated cancel's answers) raises no second toast. */
const REPEAT_ERROR_MS = 2_000;

function onError(view: GameView, message: ServerMessageOf<'error'>, at: number): GameView {
  const text = message.data.message;
  const code = message.data.code ?? null;
  // SPEC §5/§8: rate-limit errors ('Rate limit exceeded', known by their code) are not shown, and change nothing.
  if (code === ERROR_CODES.rateLimited) return view;
  // Nothing was recorded: the same payment goes again, calmly (no error toast while it is confirmed).
  const paidSearch = view.searching && view.gameId === null && view.paymentSignature !== null;
  if (isPassingRefusal(code) && paidSearch) return retryOrGiveUp(view, at);
  // The answer to a cancel that went out while the socket was down, for a search `held` has since said the
  // server no longer holds: the lobby already says what became of it.
  if (code === ERROR_CODES.notSearching && !view.searching && view.cancelling === 'idle') return view;
  let next: GameView = { ...view, lastError: text, lastErrorCode: code, lastErrorAt: at };
  const repeated =
    view.lastError === text && view.lastErrorAt != null && at - view.lastErrorAt < REPEAT_ERROR_MS;
  if (!repeated && !(code !== null && QUIET.has(code))) {
    next = withNotice(next, { kind: 'error', message: text, code });
  }
  const refused = code !== null && (SEARCH_REFUSED.has(code) || isPassingRefusal(code));
  if (refused && view.searching && view.gameId === null) {
    next = {
      ...next,
      searching: false,
      searchStartTime: null,
      paymentSignature: null,
      paymentRetry: null,
      cancelling: 'idle',
    };
  }
  if (code !== null && CANCEL_ENDED.has(code)) {
    next = { ...next, cancelling: 'idle' };
    if (code === ERROR_CODES.notSearching && view.gameId === null)
      next = { ...next, searching: false, searchStartTime: null };
  }
  return next;
}

function onCancelReply(view: GameView, message: ServerMessageOf<'cancelSearch'>): GameView {
  if (!message.success)
    return { ...view, cancelling: 'idle', lastError: message.message, lastErrorCode: null };
  // A repeat's answer (SPEC §7: sent several times plus a backup) finds the search already closed here.
  if (!view.searching && view.cancelling === 'idle') return view;
  const next: GameView = {
    ...view,
    searching: false,
    searchStartTime: null,
    cancelling: 'idle',
    paymentSignature: null,
    challengeRequest: null,
    openChallenge: null,
    openRematch: null,
    state: view.gameId === null ? 'waiting' : view.state,
  };
  return withNotice(next, { kind: 'searchCancelled', refundLamports: message.refundLamports ?? null });
}

/**
 * The server says the search is queued: searching, and the wait counts from its first such answer (the
 * server's own 10 s before a paid search may be left start when it queued the search, after the payment
 * check, not when the player pressed Find Match).
 */
function queued(view: GameView, at: number): Partial<GameView> {
  const first = view.searchQueued !== true || !view.searching || view.searchStartTime === null;
  return {
    searching: true,
    searchQueued: true,
    searchStartTime: first ? at : view.searchStartTime,
    paymentRetry: null,
  };
}

/**
 * A deadline the server named, on this device's clock: `msLeft` after the message came (a device clock that
 * is off does not move it); the server's own `expiresAt` from a server that sends no `msLeft`.
 */
function localDeadline(deadline: { expiresAt: number; msLeft?: number | undefined }, at: number): number {
  return deadline.msLeft === undefined ? deadline.expiresAt : at + deadline.msLeft;
}

/**
 * The server's word on what it holds (sent on every connection): the page follows it. A search it holds is
 * shown with the server's own wait; a search the page showed that the server no longer holds is cleared (it
 * was answered once, so the server did hold it: a findMatch still on its way is not cleared), and what became
 * of the search the page named stays on the lobby.
 */
function onHeld(view: GameView, message: ServerMessageOf<'held'>, at: number): GameView {
  const { holds, settled } = message;
  let next = view;
  if (holds.kind === 'search' || holds.kind === 'challenge' || holds.kind === 'rematch') {
    if (view.gameId === null) {
      next = {
        ...view,
        searching: true,
        searchQueued: true,
        searchStartTime: at - holds.waitedMs,
        gameMode: holds.gameMode,
        searchId: holds.searchId,
        paymentRetry: null,
        openChallenge: holds.kind === 'challenge' ? { code: holds.code, expiresAt: holds.expiresAt } : null,
        openRematch: holds.kind === 'rematch' ? { gameId: holds.gameId, expiresAt: holds.expiresAt } : null,
      };
    }
  } else if (
    holds.kind === 'nothing' &&
    view.searching &&
    view.gameId === null &&
    view.searchQueued === true
  ) {
    next = backToLobby(view);
  }
  if (!settled) return next;
  // The match a reconnect named was interrupted by a stop: the notice says so, not a bare 'Game not found'.
  const lastError =
    settled.status === 'interrupted' && next.lastError === ERROR_MESSAGES.gameNotFound
      ? null
      : next.lastError;
  return { ...next, settledSearch: settled, lastError };
}

/** SPEC §4 "Client game flow": what each server message does to the view. */
export function reduceServerMessage(view: GameView, message: ServerMessage, at: number): GameView {
  switch (message.type) {
    case 'connect':
      return { ...view, sessionId: message.sessionId, playersOnline: message.playersOnline };
    case 'findMatch':
      // A findMatch reply keeps searching (also on a new socket that took an away search back).
      // A challenge's reply names it (also when a new socket took it back after a reload).
      return {
        ...view,
        ...queued(view, at),
        gameMode: message.gameMode,
        openChallenge: message.challenge ?? null,
        openRematch: message.rematch
          ? { gameId: message.rematch.gameId, expiresAt: localDeadline(message.rematch, at) }
          : null,
        searchId: message.searchId ?? view.searchId ?? null,
      };
    case 'joinQueue':
      return {
        ...view,
        ...queued(view, at),
        gameMode: message.queueType,
        playersOnline: message.playersOnline,
      };
    case 'queueUpdate':
      return { ...view, queueLengths: message.queueLengths, playersOnline: message.playersOnline };
    case 'cancelSearch':
      return onCancelReply(view, message);
    case 'matched': {
      const gameId = normaliseGameId(message.gameId);
      if (gameId === null) return view;
      return withoutOverlay({
        ...view,
        state: 'countdown',
        gameId,
        playerIndex: message.playerIndex,
        gameMode: message.data.gameMode,
        opponentFound: true,
        opponentName: message.data.opponentName,
        seedHash: message.data.seedHash,
        // SPEC §2: 'OPPONENT FOUND! MATCH STARTING SOON' for 3 s, skipped if a game id already existed.
        opponentFoundAt: view.gameId === null ? at : null,
        goAt: null,
        countdownTime: message.data.countdownTime,
        searching: false,
        paymentRetry: null,
        cancelling: 'idle',
        gameOver: null,
        lastStateTimestamp: null,
        data: {
          winner: null,
          scores: [0, 0],
          paddlePositions: view.data.paddlePositions,
          gameState: 'countdown',
        },
      });
    }
    case 'gameState':
      return withPreGameScreens(view, onGameState(view, message), at);
    case 'playerTemporarilyDisconnected':
      if (view.gameId === null || view.gameOver !== null) return view;
      return {
        ...view,
        state: 'waitingForReconnection',
        data: { ...view.data, gameState: 'waitingForReconnection' },
        reconnectionWindowActive: true,
        reconnectionTimeLeft: message.reconnectionTimeLeft ?? RECONNECTION_WINDOW_SECONDS,
        disconnectedPlayerIndex: message.disconnectedPlayerIndex,
      };
    case 'reconnectionTimeUpdate':
      return view.reconnectionWindowActive
        ? { ...view, reconnectionTimeLeft: message.reconnectionTimeLeft }
        : view;
    case 'reconnectionSuccess': {
      const gameId = normaliseGameId(message.gameId);
      if (gameId === null) return view;
      const data = message.gameState;
      const back: GameView = {
        ...view,
        gameId,
        playerIndex: message.playerIndex,
        // What the match is for, as the server holds it: the match bar after a reload, which heard no `matched`.
        gameMode: message.match.gameMode,
        opponentName: message.match.opponentName,
        opponentFound: true,
        rematchOffer:
          message.rematch === 'offered' || message.rematch === 'declined' ? message.rematch : null,
        // An open offer's deadline comes with the screen taken back, so its return waits for the offer at once.
        rematchOfferClosesAt:
          message.rematch === 'offered' && message.rematchCloses
            ? localDeadline(message.rematchCloses, at)
            : null,
        rejoining: false,
        isDisconnected: false,
        canReconnect: false,
        reconnecting: false,
        searching: false,
        gameOver: null,
        seedHash:
          view.gameId === gameId && view.seedHash
            ? view.seedHash
            : view.rememberedGame?.gameId === gameId
              ? view.rememberedGame.seedHash
              : null,
        lastError: isConnectionText(view.lastError) ? null : view.lastError,
        reconnectionTimeLeft: view.reconnectionWindowActive ? view.reconnectionTimeLeft : null,
        lastStateTimestamp: null,
        disconnectedAt: null,
      };
      const rejoined = withGameData(back, data, data.timestamp);
      // Back at the game-over screen of a match just over (its rematch may still come).
      return data.gameState === 'gameOver' ? withFinalState(rejoined, data, message.playerIndex) : rejoined;
    }
    case 'reconnectionFailed':
      if (message.clearStoredGameId) {
        const lobby = { ...backToLobby({ ...view, isDisconnected: false }), lastError: message.message };
        // Back after the seat's window ran out: the player is told the game was forfeited, not left to
        // guess from a lobby.
        const forfeited =
          view.gameId !== null &&
          (ownWindowOver(view, at) || message.code === RECONNECT_REFUSAL_CODES.windowExpired);
        return forfeited ? withNotice(lobby, { kind: 'forfeited' }) : lobby;
      }
      return {
        ...view,
        isDisconnected: true,
        canReconnect: false,
        reconnecting: false,
        lastError: message.message || CHANNEL_TEXTS.failedToReconnect,
        lastErrorCode: null,
      };
    case 'reconnectionTimeout':
      return withOpponentLeftToast(
        opponentGone(view, 'opponent_timeout', message.message || CHANNEL_TEXTS.opponentTimeout),
      );
    case 'opponentDisconnected':
      return withOpponentLeftToast(
        opponentGone(view, 'opponent_disconnected', message.message || CHANNEL_TEXTS.opponentDisconnected),
      );
    case 'gameOver':
      return withOpponentLeftToast(onGameOver(view, message));
    case 'gameCleanup':
      // SPEC §4: ignored during game over; otherwise the game is forgotten (only the game it names).
      if (view.gameOver !== null || view.state === 'gameOver') return view;
      if (view.gameId === null || normaliseGameId(message.gameId) !== view.gameId) return view;
      return backToLobby(view);
    case 'gameResumed': {
      const cleared = withoutOverlay(view);
      if (view.state !== 'waitingForReconnection') return cleared;
      return { ...cleared, state: 'playing', data: { ...cleared.data, gameState: 'playing' } };
    }
    case 'error':
      return onError(view, message, at);
    case 'held':
      return onHeld(view, message, at);
    case 'banStatus':
      // The lobby reads it (lobby/use-restriction.ts); a search the ban closed ends by its cancelSearch.
      return { ...view, liveBanStatus: { banned: message.banned, message: message.message, at } };
    case 'transaction_notification':
      // The channel's own (the wallet-transaction events, game-channel/), passed on de-duplicated: a payout
      // of the game over on screen is what that screen says it paid.
      return withMatchPayout(view, message.transaction);
    case 'pong':
      // The channel's own: latency samples.
      return view;
    case 'rematch':
      // About the game just over on this screen only; a late word about an older game changes nothing.
      if (normaliseGameId(message.gameId) !== view.gameId) return view;
      return {
        ...view,
        rematchOffer: message.status,
        rematchOfferClosesAt:
          message.status === 'offered' && message.expiresAt !== undefined
            ? localDeadline({ expiresAt: message.expiresAt, msLeft: message.msLeft }, at)
            : null,
      };
    case 'ballEvent':
    case 'opponentPaddle':
      // The canvas's own (game/ball-prediction.ts): the ball and the opponent's paddle between keyframes.
      return view;
    default: {
      const unreachable: never = message;
      throw new Error(`unhandled server message ${JSON.stringify(unreachable)}`);
    }
  }
}
