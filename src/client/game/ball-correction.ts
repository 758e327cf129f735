import { BALL_SIZE } from '../../common/game/constants.ts';

/**
 * A correction of the drawn ball: when a new authoritative point of its path (a hit, a keyframe that
 * disagrees) moves the predicted ball, the drawn ball keeps where it was drawn and the difference is blended
 * away, so the ball never jumps across the field. The ball's own motion is drawn as predicted; only the
 * difference is spread over frames.
 */

/**
 * The farthest a correction moves the drawn ball in one frame, beyond the ball's own motion: one ball's
 * width. The browser test of smoothness and the predictor's tests hold the drawn ball to it.
 */
export const MAX_CORRECTION_PER_FRAME = BALL_SIZE;

/** A correction is spread over this long (when its size allows it within MAX_CORRECTION_PER_FRAME). */
export const CORRECTION_MS = 100;

/** Below this the drawn and the predicted ball are taken as one (far below a pixel). */
const SETTLED = 0.05;

/** The offset still to blend away (drawn minus predicted) and the rate it shrinks at. */
export interface Correction {
  x: number;
  y: number;
  /** How much of the offset goes per ms: its size when it began over CORRECTION_MS. */
  perMs: number;
}

export function createCorrection(): Correction {
  return { x: 0, y: 0, perMs: 0 };
}

export function isCorrecting(c: Correction): boolean {
  return c.x !== 0 || c.y !== 0;
}

/** A new offset (drawn minus the new prediction) to blend away from now on. */
export function startCorrection(c: Correction, x: number, y: number): void {
  const size = Math.hypot(x, y);
  if (size < SETTLED) {
    clearCorrection(c);
    return;
  }
  c.x = x;
  c.y = y;
  c.perMs = size / CORRECTION_MS;
}

export function clearCorrection(c: Correction): void {
  c.x = 0;
  c.y = 0;
  c.perMs = 0;
}

/**
 * Shrinks the offset for a frame `frameMs` long: linearly, so it is gone CORRECTION_MS after it began, but by
 * at most MAX_CORRECTION_PER_FRAME in one frame.
 */
export function decayCorrection(c: Correction, frameMs: number): void {
  if (!isCorrecting(c)) return;
  const size = Math.hypot(c.x, c.y);
  const shrink = Math.min(MAX_CORRECTION_PER_FRAME, c.perMs * Math.max(0, frameMs));
  if (size - shrink < SETTLED) {
    clearCorrection(c);
    return;
  }
  const keep = (size - shrink) / size;
  c.x *= keep;
  c.y *= keep;
}
