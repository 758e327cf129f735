import { CANVAS_HEIGHT, CANVAS_WIDTH, PADDLE_MAX_Y, PADDLE_MIN_Y } from '../../common/game/constants.ts';
import type { GameStateName } from '../../common/protocol.ts';
import type { TimedSnapshot } from '../state/game-api.ts';

/**
 * What one animation frame draws, computed by a pure function from the snapshot buffer (STYLE.md 8). The ball
 * and the opponent's paddle are interpolated between the last two server snapshots by their receive times;
 * the player's own paddle is drawn where the player puts it, at once (the server still decides).
 */

export type Overlay = 'none' | 'countdown' | 'getReady';

export interface Frame {
  state: GameStateName;
  ballX: number;
  ballY: number;
  /** Paddle centres (y) of the left (player 0) and right (player 1) paddles. */
  paddles: [number, number];
  scores: [number, number];
  playerIndex: 0 | 1 | null;
  overlay: Overlay;
  /** The countdown overlay's number. */
  countdown: number;
  /** The match-length rule's clock: seconds to sudden death in its last minute, 0 in it, else null. */
  playTimeLeft: number | null;
}

export interface FrameInput {
  /** The last two snapshots, older first (SnapshotBuffer.latest()). */
  snapshots: readonly TimedSnapshot[];
  /** performance.now() of this frame, the clock of `receivedAt`. */
  now: number;
  playerIndex: 0 | 1 | null;
  /** Where the player last put their own paddle (centre y), or null before any input. */
  ownPaddleY: number | null;
  /** The reducer's view, used until the first snapshot arrives. */
  fallback: {
    state: GameStateName;
    scores: readonly [number, number];
    paddles: readonly [number, number];
    countdown: number;
  };
}

/**
 * The longest gap between two snapshots that is still animated over its own length: two of the server's
 * 50 ms snapshot periods (SNAPSHOT_HZ 20). After a stall the ball would otherwise crawl behind for as long
 * as the stall lasted.
 */
export const MAX_INTERPOLATION_MS = 100;

export function createFrame(): Frame {
  return {
    state: 'waiting',
    ballX: CANVAS_WIDTH / 2,
    ballY: CANVAS_HEIGHT / 2,
    paddles: [CANVAS_HEIGHT / 2, CANVAS_HEIGHT / 2],
    scores: [0, 0],
    playerIndex: null,
    overlay: 'none',
    countdown: 0,
    playTimeLeft: null,
  };
}

/** A paddle centre where the whole paddle stays on the canvas, as the server keeps it. */
export function clampPaddleY(y: number): number {
  return Math.min(PADDLE_MAX_Y, Math.max(PADDLE_MIN_Y, y));
}

/**
 * How far from the older snapshot toward the newer one to draw: 0 when the newer one has just arrived, 1
 * once as long again has passed (one snapshot interval behind, so motion stays smooth). Never extrapolates.
 */
export function interpolationAlpha(olderAt: number, newerAt: number, now: number): number {
  const interval = Math.min(newerAt - olderAt, MAX_INTERPOLATION_MS);
  if (interval <= 0) return 1;
  return Math.min(1, Math.max(0, (now - newerAt) / interval));
}

function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/**
 * Fills `into` (reused every frame so the loop allocates nothing) and returns it. Deterministic: the same
 * input always gives the same frame.
 */
export function computeFrame(input: FrameInput, into: Frame = createFrame()): Frame {
  const { snapshots, playerIndex } = input;
  const newer = snapshots[snapshots.length - 1];
  const older = snapshots.length > 1 ? snapshots[snapshots.length - 2] : undefined;
  into.playerIndex = playerIndex;

  if (!newer) {
    into.state = input.fallback.state;
    into.scores[0] = input.fallback.scores[0];
    into.scores[1] = input.fallback.scores[1];
    into.paddles[0] = clampPaddleY(input.fallback.paddles[0]);
    into.paddles[1] = clampPaddleY(input.fallback.paddles[1]);
    into.ballX = CANVAS_WIDTH / 2;
    into.ballY = CANVAS_HEIGHT / 2;
    into.countdown = input.fallback.countdown;
    into.playTimeLeft = null;
  } else {
    const b = newer.data;
    // A point resets the ball to the centre and a phase change may move it: sliding across the field
    // between such snapshots would be wrong, so only two snapshots of one rally are blended.
    const a = older?.data;
    const sameRally =
      a !== undefined &&
      a.id === b.id &&
      a.gameState === b.gameState &&
      a.scores[0] === b.scores[0] &&
      a.scores[1] === b.scores[1];
    const t = sameRally && older ? interpolationAlpha(older.receivedAt, newer.receivedAt, input.now) : 1;
    const from = sameRally && a ? a : b;
    into.state = b.gameState;
    into.scores[0] = b.scores[0];
    into.scores[1] = b.scores[1];
    into.ballX = lerp(from.ballPos.x, b.ballPos.x, t);
    into.ballY = lerp(from.ballPos.y, b.ballPos.y, t);
    into.paddles[0] = clampPaddleY(lerp(from.paddlePositions[0], b.paddlePositions[0], t));
    into.paddles[1] = clampPaddleY(lerp(from.paddlePositions[1], b.paddlePositions[1], t));
    into.countdown = b.countdownTime;
    into.playTimeLeft = b.playTimeLeft ?? null;
  }

  if (playerIndex !== null && input.ownPaddleY !== null && Number.isFinite(input.ownPaddleY)) {
    into.paddles[playerIndex] = clampPaddleY(input.ownPaddleY);
  }
  into.overlay = overlayFor(into.state, into.countdown);
  return into;
}

export function overlayFor(state: GameStateName, countdown: number): Overlay {
  if (state === 'firstServe') return 'getReady';
  if (state === 'countdown' && countdown > 0) return 'countdown';
  return 'none';
}
