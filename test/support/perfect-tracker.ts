import {
  BALL_SIZE,
  CANVAS_HEIGHT,
  LEFT_PADDLE_FACE,
  RIGHT_PADDLE_FACE,
} from '../../src/common/game/constants.ts';
import type { Ball, PlayerIndex } from '../../src/common/game/physics.ts';

/**
 * The adversaries of the match-length rule (ARCHITECTURE invariant 11): bots that read the ball exactly.
 * Each takes what a player can know, the phase and the ball, so they play both the pure physics and the
 * server's match (from its gameState).
 */
export interface BallView {
  phase: string;
  ball: Ball;
}

const HALF_BALL = BALL_SIZE / 2;
/** x of the ball's centre as it touches each paddle's face. */
const TOUCH_X: readonly [number, number] = [LEFT_PADDLE_FACE + HALF_BALL, RIGHT_PADDLE_FACE - HALF_BALL];
const FACE_TO_FACE = TOUCH_X[1] - TOUCH_X[0];
const REACH = 58;
/** The lowest and highest y of the ball's centre (where it turns off a wall). */
const TOP = HALF_BALL;
const BOTTOM = CANVAS_HEIGHT - HALF_BALL;

/** Where the ball's centre reaches `player`'s face, the walls folded in; null while it moves away. */
export function predictedArrivalY(ball: Ball, player: PlayerIndex): number | null {
  const dx = TOUCH_X[player] - ball.x;
  if (ball.vx === 0 || Math.sign(dx) !== Math.sign(ball.vx)) return null;
  const span = BOTTOM - TOP;
  const travelled = ball.y - TOP + (ball.vy * dx) / ball.vx;
  const folded = ((travelled % (2 * span)) + 2 * span) % (2 * span);
  return TOP + (folded <= span ? folded : 2 * span - folded);
}

function arrivalWhilePlaying(view: BallView, player: PlayerIndex): number | null {
  return view.phase === 'playing' ? predictedArrivalY(view.ball, player) : null;
}

/**
 * A perfect tracker: always heads for where the ball will reach its face and meets it with the paddle's
 * centre. Between rallies it keeps its target.
 */
export function perfectTrackerTarget(
  view: BallView,
  player: PlayerIndex,
  previous: number | null,
): number | null {
  return arrivalWhilePlaying(view, player) ?? previous;
}

/** The y the rally keepers send every return to: a return from there at slope 0.75 comes back to it. */
export const KEEPER_Y = 343;

/**
 * Two players who never miss: each reads where the ball will reach its face and stands so that its return,
 * off a wall, reaches the other face at KEEPER_Y. Once the rally settles every return leaves KEEPER_Y at
 * slope 0.75 (inside the rally's 0.5 minimum and the paddle end's 1), 43.5 below the paddle's centre, turns off
 * the bottom wall and comes back to KEEPER_Y: no speed ends it, only the clock does.
 */
export function rallyKeeperTarget(
  view: BallView,
  player: PlayerIndex,
  previous: number | null,
): number | null {
  const arrival = arrivalWhilePlaying(view, player);
  if (arrival === null) return previous;
  // Down and off the bottom wall (the ball below the paddle's centre), or from high up, up off the top one.
  if (arrival >= 177) return arrival - (REACH * (2 * BOTTOM - KEEPER_Y - arrival)) / FACE_TO_FACE;
  return arrival + (REACH * (KEEPER_Y - 2 * TOP + arrival)) / FACE_TO_FACE;
}
