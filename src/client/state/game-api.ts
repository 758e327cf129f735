import { createContext, useContext } from 'react';
import type { TransactionNotice } from '../../common/api/transaction-notice.ts';
import type { ConnectionQuality } from '../../common/connection-quality.ts';
import type { GameModeId } from '../../common/game-modes.ts';
import type { BallPredictionView } from '../game/ball-prediction.ts';
import type { ChallengeRequest, GameView } from './game-view.ts';

/**
 * What screens may know of the game (ARCHITECTURE "The client"): the reducer's view, the connection's
 * health, the match feed the canvas reads, and actions. Only game-channel/ touches the socket; the
 * game provider implements this and screens read it with useGame().
 */

/**
 * What the canvas reads of the match between renders, kept outside React (STYLE.md 8): the ball's prediction
 * (fed with the current game's keyframes, ball events and paddle reports) and the server's clock.
 */
export interface MatchFeed {
  prediction: BallPredictionView;
  /** Server time minus performance.now() (ms), estimated from the pings' pongs; null before any. */
  serverOffsetMs(): number | null;
}

export type ChannelStatus = 'idle' | 'connecting' | 'open' | 'pendingDisconnect' | 'lost';

export interface ConnectionInfo {
  status: ChannelStatus;
  /** Average of the last 10 ping round trips, ms. */
  pingMs: number | null;
  quality: ConnectionQuality;
  /** SPEC §4: excellent 100, good 75, fair 50, poor 25. */
  qualityScore: number;
  reconnectAttempts: number;
  /** The socket is down and the channel is trying to open it again (a retry pending or under way). */
  retrying: boolean;
}

/** A `transaction_notification`'s transaction, as the server sent it (SPEC §3 transaction record fields). */
export type { TransactionNotice };

export interface GameApi {
  view: GameView;
  connection: ConnectionInfo;
  match: MatchFeed;
  /** SPEC §4 find match: searching is set, then findMatch is sent ~50 ms later. */
  findMatch(mode: GameModeId, paymentSignature?: string, challenge?: ChallengeRequest): void;
  cancelSearch(): void;
  /** The house bot takes this Free Play search (offered after 15 s alone in the queue). */
  playHouseBot(): void;
  /** SPEC §5 paddle rules are applied here (numeric, one decimal, > 2 change, 16 ms throttle, 0-600). */
  paddleMove(position: number): void;
  playAgain(): void;
  exit(): void;
  forceDisconnect(): void;
  /** The reconnect dialog's 'Reconnect Now'; with no game, the connection banner's 'Try again now'. */
  reconnectNow(): void;
  /** The lobby's notice of a search the server closed has been read. */
  dismissSettled(): void;
  /** Back to the lobby from a game-over or connection-lost screen. */
  returnToMenu(): void;
  /** Every transaction_notification (already de-duplicated by id); returns an unsubscribe. */
  onTransactionNotification(listener: (notice: TransactionNotice) => void): () => void;
}

export const GameContext = createContext<GameApi | null>(null);

/** SPEC §8: using the game context outside its provider throws an error. */
export function useGame(): GameApi {
  const api = useContext(GameContext);
  if (!api) throw new Error('useGame must be used within a GameProvider');
  return api;
}
