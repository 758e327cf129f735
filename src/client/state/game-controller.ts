import type { Clock } from '../../common/clock.ts';
import type { GameModeId } from '../../common/game-modes.ts';
import type { ClientMessage, ServerMessage } from '../../common/protocol.ts';
import { createGameChannel, type GameChannel } from '../game-channel/game-channel.ts';
import { gameSocketUrl, type SocketFactory } from '../game-channel/socket.ts';
import type { TimerHandle, Timers } from '../game-channel/timers.ts';
import { recordGameResult } from '../storage/stats.ts';
import type { StoredValues } from '../storage/stored-values.ts';
import type { ConnectionInfo, SnapshotBuffer, TransactionNotice } from './game-api.ts';
import type { GameEvent } from './game-events.ts';
import type { GameView } from './game-view.ts';
import { IDLE_CONNECTION, initialGameView } from './initial-view.ts';
import {
  cancelSearchMessage,
  connectMessage,
  findMatchMessage,
  reconnectMessage,
} from './outgoing-messages.ts';
import { createPaddleSender } from './paddle-sender.ts';
import { resumeTarget } from './rapid-refresh.ts';
import { reduce } from './reduce.ts';
import { normaliseGameId } from './reduce-game.ts';
import { createSnapshotBuffer } from './snapshot-buffer.ts';
import { onScreenEqual } from './view-publishing.ts';
import type { WalletTransactionDetail } from './wallet-transaction-event.ts';

/** SPEC §4/§9 delays the provider owns. */
export const CONTROLLER_TIMING = {
  /** Find match: searching is set, then findMatch is sent about 50 ms later. */
  findMatchDelayMs: 50,
  /** On open with a stored game id, the reconnect goes out after 500 ms. */
  reconnectDelayMs: 500,
  /** The backup cancelSearch. */
  cancelBackupMs: 500,
  /** cancelSearch is sent this many times at once (the server answers repeats idempotently). */
  cancelCopies: 3,
  /** The opponent-disconnected overlay's safety net. */
  overlaySafetyNetMs: 35_000,
  /** The stored last game state is written at most this often while the state stays the same. */
  lastStateWriteMs: 1_000,
  /** SPEC §9: the opponent-found countdown, before the pre-game countdown. */
  opponentFoundMs: 3_000,
  /**
   * How long the pre-game countdown's 'GO!' shows once the server's countdown reached 0: half of the first
   * serve's second, so the canvas's 'GET READY' (SPEC §2) shows for the other half.
   */
  goShownMs: 500,
} as const;

/** The states in which the player's paddle moves mean something to the server. */
const PADDLE_STATES = new Set(['countdown', 'firstServe', 'playing', 'roundEnd']);

export interface WalletFacts {
  publicKey: string | null;
  balanceLamports: bigint | null;
}

export interface GameControllerOptions {
  clock: Clock;
  timers: Timers;
  stored: StoredValues;
  createSocket: SocketFactory;
  /** The page the socket's URL is built from (SPEC §7: the same host, wss on https). */
  page: { protocol: string; host: string };
  wallet: () => WalletFacts;
  /** performance.now() for snapshot arrival times. */
  monotonicNow?: () => number;
  /** Where `refund_processed` and transaction events go (the window in a browser). */
  dispatchWalletTransaction?: (detail: WalletTransactionDetail) => void;
}

export interface ControllerSnapshot {
  view: GameView;
  connection: ConnectionInfo;
}

/**
 * The game provider's engine, outside React so that it is tested with a fake socket and fake timers: the
 * reducer's view, the channel, and every effect of a transition (sending, storage, stats, timers).
 */
