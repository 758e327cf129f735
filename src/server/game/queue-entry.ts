import type { GameModeId } from '../../common/game-modes.ts';

/**
 * What a search is, as the matchmaker, the queue's rows and the game server share it (its own file, so the
 * queue's rows need not import the matchmaker that writes them).
 */

/** A searching player as the matchmaker sees them: a proven wallet and where to reach them. */
export interface QueuePlayer {
  /** The socket that searched; messages for this entry go there. */
  linkId: string;
  playerSessionId: string;
  walletAddress: string;
  displayName: string;
  ip: string | null;
  userAgent: string | null;
}

/** A verified entry fee (the money issue's verifier); absent in practice. */
export interface PaidEntry {
  transactionId: string;
  signature: string;
  lamports: bigint;
}

/** A private search a friend accepts by its link: never in the public queue, closed unaccepted at `expiresAt`. */
export interface OpenChallenge {
  code: string;
  expiresAt: number;
  /** A rematch offer: the game just played, whose other player alone may take it. */
  rematchOf?: string;
}

export interface QueueEntry {
  id: string;
  mode: GameModeId;
  player: QueuePlayer;
  joinedAt: number;
  paid: PaidEntry | null;
  /** Set when this search is a challenge; absent for a search of the public queue. */
  challenge?: OpenChallenge;
}

export type CloseStatus = 'cancelled' | 'disconnected' | 'timed_out' | 'error';
