import type { Clock } from '../../common/clock.ts';
import type { ServerMessage } from '../../common/protocol.ts';
import type { BallPrediction } from '../game/ball-prediction.ts';
import type { ServerClock } from '../game-channel/server-clock.ts';
import type { GameEvent } from '../state/game-events.ts';
import type { GameView } from '../state/game-view.ts';
import { paymentRetryDelayMs } from '../state/payment-retry.ts';
import { normaliseGameId } from '../state/reduce-game.ts';
import type { WalletTransactionDetail } from '../state/wallet-transaction-event.ts';
import { recordGameResult } from '../storage/stats.ts';
import type { StoredValues } from '../storage/stored-values.ts';
import type { ControllerTimers } from './controller-timers.ts';
import { CONTROLLER_TIMING } from './controller-timing.ts';
import { createLastStateMemory } from './last-state-memory.ts';

export interface TransitionEffectsDeps {
  clock: Clock;
  stored: StoredValues;
  timers: ControllerTimers;
  /** The canvas's prediction: fed the keyframes the reducer took, forgotten with the game. */
  prediction: BallPrediction;
  /** The server clock's estimate: a keyframe stands in for it before the first pong. */
  serverClock: Pick<ServerClock, 'keyframe'>;
  /** A match starts or is rejoined: a few pings for the clock's estimate (game-channel's syncClock). */
  syncClock(): void;
  /** Forgets the paddle sender's last position and pending move. */
  resetPaddles(): void;
  channelIsOpen(): boolean;
  /** Says hello on the open socket as one without a stored game does. */
  sendConnect(): void;
  /** Sends the search's findMatch again, with the payment signature it already has. */
  resendFindMatch(): void;
  /** Feeds a timer's event back into the reducer. */
  dispatch(event: GameEvent): void;
  dispatchWalletTransaction?: (detail: WalletTransactionDetail) => void;
}

/**
 * What follows from a reducer transition (the reducer itself stays pure): storage, stats, the ball's
 * prediction and the timers of SPEC §4/§9. Returns the function the controller calls after each change.
 */
