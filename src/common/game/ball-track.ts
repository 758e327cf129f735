import { TICK_HZ, TICK_MS } from './constants.ts';
import { type Ball, flyBall, scorerOf } from './physics.ts';

/**
 * The ball between the server's events (the client's prediction, the bots', the benchmark's): from the
 * last authoritative point of its path, flown tick by tick with the shared physics (`flyBall`), so between
 * a serve or a hit and the next event it is where the server has it, to the last bit. What it cannot know
 * (the opponent's paddle since its last report, a serve, a point) comes as the next event.
 */

/** An authoritative point of the ball's path: where it was after the server's step `tick`. */
export interface BallAnchor {
  tick: number;
  /** The server's clock (ms) when it stepped `tick`. */
  at: number;
  ball: Ball;
  /** Paddle hits so far in this rally (they set a return's speed cap and least slope). */
  rallyHits: number;
}

/**
 * The farthest the ball is flown past its anchor (4 s): a keyframe (every 3 s) or an event always comes
 * sooner, and the slowest crossing of the field (a serve-speed ball at the steepest return) takes 2.6 s.
 */
export const MAX_FLIGHT_TICKS = 4 * TICK_HZ;

export interface Flight {
  ball: Ball;
  rallyHits: number;
  /** The ball has wholly left the canvas: it is held there, the point is the server's to call. */
  out: boolean;
  /** A paddle returned it on the last tick flown. */
  hitOnLastTick: boolean;
}

/**
 * The ball `ticks` whole ticks after the anchor (capped at MAX_FLIGHT_TICKS), with the paddles where
 * `paddles` puts them.
 */
export function flyFrom(anchor: BallAnchor, ticks: number, paddles: readonly [number, number]): Flight {
  let ball = anchor.ball;
  let rallyHits = anchor.rallyHits;
  let hitOnLastTick = false;
  const steps = Math.min(Math.max(0, Math.floor(ticks)), MAX_FLIGHT_TICKS);
  for (let i = 0; i < steps; i++) {
    if (scorerOf(ball) !== null) return { ball, rallyHits, out: true, hitOnLastTick: false };
    const flight = flyBall(ball, paddles, rallyHits);
    ball = flight.ball;
    hitOnLastTick = flight.hit !== null;
    if (flight.hit) rallyHits += 1;
  }
  return { ball, rallyHits, out: scorerOf(ball) !== null, hitOnLastTick };
}

/** The server's tick at server time `serverNow`, fractional, counted from the anchor. */
export function ticksSince(anchor: BallAnchor, serverNow: number): number {
  return Math.max(0, (serverNow - anchor.at) / TICK_MS);
}

/**
 * Where the ball is at server time `serverNow` (between two ticks, drawn on the straight line between
 * them, as the ball moves within a tick).
 */
export function ballAt(
  anchor: BallAnchor,
  serverNow: number,
  paddles: readonly [number, number],
): { x: number; y: number; out: boolean } {
  const t = Math.min(ticksSince(anchor, serverNow), MAX_FLIGHT_TICKS);
  const whole = Math.floor(t);
  const at = flyFrom(anchor, whole, paddles);
  const fraction = t - whole;
  if (fraction === 0 || at.out || whole >= MAX_FLIGHT_TICKS)
    return { x: at.ball.x, y: at.ball.y, out: at.out };
  const next = flyBall(at.ball, paddles, at.rallyHits).ball;
  return {
    x: at.ball.x + (next.x - at.ball.x) * fraction,
    y: at.ball.y + (next.y - at.ball.y) * fraction,
    out: false,
  };
}
