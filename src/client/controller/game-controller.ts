import type { GameModeId } from '../../common/game-modes.ts';
import type { ClientMessage } from '../../common/protocol.ts';
import { RECONNECTION_WINDOW_MS } from '../../common/rules.ts';
import { createBallPrediction } from '../game/ball-prediction.ts';
import { createGameChannel, type GameChannel } from '../game-channel/game-channel.ts';
import { createServerClock } from '../game-channel/server-clock.ts';
import { gameSocketUrl } from '../game-channel/socket.ts';
import type { MatchFeed, TransactionNotice } from '../state/game-api.ts';
import type { GameEvent } from '../state/game-events.ts';
import type { ChallengeRequest, GameView } from '../state/game-view.ts';
import { IDLE_CONNECTION, initialGameView } from '../state/initial-view.ts';
import { reduce } from '../state/reduce.ts';
import type { ControllerSnapshot, GameControllerOptions } from './controller-options.ts';
import { createControllerTimers } from './controller-timers.ts';
import { CONTROLLER_TIMING, PADDLE_STATES } from './controller-timing.ts';
import {
  cancelSearchMessage,
  connectMessage,
  findMatchMessage,
  reconnectMessage,
} from './outgoing-messages.ts';
import { createPaddleSender } from './paddle-sender.ts';
import { resumeTarget } from './rapid-refresh.ts';
import { finishedGameToRejoin, rejoinHint, rememberedGame } from './rejoin-hint.ts';
import { createTransitionEffects } from './transition-effects.ts';
import { onScreenEqual } from './view-publishing.ts';

export type { ControllerSnapshot, GameControllerOptions, WalletFacts } from './controller-options.ts';
export { CONTROLLER_TIMING } from './controller-timing.ts';

/**
 * The game provider's engine, outside React so that it is tested with a fake socket and fake timers: the
 * reducer's view, the channel, and the player's actions. What a transition causes (storage, stats, timers)
 * is transition-effects.ts's; the delays are controller-timing.ts's.
 */
