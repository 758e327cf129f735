import type { GameModeId } from '../../common/game-modes.ts';
import type { GameStateName, ServerMessage } from '../../common/protocol.ts';
import type { ChallengeRequest, RememberedGame } from './game-view.ts';

/**
 * Everything that changes the client game-state view (ARCHITECTURE "The client"): each server message, the
 * socket's life, the player's actions and the timers the provider runs. Every event carries the time it
 * happened (epoch ms from the injected clock), so the reducer stays pure.
 */

/** The game a newly opened socket should rejoin (SPEC §4: the stored game id, or a rapid refresh). */
export interface ResumeTarget {
  gameId: string;
  /**
   * From a last game state under 15 s old (rapid refresh): the screen it was on, the seat, and the score
   * then (shown until the first snapshot, rather than 0-0).
   */
  rapid: { state: GameStateName; playerIndex: 0 | 1; scores?: [number, number] } | null;
}

export type GameEvent =
  | { type: 'server'; message: ServerMessage; at: number }
  /** The socket opened; with a game to rejoin, the reconnect is sent 500 ms later by the provider. */
  | {
      type: 'socketOpened';
      resume: ResumeTarget | null;
      /**
       * No game under way to rejoin, but a game-over screen of a match just over (a reload within its
       * rematch window): the reconnect for it goes out at once, and the page waits for its answer.
       */
      rejoiningGameOver?: boolean;
      /** What this browser stored of the game it rejoins (a reload heard no `matched`). */
      remembered?: RememberedGame | null;
      at: number;
    }
  /** The socket closed: the pending-disconnect grace starts (SPEC §9 2000 ms). */
  | { type: 'socketClosed'; at: number }
  | { type: 'socketError'; at: number }
  /** Still closed 2 s after it closed: the disconnect UI shows. */
  | { type: 'disconnectGraceEnded'; at: number }
  /** SPEC §9: 5 reconnect attempts failed. */
  | { type: 'reconnectGaveUp'; at: number }
  /** The wallet signed out or changed: no game channel, nothing of the last player's game. */
  | { type: 'signedOut'; at: number }
  | {
      type: 'findMatch';
      mode: GameModeId;
      paymentSignature: string | null;
      at: number;
      /** Challenge a friend: open one, or accept the one of this code. */
      challenge?: ChallengeRequest;
    }
  | { type: 'cancelSearch'; at: number }
  /** A search cancelled before its findMatch went out (within the ~50 ms delay): nothing to ask the server. */
  | { type: 'searchAbandoned'; at: number }
  /** SPEC §7: the backup cancelSearch goes out 500 ms after the first ones. */
  | { type: 'cancelBackupDue'; at: number }
  | { type: 'playAgain'; at: number }
  | { type: 'exit'; at: number }
  | { type: 'forceDisconnect'; at: number }
  | { type: 'returnToMenu'; at: number }
  /** A transaction notification: a refund the lobby's notice names may have been sent (its ledger id). */
  | { type: 'refundNoticed'; transactionId: string; signature: string; confirmed: boolean; at: number }
  /** The lobby's notice of a search the server closed (`held`) has been read. */
  | { type: 'settledDismissed'; at: number }
  /** 'Reconnect Now' (or the dialog's automatic attempt 1 s after it opens). */
  | { type: 'reconnectAttempt'; at: number }
  /** One second of this player's own reconnection window passed while its socket was down. */
  | { type: 'reconnectionSecond'; at: number }
  /** SPEC §9: the opponent-disconnected overlay's 35 s safety net ran out. */
  | { type: 'opponentOverlayExpired'; at: number }
  /** SPEC §9: the opponent-found countdown's 3 s are over; the pre-game countdown shows. */
  | { type: 'opponentFoundElapsed'; at: number }
  /** The pre-game countdown's 'GO!' has been shown for its moment; the game screen shows. */
  | { type: 'goElapsed'; at: number };

export type GameEventType = GameEvent['type'];