export function createTransitionEffects(deps: TransitionEffectsDeps) {
  const { clock, stored, timers, prediction } = deps;
  const lastState = createLastStateMemory(clock, stored);
  const at = () => clock.now();

  /** SPEC §2/§9: the opponent-found screen's 3 s, then the pre-game countdown; 'GO!' for its moment. */
  function preGameScreens(before: GameView, after: GameView) {
    if (after.opponentFoundAt == null) timers.cancel('opponentFound');
    else if (before.opponentFoundAt !== after.opponentFoundAt)
      timers.later('opponentFound', CONTROLLER_TIMING.opponentFoundMs, () =>
        deps.dispatch({ type: 'opponentFoundElapsed', at: at() }),
      );
    if (after.goAt == null) timers.cancel('go');
    else if (before.goAt !== after.goAt)
      timers.later('go', CONTROLLER_TIMING.goShownMs, () => deps.dispatch({ type: 'goElapsed', at: at() }));
  }

  /** SPEC §4/§9: the opponent-disconnected overlay is cleared after 35 s whatever the server says. */
  function overlaySafetyNet(before: GameView, after: GameView, message: ServerMessage | null) {
    if (!after.reconnectionWindowActive) return timers.cancel('overlay');
    if (before.reconnectionWindowActive && message?.type !== 'playerTemporarilyDisconnected') return;
    timers.later('overlay', CONTROLLER_TIMING.overlaySafetyNetMs, () =>
      deps.dispatch({ type: 'opponentOverlayExpired', at: at() }),
    );
  }

  /** This player's own window counts down a second at a time while its reconnect is possible. */
  function ownWindowTicker(after: GameView) {
    const counting = after.isDisconnected && after.canReconnect && after.reconnectionTimeLeft !== null;
    if (!counting) return timers.cancel('window');
    if (timers.isPending('window')) return;
    timers.later('window', 1_000, () => deps.dispatch({ type: 'reconnectionSecond', at: at() }));
  }

  function forgetGame() {
    prediction.reset();
    deps.resetPaddles();
  }

  return function effects(before: GameView, after: GameView, event: GameEvent) {
    const message: ServerMessage | null = event.type === 'server' ? event.message : null;
    if (message?.type === 'connect') stored.sessionId.set(message.sessionId);
    if (message?.type === 'matched' && after.gameId) {
      forgetGame();
      stored.currentGameId.set(after.gameId);
      // The node the match lives on (cluster mode), kept beside the game id and cleared with it.
      stored.currentGameNode.set(message.node ?? null);
      lastState.remember(after, true);
      deps.syncClock();
    }
    if (message?.type === 'gameState' && after.lastStateTimestamp !== before.lastStateTimestamp) {
      deps.serverClock.keyframe(message.data.timestamp);
      prediction.heardKeyframe(message.data);
      lastState.remember(after, false);
    }
    if (message?.type === 'reconnectionSuccess' && after.gameId) {
      // A reload or a reconnection: the prediction starts again from this keyframe, with the same code.
      deps.serverClock.keyframe(message.gameState.timestamp);
      prediction.heardKeyframe(message.gameState, true);
      deps.syncClock();
      // A game-over screen taken back is not a current game (SPEC §4 forgets that at game over).
      if (after.gameOver === null) {
        stored.currentGameId.set(after.gameId);
        lastState.remember(after, true);
      }
    }
    if (message?.type === 'cancelSearch' && message.refundLamports) {
      deps.dispatchWalletTransaction?.({ kind: 'refund_processed' });
    }
    if (after.gameOver && !before.gameOver && after.gameId) {
      // SPEC §4: the stored game id is cleared at game over; the stats count each game once. The last game
      // state says game over (its node kept), so a reload within the rematch window comes back to that screen.
      stored.currentGameId.clear();
      const last = stored.lastGameState.get();
      const seedHash = after.seedHash ?? (last?.gameId === after.gameId ? last.seedHash : undefined);
      if (after.playerIndex !== null && (last?.gameId !== after.gameId || last.state !== 'gameOver'))
        stored.lastGameState.set({
          gameId: after.gameId,
          state: 'gameOver',
          timestamp: after.gameOverAt ?? at(),
          playerIndex: after.playerIndex,
          scores: [after.gameOver.scores[0], after.gameOver.scores[1]],
          ...(seedHash ? { seedHash } : {}),
        });
      recordGameResult(stored, after.gameId, after.gameOver.outcome === 'win');
    }
    if (message?.type === 'reconnectionFailed' && message.clearStoredGameId) {
      stored.clearGame();
      // No game to return to: this socket says hello as one without a stored game does.
      if (deps.channelIsOpen()) deps.sendConnect();
    }
    if (before.gameId !== null && after.gameId === null) {
      // The game is gone from the view (cleanup, failed reconnect, exit, menu): from storage too. Signing
      // out keeps it: the next sign-in's reconnect finds out whether the seat is still this browser's.
      const storedId = normaliseGameId(stored.currentGameId.get() ?? '');
      if (event.type !== 'signedOut' && (event.type !== 'server' || storedId === before.gameId)) {
        stored.clearGame();
      }
      forgetGame();
    }
    if (!after.searching) timers.cancel('findMatch');
    // A passing refusal of the paid search: the same findMatch goes again after the backoff's wait.
    const retry = after.paymentRetry ?? null;
    if (after.searching && retry && retry.attempt !== (before.paymentRetry?.attempt ?? 0)) {
      timers.later('findMatch', paymentRetryDelayMs(retry.attempt), deps.resendFindMatch);
    }
    if (after.cancelling === 'idle') timers.cancel('cancelBackup');
    overlaySafetyNet(before, after, message);
    ownWindowTicker(after);
    preGameScreens(before, after);
  };
}
