import { createContext, useContext } from 'react';
import type { ConnectionQuality } from '../../common/connection-quality.ts';
import type { GameModeId } from '../../common/game-modes.ts';
import type { GameData } from '../../common/protocol.ts';
import type { GameView } from './game-view.ts';

/**
 * What screens may know of the game (ARCHITECTURE "The client"): the reducer's view, the connection's
 * health, the snapshot buffer the canvas reads, and actions. Only game-channel/ touches the socket; the
 * game provider implements this and screens read it with useGame().
 */

/** Server snapshots for the canvas, kept outside React (STYLE.md 8). */
export interface TimedSnapshot {
  data: GameData;
  /** performance.now() when it arrived. */
  receivedAt: number;
}
export interface SnapshotBuffer {
  /** The last two snapshots of the current game (older first), or fewer. */
  latest(): readonly TimedSnapshot[];
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
}

/** A `transaction_notification`'s transaction, as the server sent it (SPEC §3 transaction record fields). */
export type TransactionNotice = Record<string, unknown>;

export interface GameApi {
  view: GameView;
  connection: ConnectionInfo;
  snapshots: SnapshotBuffer;
  /** SPEC §4 find match: searching is set, then findMatch is sent ~50 ms later. */
  findMatch(mode: GameModeId, paymentSignature?: string): void;
  cancelSearch(): void;
  /** SPEC §5 paddle rules are applied here (numeric, one decimal, > 2 change, 16 ms throttle, 0-600). */
  paddleMove(position: number): void;
  playAgain(): void;
  exit(): void;
  forceDisconnect(): void;
  reconnectNow(): void;
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