export function createGameController(options: GameControllerOptions) {
  const { clock, timers, stored } = options;
  const monotonicNow = options.monotonicNow ?? (() => performance.now());
  const snapshots = createSnapshotBuffer();
  const listeners = new Set<() => void>();
  const noticeListeners = new Set<(notice: TransactionNotice) => void>();

  let view = initialGameView(stored.sessionId.get());
  let published: ControllerSnapshot = { view, connection: IDLE_CONNECTION };
  let connection = IDLE_CONNECTION;
  let identity: string | null = null;
  let lastStateWrite = { state: '', at: Number.NEGATIVE_INFINITY };
  const timer: Record<
    'findMatch' | 'reconnect' | 'cancelBackup' | 'overlay' | 'window' | 'opponentFound' | 'go',
    TimerHandle | null
  > = {
    findMatch: null,
    reconnect: null,
    cancelBackup: null,
    overlay: null,
    window: null,
    opponentFound: null,
    go: null,
  };

  const later = (name: keyof typeof timer, ms: number, run: () => void) => {
    cancel(name);
    timer[name] = timers.setTimeout(() => {
      timer[name] = null;
      run();
    }, ms);
  };
  function cancel(name: keyof typeof timer) {
    if (timer[name] !== null) timers.clearTimeout(timer[name]);
    timer[name] = null;
  }

  const publish = () => {
    if (onScreenEqual(published.view, view) && published.connection === connection) return;
    published = { view, connection };
    for (const listener of listeners) listener();
  };

  const channel: GameChannel = createGameChannel({
    url: () => gameSocketUrl(options.page, stored.sessionId.get()),
    createSocket: options.createSocket,
    clock,
    timers,
    walletAddress: () => options.wallet().publicKey ?? stored.walletAddress.get(),
    handlers: {
      opened() {
        const resume = resumeTarget(stored.currentGameId.get(), stored.lastGameState.get(), clock.now());
        dispatch({ type: 'socketOpened', resume, at: clock.now() });
        if (resume) later('reconnect', CONTROLLER_TIMING.reconnectDelayMs, () => sendReconnect());
        else sendConnect();
      },
      message: (message) => dispatch({ type: 'server', message, at: clock.now() }),
      closed() {
        cancel('reconnect');
        dispatch({ type: 'socketClosed', at: clock.now() });
      },
      graceEnded: () => dispatch({ type: 'disconnectGraceEnded', at: clock.now() }),
      gaveUp: () => dispatch({ type: 'reconnectGaveUp', at: clock.now() }),
      error: () => dispatch({ type: 'socketError', at: clock.now() }),
      transaction(notice) {
        for (const listener of noticeListeners) listener(notice);
      },
      connection(info) {
        connection = info;
        publish();
      },
    },
  });

  const paddles = createPaddleSender(clock, timers, (position) => {
    if (view.gameId)
      channel.send(
        { type: 'paddleMove', gameId: view.gameId, position, timestamp: clock.now() },
        { queue: false },
      );
  });

  function send(message: ClientMessage, sendOptions?: { queue?: boolean }) {
    channel.send(message, sendOptions);
  }

  const sendConnect = () => send(connectMessage(options.wallet(), clock.now()));

  function sendReconnect() {
    if (view.gameId && channel.isOpen()) send(reconnectMessage(view.gameId, options.wallet(), clock.now()));
  }

  const sendFindMatch = (mode: GameModeId, paymentSignature: string | null) =>
    send(findMatchMessage(mode, paymentSignature, options.wallet(), clock.now()));

  function dispatch(event: GameEvent): GameView {
    const before = view;
    view = reduce(before, event);
    if (view !== before) effects(before, view, event);
    publish();
    return view;
  }

  /** What follows from a transition: storage, stats, snapshots and the timers of SPEC §4/§9. */
  function effects(before: GameView, after: GameView, event: GameEvent) {
    const message: ServerMessage | null = event.type === 'server' ? event.message : null;
    if (message?.type === 'connect') stored.sessionId.set(message.sessionId);
    if (message?.type === 'matched' && after.gameId) {
      snapshots.clear();
      paddles.reset();
      stored.currentGameId.set(after.gameId);
      rememberState(after, true);
    }
    if (message?.type === 'gameState' && after.lastStateTimestamp !== before.lastStateTimestamp) {
      snapshots.push(message.data, monotonicNow());
      rememberState(after, false);
    }
    if (message?.type === 'reconnectionSuccess' && after.gameId) {
      snapshots.push(message.gameState, monotonicNow());
      stored.currentGameId.set(after.gameId);
      rememberState(after, true);
    }
    if (message?.type === 'cancelSearch' && message.refundLamports) {
      options.dispatchWalletTransaction?.({ kind: 'refund_processed' });
    }
    if (after.gameOver && !before.gameOver && after.gameId) {
      // SPEC §4: the stored game id is cleared at game over; the stats count each game once.
      stored.clearGame();
      recordGameResult(stored, after.gameId, after.gameOver.outcome === 'win');
    }
    if (message?.type === 'reconnectionFailed' && message.clearStoredGameId && channel.isOpen()) {
      // No game to return to: this socket says hello as one without a stored game does.
      sendConnect();
    }
    if (before.gameId !== null && after.gameId === null) {
      // The game is gone from the view (cleanup, failed reconnect, exit, menu): from storage too. Signing
      // out keeps it: the next sign-in's reconnect finds out whether the seat is still this browser's.
      const storedId = normaliseGameId(stored.currentGameId.get() ?? '');
      if (event.type !== 'signedOut' && (event.type !== 'server' || storedId === before.gameId)) {
        stored.clearGame();
      }
      snapshots.clear();
      paddles.reset();
    }
    if (!after.searching) cancel('findMatch');
    if (after.cancelling === 'idle') cancel('cancelBackup');
    overlaySafetyNet(before, after, message);
    ownWindowTicker(after);
    preGameScreens(before, after);
  }

  /** SPEC §2/§9: the opponent-found screen's 3 s, then the pre-game countdown; 'GO!' for its moment. */
  function preGameScreens(before: GameView, after: GameView) {
    if (after.opponentFoundAt == null) cancel('opponentFound');
    else if (before.opponentFoundAt !== after.opponentFoundAt)
      later('opponentFound', CONTROLLER_TIMING.opponentFoundMs, () =>
        dispatch({ type: 'opponentFoundElapsed', at: clock.now() }),
      );
    if (after.goAt == null) cancel('go');
    else if (before.goAt !== after.goAt)
      later('go', CONTROLLER_TIMING.goShownMs, () => dispatch({ type: 'goElapsed', at: clock.now() }));
  }

  /** SPEC §4 last game state: on a new state at once, else at most once a second (not 60 writes a second). */
  function rememberState(after: GameView, force: boolean) {
    if (!after.gameId || after.playerIndex === null) return;
    const now = clock.now();
    const changed = lastStateWrite.state !== after.state;
    if (!force && !changed && now - lastStateWrite.at < CONTROLLER_TIMING.lastStateWriteMs) return;
    lastStateWrite = { state: after.state, at: now };
    stored.lastGameState.set({
      gameId: after.gameId,
      state: after.state,
      timestamp: now,
      playerIndex: after.playerIndex,
    });
  }

  function overlaySafetyNet(before: GameView, after: GameView, message: ServerMessage | null) {
    if (!after.reconnectionWindowActive) return cancel('overlay');
    if (before.reconnectionWindowActive && message?.type !== 'playerTemporarilyDisconnected') return;
    later('overlay', CONTROLLER_TIMING.overlaySafetyNetMs, () =>
      dispatch({ type: 'opponentOverlayExpired', at: clock.now() }),
    );
  }

  /** This player's own window counts down a second at a time while its reconnect is possible. */
  function ownWindowTicker(after: GameView) {
    const counting = after.isDisconnected && after.canReconnect && after.reconnectionTimeLeft !== null;
    if (!counting) return cancel('window');
    if (timer.window !== null) return;
    const tick = () => {
      timer.window = null;
      dispatch({ type: 'reconnectionSecond', at: clock.now() });
    };
    timer.window = timers.setTimeout(tick, 1_000);
  }

  /** The cancel the view has started: SPEC §7 several cancelSearch at once plus a backup after 500 ms. */
  function sendCancel() {
    // A findMatch still waiting to go out is simply not sent: the server never heard of this search.
    if (timer.findMatch !== null) {
      cancel('findMatch');
      dispatch({ type: 'searchAbandoned', at: clock.now() });
      return;
    }
    const signature = view.paymentSignature;
    const cancelMessage = () => cancelSearchMessage(signature, clock.now());
    for (let i = 0; i < CONTROLLER_TIMING.cancelCopies; i++) send(cancelMessage());
    later('cancelBackup', CONTROLLER_TIMING.cancelBackupMs, () => {
      if (view.cancelling === 'idle') return;
      dispatch({ type: 'cancelBackupDue', at: clock.now() });
      send(cancelMessage());
    });
  }

  const inGame = () => view.gameId !== null && view.gameOver === null && view.state !== 'gameOver';

  return {
    snapshots: snapshots as SnapshotBuffer,
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
        for (const name of Object.keys(timer) as Array<keyof typeof timer>) cancel(name);
        dispatch({ type: 'signedOut', at: clock.now() });
      }
      identity = next;
      if (next !== null) channel.start();
    },

    findMatch(mode: GameModeId, paymentSignature?: string) {
      const before = view;
      dispatch({ type: 'findMatch', mode, paymentSignature: paymentSignature ?? null, at: clock.now() });
      if (view === before || !view.searching) return;
      later('findMatch', CONTROLLER_TIMING.findMatchDelayMs, () =>
        sendFindMatch(mode, view.paymentSignature),
      );
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
        later('findMatch', CONTROLLER_TIMING.findMatchDelayMs, () => sendFindMatch(mode, null));
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
      send({ type: 'exit', ...(gameId ? { gameId } : {}) });
      stored.clearGame();
      dispatch({ type: 'exit', at: clock.now() });
    },

    forceDisconnect() {
      const gameId = view.gameId;
      send({ type: 'forceDisconnect', ...(gameId ? { gameId } : {}) });
      stored.clearGame();
      dispatch({ type: 'forceDisconnect', at: clock.now() });
    },

    reconnectNow() {
      if (!view.isDisconnected || !view.canReconnect) return;
      dispatch({ type: 'reconnectAttempt', at: clock.now() });
      if (channel.isOpen()) sendReconnect();
      else channel.reconnectNow();
    },

    returnToMenu() {
      // Leaving a game that is still on (a lost connection's screen): the server is told, if it can be.
      if (inGame() && channel.isOpen() && view.gameId)
        send({ type: 'exit', gameId: view.gameId }, { queue: false });
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
      for (const name of Object.keys(timer) as Array<keyof typeof timer>) cancel(name);
      listeners.clear();
      noticeListeners.clear();
    },
  };
}

export type GameController = ReturnType<typeof createGameController>;
