import type { Clock } from '../../../common/clock.ts';
import type { PlayerIndex } from '../../../common/game/physics.ts';
import type { MatchRecord } from '../../../common/game/replay.ts';
import type { GameModeId } from '../../../common/game-modes.ts';
import type { GameData, ServerMessage, ServerMessageOf } from '../../../common/protocol.ts';
import type { LeaveHow, MatchCompletionStatus, MatchEnd, ReconnectResult } from './match-outcome.ts';
import type { MatchSnapshot } from './match-snapshots.ts';
import type { ConnectionLogEntry } from './reconnection-tracker.ts';

export interface SeatInfo {
  walletAddress: string;
  displayName: string;
  sessionId: string;
  ip: string | null;
  userAgent: string | null;
}

export interface MatchOptions {
  /** The game id (uuid). */
  id: string;
  mode: GameModeId;
  /** Index 0 plays the left paddle, 1 the right. */
  seats: readonly [SeatInfo, SeatInfo];
  /** 32 lowercase hex characters, drawn by the caller from a cryptographic source; revealed in gameOver. */
  seed: string;
  /** The pre-game countdown players see (SPEC §2: default 5). */
  countdownSeconds: number;
  /**
   * Seconds before that countdown starts to show, while clients show 'OPPONENT FOUND!' (default 0). The
   * physics counts down lead-in + countdown; snapshots never show more than `countdownSeconds`.
   */
  leadInSeconds?: number;
  clock: Clock;
  /** The outbox: the gateway delivers the message if that seat has a live socket, and drops it otherwise. */
  send(playerIndex: PlayerIndex, message: ServerMessage): void;
  /** Called exactly once, with what the recorder persists in one database transaction. */
  onEnd(result: MatchResult): void;
  /**
   * A challenge's (or a rematch offer's) challenger: if its seat never joined the match and its window runs
   * out, no result is made: `onCancel` is called once instead (both entries are then refunded in full). The
   * challenger did not enter this match as a queued player enters one; a public match has none of this, so
   * a no-show there still forfeits (nobody dodges an opponent for free).
   */
  challengerSeat?: PlayerIndex;
  onCancel?(at: number): void;
}

/** What the recorder persists when a match ends (SPEC §3 game audit). */
export interface MatchResult {
  id: string;
  mode: GameModeId;
  seats: readonly [SeatInfo, SeatInfo];
  /** Clock ms: when the match was created (its countdown began) and when it ended. */
  startedAt: number;
  endedAt: number;
  /** Time in play: endedAt − startedAt without the time spent paused for a reconnection. */
  durationMs: number;
  pausedMs: number;
  winner: PlayerIndex;
  scores: [number, number];
  end: MatchEnd;
  completionStatus: MatchCompletionStatus;
  /** Socket closes per seat during the match (the SPEC §3 disconnectCount is their sum). */
  disconnectCounts: [number, number];
  stats: { ballHits: number; rallyCount: number; longestRally: number; maxBallSpeed: number };
  /** Physics steps run; a replay of `record` ends on the same tick. */
  ticks: number;
  /** Seed, countdown, inputs and forfeit: `replayMatch(record)` reproduces the scores and the winner. */
  record: MatchRecord;
  snapshots: MatchSnapshot[];
  connectionLog: ConnectionLogEntry[];
}

/** The lifecycle of a match (STYLE.md 5). */
export type MatchStatus =
  | { name: 'running'; graceSeats: PlayerIndex[] }
  | { name: 'paused'; awaySeats: PlayerIndex[]; since: number }
  | { name: 'over'; result: MatchResult }
  /** Ended with no result: its challenger never joined (MatchOptions.challengerSeat). */
  | { name: 'cancelled'; at: number };

export type { ReconnectResult } from './match-outcome.ts';

export interface Match {
  readonly id: string;
  /** One fixed tick: runs the timers from the clock, then at most one physics step (none while paused). */
  tick(): void;
  /** The seat's latest paddle target, applied at the next tick. The gateway has checked the seat. */
  paddleMove(playerIndex: PlayerIndex, position: number): void;
  /**
   * The seat's socket is gone: its grace, then the reconnection window. `moving`: the player is on the way
   * from another game node (cluster mode) and this is not counted as one of their disconnects.
   * `beforeJoining`: the seat starts without its player (it has not joined the match yet).
   */
  disconnected(playerIndex: PlayerIndex, options?: { moving?: boolean; beforeJoining?: boolean }): void;
  /** The seat's owner is back on a new socket (the gateway has proven the session). */
  reconnected(playerIndex: PlayerIndex): ReconnectResult;
  /** The seat quits (exit or forceDisconnect): during a match it forfeits at once; afterwards nothing. */
  leave(playerIndex: PlayerIndex, how: LeaveHow): void;
  snapshot(playerIndex: PlayerIndex): GameData;
  /**
   * The `reconnectionSuccess` of a seat back at the game-over screen of this finished match (a reload within
   * its rematch window), with the rematch's state as the node knows it; null while the match is not over.
   */
  rejoinedOver(
    playerIndex: PlayerIndex,
    rematch: 'open' | 'offered' | 'declined',
  ): ServerMessageOf<'reconnectionSuccess'> | null;
  status(): MatchStatus;
  /** Whether the match has ended (or was cancelled): what the runner asks of every match every tick, without allocating. */
  isOver(): boolean;
}
