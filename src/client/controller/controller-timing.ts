import { OPPONENT_FOUND_SECONDS, OVERLAY_SAFETY_NET_MS } from '../../common/rules.ts';

/** SPEC §4/§9 delays the game controller owns. */
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
  overlaySafetyNetMs: OVERLAY_SAFETY_NET_MS,
  /** The stored last game state is written at most this often while the state stays the same. */
  lastStateWriteMs: 1_000,
  /** SPEC §9: the opponent-found countdown, before the pre-game countdown. */
  opponentFoundMs: OPPONENT_FOUND_SECONDS * 1000,
  /**
   * How long the pre-game countdown's 'GO!' shows once the server's countdown reached 0: half of the first
   * serve's second, so the canvas's 'GET READY' (SPEC §2) shows for the other half.
   */
  goShownMs: 500,
} as const;

/** The states in which the player's paddle moves mean something to the server. */
export const PADDLE_STATES: ReadonlySet<string> = new Set(['countdown', 'firstServe', 'playing', 'roundEnd']);