export function createGameController(options: GameControllerOptions) {
  const { clock, stored } = options;
  const monotonicNow = options.monotonicNow ?? (() => performance.now());
  const prediction = createBallPrediction();
  const serverClock = createServerClock({ wall: clock, monotonicNow });
  const match: MatchFeed = { prediction, serverOffsetMs: () => serverClock.offsetMs() };
  const timers = createControllerTimers(options.timers);
  const listeners = new Set<() => void>();
  const noticeListeners = new Set<(notice: TransactionNotice) => void>();

  let view = initialGameView(stored.sessionId.get(), rejoinHint(stored, clock.now()));
  let published: ControllerSnapshot = { view, connection: IDLE_CONNECTION };
  let connection = IDLE_CONNECTION;
  let identity: string | null = null;
  /**
   * Cluster mode: the game node this socket is on, from `connect.node` or the node its URL named;
   * null with one server process, which names no node.
   */
  let socketNode: string | null = null;
  /**
   * A match the player left while the server could not be told (the socket down): the next `connect` names
   * it, so a stop that interrupted it says what it refunded. Kept until a `held` answers; a reload forgets it.
   */
  let leftUnheard: string | null = null;

  const publish = () => {
    if (onScreenEqual(published.view, view) && published.connection === connection) return;
    published = { view, connection };
    for (const listener of listeners) listener();
  };

  const channel: GameChannel = createGameChannel({
    url() {
      // While a game is stored, every socket goes to its node (the proxy routes `?node=`).
      // So does a game-over screen's socket: the node keeps the match just over for its rematch.
      socketNode = stored.currentGameNode.get();
      return gameSocketUrl(options.page, stored.sessionId.get(), socketNode);
    },
    createSocket: options.createSocket,
    ...(options.network ? { network: options.network } : {}),
    clock,
    timers: options.timers,
    walletAddress: () => options.wallet().publicKey ?? stored.walletAddress.get(),
    serverClock,
    handlers: {
      opened(moved) {
        if (moved && view.gameId !== null) {
          // Followed the match to its node: rejoin at once, the screen unchanged (nothing was lost).
          dispatch({ type: 'socketOpened', resume: null, at: clock.now() });
          sendReconnect();
          return;
        }
        const resume = resumeTarget(stored.currentGameId.get(), stored.lastGameState.get(), clock.now());
        // No match under way to rejoin, but the game-over screen of one just over: asked back at once.
        const finished = resume ? null : finishedGameToRejoin(stored, clock.now());
        const remembered = rememberedGame(stored, resume?.gameId ?? finished);
        dispatch({
          type: 'socketOpened',
          resume,
          rejoiningGameOver: finished !== null,
          remembered,
          at: clock.now(),
        });
        if (resume) timers.later('reconnect', CONTROLLER_TIMING.reconnectDelayMs, () => sendReconnect());
        else if (finished) send(reconnectMessage(finished, options.wallet(), clock.now()));
        else sendConnect();
      },
      message(message) {
        if (message.type === 'connect') socketNode = message.node ?? null;
        // The canvas's own (the reducer ignores them): the ball and the opponent's paddle between keyframes.
        if (message.type === 'ballEvent') prediction.heardBallEvent(message);
        if (message.type === 'opponentPaddle') prediction.heardOpponentPaddle(message, view.playerIndex);
        dispatch({ type: 'server', message, at: clock.now() });
        if (message.type === 'held') {
          leftUnheard = null;
          // The server is reachable again (it says what it holds on every connection): a balance marked
          // stale while it was away, and what it settled meanwhile (a refund at its restart), are read again
          // now, not at the next 30 s poll.
          const kind = message.settled ? 'refund_processed' : 'manual_trigger';
          options.dispatchWalletTransaction?.({ kind });
        }
        // The match lives on another node. Once stored beside the game (transition-effects.ts),
        // the channel's URL names it.
        const matchNode = message.type === 'matched' ? message.node : undefined;
        if (matchNode && matchNode !== socketNode && stored.currentGameNode.get() === matchNode)
          channel.moveNow();
      },
      closed() {
        timers.cancel('reconnect');
        dispatch({ type: 'socketClosed', at: clock.now() });
        // The server holds a live game's seat for its reconnection window (counted from the loss): the
        // channel keeps trying until the window's end.
        const since = view.disconnectedAt ?? null;
        if (since !== null) channel.keepTryingUntil(since + RECONNECTION_WINDOW_MS);
      },
      graceEnded: () => dispatch({ type: 'disconnectGraceEnded', at: clock.now() }),
      gaveUp: () => dispatch({ type: 'reconnectGaveUp', at: clock.now() }),
      sessionEnded(why) {
        // Signed out (a ban's restriction was pushed just before the close and stays with the lobby).
        timers.cancelAll();
        dispatch({ type: 'signedOut', at: clock.now() });
        options.onSessionEnded?.(why);
      },
      error: () => dispatch({ type: 'socketError', at: clock.now() }),
      transaction(notice) {
        // The game over screen says what its game paid (state/match-payout.ts).
        dispatch({
          type: 'server',
          message: { type: 'transaction_notification', transaction: notice },
          at: clock.now(),
        });
        const sent = notice.type === 'refund' && notice.transaction_signature && notice.status !== 'failed';
        if (sent && notice.id !== undefined)
          dispatch({
            type: 'refundNoticed',
            transactionId: String(notice.id),
            signature: notice.transaction_signature!,
            confirmed: notice.status === 'confirmed',
            at: clock.now(),
          });
        for (const listener of noticeListeners) listener(notice);
      },
      connection(info) {
        connection = info;
        publish();
      },
    },
  });

  const paddles = createPaddleSender(clock, options.timers, (position) => {
    if (view.gameId)
      channel.send(
        { type: 'paddleMove', gameId: view.gameId, position, timestamp: clock.now() },
        { queue: false },
      );
  });

  function send(message: ClientMessage, sendOptions?: { queue?: boolean }) {
    channel.send(message, sendOptions);
  }

  const sendConnect = () =>
    send(
      connectMessage(
        options.wallet(),
        clock.now(),
        view.searching && view.gameId === null
          ? { searchId: view.searchId ?? null, paymentSignature: view.paymentSignature }
          : null,
        leftUnheard,
      ),
    );

  /** Leaving a match under way: when the server cannot be told now, the next `connect` names it. */
  function leaving() {
    if (inGame() && view.gameId && !channel.isOpen()) leftUnheard = view.gameId;
  }

  function sendReconnect() {
    if (view.gameId && channel.isOpen()) send(reconnectMessage(view.gameId, options.wallet(), clock.now()));
  }

  const sendFindMatch = (mode: GameModeId, paymentSignature: string | null) =>
    send(
      findMatchMessage(mode, paymentSignature, options.wallet(), clock.now(), view.challengeRequest ?? null),
    );

  const effects = createTransitionEffects({
    clock,
    stored,
    timers,
    prediction,
    serverClock,
    syncClock: () => channel.syncClock(),
    resetPaddles: () => paddles.reset(),
    channelIsOpen: () => channel.isOpen(),
    sendConnect,
    resendFindMatch() {
      if (view.searching && view.gameId === null && view.gameMode && view.paymentSignature)
        sendFindMatch(view.gameMode, view.paymentSignature);
    },
    dispatch: (event) => dispatch(event),
    dispatchWalletTransaction: options.dispatchWalletTransaction,
  });

  function dispatch(event: GameEvent): GameView {
    const before = view;
    view = reduce(before, event);
    if (view !== before) effects(before, view, event);
    // Back in the game, or no game to come back to: SPEC §9's count of attempts applies again.
    if (view !== before && (view.disconnectedAt ?? null) === null) channel.keepTryingUntil(null);
    publish();
    return view;
  }

  /** The cancel the view has started: SPEC §7 several cancelSearch at once plus a backup after 500 ms. */
  function sendCancel() {
    // A findMatch still waiting to go out is simply not sent: the server never heard of this search.
    if (timers.isPending('findMatch')) {
      timers.cancel('findMatch');
      dispatch({ type: 'searchAbandoned', at: clock.now() });
      return;
    }
    const signature = view.paymentSignature;
    const cancelMessage = () => cancelSearchMessage(signature, clock.now());
    for (let i = 0; i < CONTROLLER_TIMING.cancelCopies; i++) send(cancelMessage());
    timers.later('cancelBackup', CONTROLLER_TIMING.cancelBackupMs, () => {
      if (view.cancelling === 'idle') return;
      dispatch({ type: 'cancelBackupDue', at: clock.now() });
      send(cancelMessage());
    });
  }

  const inGame = () => view.gameId !== null && view.gameOver === null && view.state !== 'gameOver';

  return {
    match,
    getSnapshot: () => published,
    /** The reducer's full view (every field current, also those that do not re-render screens). */
    getView: () => view,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The wallet's sign-in state: the channel runs only for a signed-in wallet, and a new one starts afresh. */
    setIdentity(signedIn: boolean, publicKey: string | null) {
      const next = signedIn && publicKey ? publicKey : null;
      if (next === identity) return;
      if (identity !== null) {
        channel.stop();
        timers.cancelAll();
        dispatch({ type: 'signedOut', at: clock.now() });
      }
      identity = next;
      if (next !== null) channel.start();
    },

    findMatch(mode: GameModeId, paymentSignature?: string, challenge?: ChallengeRequest) {
      const before = view;
      dispatch({
        type: 'findMatch',
        mode,
        paymentSignature: paymentSignature ?? null,
        at: clock.now(),
        ...(challenge ? { challenge } : {}),
      });
      if (view === before || !view.searching) return;
      timers.later('findMatch', CONTROLLER_TIMING.findMatchDelayMs, () =>
        sendFindMatch(mode, view.paymentSignature),
      );
    },

    playHouseBot() {
      if (view.searching && view.gameMode === 'practice' && view.gameId === null)
        send({ type: 'playHouseBot' });
    },

    cancelSearch() {
      const before = view;
      dispatch({ type: 'cancelSearch', at: clock.now() });
      if (view !== before) sendCancel();
    },

    paddleMove(position: number) {
      if (!view.gameId || !PADDLE_STATES.has(view.state) || !channel.isOpen()) return;
      paddles.move(position);
    },

    playAgain() {
      const gameId = view.gameId;
      const mode = view.gameMode;
      send({ type: 'playAgain', ...(gameId ? { gameId } : {}) });
      dispatch({ type: 'playAgain', at: clock.now() });
      if (view.searching && mode) {
        timers.later('findMatch', CONTROLLER_TIMING.findMatchDelayMs, () => sendFindMatch(mode, null));
      }
    },

    exit() {
      if (view.searching && view.gameId === null) {
        // SPEC §4: a search is left by cancelling it; a paid one under 10 s old is not left at all (the
        // reducer says why), so nothing is sent that the server would refuse while the lobby showed.
        const before = view;
        dispatch({ type: 'exit', at: clock.now() });
        if (before.cancelling === 'idle' && view.cancelling !== 'idle') sendCancel();
        return;
      }
      const gameId = view.gameId;
      leaving();
      send({ type: 'exit', ...(gameId ? { gameId } : {}) });
      stored.clearGame();
      dispatch({ type: 'exit', at: clock.now() });
    },

    forceDisconnect() {
      const gameId = view.gameId;
      leaving();
      send({ type: 'forceDisconnect', ...(gameId ? { gameId } : {}) });
      stored.clearGame();
      dispatch({ type: 'forceDisconnect', at: clock.now() });
    },

    reconnectNow() {
      if (!view.isDisconnected) return;
      // No seat to take back (the lobby, a search): the connection banner's 'Try again now'.
      if (!view.canReconnect) {
        if (!channel.isOpen()) channel.reconnectNow();
        return;
      }
      dispatch({ type: 'reconnectAttempt', at: clock.now() });
      if (channel.isOpen()) sendReconnect();
      else channel.reconnectNow();
    },

    dismissSettled() {
      dispatch({ type: 'settledDismissed', at: clock.now() });
    },

    returnToMenu() {
      leaving();
      // Leaving a game that is still on (a lost connection's screen): the server is told, if it can be.
      if (inGame() && channel.isOpen() && view.gameId)
        send({ type: 'exit', gameId: view.gameId }, { queue: false });
      // Leaving a game-over screen: the server tells the opponent that no rematch will come.
      else if (view.gameId && !inGame() && channel.isOpen())
        send({ type: 'playAgain', gameId: view.gameId }, { queue: false });
      stored.clearGame();
      dispatch({ type: 'returnToMenu', at: clock.now() });
    },

    onTransactionNotification(listener: (notice: TransactionNotice) => void): () => void {
      noticeListeners.add(listener);
      return () => noticeListeners.delete(listener);
    },

    dispose() {
      channel.dispose();
      paddles.reset();
      timers.cancelAll();
      listeners.clear();
      noticeListeners.clear();
    },
  };
}

export type GameController = ReturnType<typeof createGameController>;
