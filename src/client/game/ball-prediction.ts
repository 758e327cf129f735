import { CANVAS_HEIGHT, MAX_PADDLE_SPEED, TICK_MS } from '../../common/game/constants.ts';
import { type Ball, clampPaddleTarget, flyBall, scorerOf } from '../../common/game/physics.ts';
import type { GameData, ServerMessageOf } from '../../common/protocol.ts';
import { KEYFRAME_TICKS } from '../../common/rules.ts';
import {
  clearCorrection,
  createCorrection,
  decayCorrection,
  isCorrecting,
  startCorrection,
} from './ball-correction.ts';
import { hitEffectOf, type SoundEffect, scoreEffectBetween } from './sound-events.ts';

/**
 * The client's prediction of the match between the server's messages (pure: time is passed in, nothing is
 * read from a clock). It keeps the latest authoritative point of the ball's path (a keyframe, a serve, a
 * return) and flies the ball on from it tick by tick with the server's own physics (`flyBall`), so the ball is
 * drawn where the server has it at the server's time, not a snapshot behind. Each tick is flown once, with
 * the paddles as they are drawn when its time comes (the own one where the player has it, the opponent's as
 * drawn): a paddle moved later does not rewrite a tick already drawn (re-flying the whole path every frame
 * would make a ball that had passed a paddle jump back when the paddle moved behind it). A new point of the
 * path that disagrees with what was drawn is blended in (ball-correction.ts), except at a new rally, a phase
 * change, a new game or a rejoin, which start where the server says at once. The opponent's paddle is drawn
 * moving toward its last report at the physics' paddle speed, never jumping.
 */

export type BallEvent = ServerMessageOf<'ballEvent'>;
export type OpponentPaddleReport = ServerMessageOf<'opponentPaddle'>;

/**
 * Ticks flown past the path's last confirmation (its anchor, or a keyframe that agreed with it) at most: a
 * keyframe comes every KEYFRAME_TICKS; past that the link is stalled and the ball holds.
 */
export const MAX_AHEAD_TICKS = KEYFRAME_TICKS + 60;
/** Flown ticks kept to compare a keyframe with (about a second of one-way latency). */
const HISTORY_TICKS = 64;
/** A keyframe within this of the flown path at its tick agrees: its rounded values do not replace the exact ones. */
export const KEYFRAME_AGREEMENT = 1;
/** Its velocity is rounded to 2 decimals on the wire. */
const VELOCITY_AGREEMENT = 0.02;
/**
 * Server times this close to a whole tick (16 µs) are that tick: epoch milliseconds near 1.7e12 carry only
 * about 0.2 µs of precision, so a whole number of ticks is rarely a whole number when divided back.
 */
const TICK_EPSILON = 1e-3;
/** Longer gaps between frames (a hidden tab) are not animated through. */
const MAX_FRAME_MS = 250;

/** What one frame draws of the ball and paddles; reused from frame to frame. */
export interface Drawn {
  ballX: number;
  ballY: number;
  paddles: [number, number];
}

/** What the game loop reads. */
export interface BallPredictionView {
  /** The newest keyframe of the current game, or null before any. */
  keyframe(): GameData | null;
  /** The newest reported centre of a paddle (keyframe, ball event or report), or null before any. */
  reportedPaddle(seat: 0 | 1): number | null;
  /**
   * The ball and the paddles at server time `serverNow`, or null before the first keyframe. Call it once a
   * frame, with times that do not go back: it flies the ball and moves the drawn opponent paddle on.
   */
  draw(serverNow: number, playerIndex: 0 | 1 | null, ownPaddleY: number | null): Drawn | null;
  /** A correction is being blended in: the drawn ball is not (yet) the predicted one. */
  correcting(): boolean;
  /** How many effects were heard so far, and the last one: the loop plays each new one once. */
  soundCount(): number;
  lastSound(): SoundEffect | null;
}

/** What the controller feeds. */
export interface BallPrediction extends BallPredictionView {
  /** A keyframe (`gameState`); `rejoined`: from `reconnectionSuccess` (a reload or a reconnection). */
  heardKeyframe(data: GameData, rejoined?: boolean): void;
  heardBallEvent(event: BallEvent): void;
  /** An `opponentPaddle` report; it is the paddle of the seat that is not `playerIndex`. */
  heardOpponentPaddle(report: OpponentPaddleReport, playerIndex: 0 | 1 | null): void;
  /** Forgets the game. */
  reset(): void;
}

export function createBallPrediction(): BallPrediction {
  let latest: GameData | null = null;

  // The ball's path: tick `tick0` happened at server time `at0`; `head` is the last tick flown.
  let hasPath = false;
  /** The path is a re-anchoring within a rally (drawn backwards from its anchor if need be). */
  let backwards = false;
  let tick0 = 0;
  let at0 = 0;
  /** The last tick an authoritative message confirmed the path at. */
  let confirmed = 0;
  const head = { tick: 0, ball: { x: 0, y: 0, vx: 0, vy: 0 } as Ball, hits: 0, out: false };
  const hx = new Float64Array(HISTORY_TICKS);
  const hy = new Float64Array(HISTORY_TICKS);
  const hvx = new Float64Array(HISTORY_TICKS);
  const hvy = new Float64Array(HISTORY_TICKS);

  // What the last frame drew, for a correction to start from.
  let lastNow = Number.NaN;
  let drawnInRally = false;
  const drawn: Drawn = { ballX: 0, ballY: 0, paddles: [CANVAS_HEIGHT / 2, CANVAS_HEIGHT / 2] };
  const flightPaddles: [number, number] = [CANVAS_HEIGHT / 2, CANVAS_HEIGHT / 2];
  const correction = createCorrection();
  const at = { x: 0, y: 0 };

  // Paddles: the newest report of each (by the server's tick), and where each is drawn.
  const target: [number, number] = [CANVAS_HEIGHT / 2, CANVAS_HEIGHT / 2];
  const targetTick: [number, number] = [-1, -1];
  let paddlesShown = false;

  let sounds = 0;
  let lastSound: SoundEffect | null = null;

  const slot = (tick: number) => tick % HISTORY_TICKS;
  function record(): void {
    const i = slot(head.tick);
    hx[i] = head.ball.x;
    hy[i] = head.ball.y;
    hvx[i] = head.ball.vx;
    hvy[i] = head.ball.vy;
  }

  function setPath(tick: number, time: number, ball: Ball, hits: number): void {
    hasPath = true;
    backwards = false;
    tick0 = tick;
    at0 = time;
    confirmed = tick;
    head.tick = tick;
    head.ball = ball;
    head.hits = hits;
    head.out = scorerOf(ball) !== null;
    record();
  }

  /** Flies the path on to `tick` (never past MAX_AHEAD_TICKS from its anchor) with `paddles`. */
  function flyTo(tick: number, paddles: readonly [number, number]): void {
    const last = Math.min(tick, confirmed + MAX_AHEAD_TICKS);
    while (head.tick < last) {
      if (!head.out) {
        const flight = flyBall(head.ball, paddles, head.hits);
        head.ball = flight.ball;
        if (flight.hit) head.hits += 1;
        // Once wholly off the canvas it is held there: the point is the server's to call.
        head.out = scorerOf(head.ball) !== null;
      }
      head.tick += 1;
      record();
    }
  }

  /** The path's fractional tick at a server time (before the anchor when this side's clock is behind). */
  const tickAt = (serverNow: number) => tick0 + (serverNow - at0) / TICK_MS;

  /**
   * The path's ball at fractional tick `t` into `at`, flying on as needed. Before the anchor (this side's
   * clock behind the server's): a new rally's path holds at its anchor; a path re-anchored within a rally is
   * drawn on the anchor's own line backwards, so the ball keeps moving rather than stopping there until the
   * clock catches up (and a correction never measures itself against a point in the future).
   */
  function positionAt(t: number, paddles: readonly [number, number]): void {
    if (t < tick0) {
      const back = backwards ? t - tick0 : 0;
      at.x = hx[slot(tick0)]! + hvx[slot(tick0)]! * back;
      at.y = hy[slot(tick0)]! + hvy[slot(tick0)]! * back;
      return;
    }
    const whole = Math.floor(t + TICK_EPSILON);
    flyTo(whole, paddles);
    const oldest = Math.max(tick0, head.tick - HISTORY_TICKS + 1);
    const w = Math.max(oldest, Math.min(whole, head.tick));
    const fraction = w === whole ? Math.max(0, t - whole) : 0;
    const i = slot(w);
    at.x = hx[i]!;
    at.y = hy[i]!;
    if (fraction <= TICK_EPSILON) return;
    let nx: number;
    let ny: number;
    if (w < head.tick) {
      nx = hx[slot(w + 1)]!;
      ny = hy[slot(w + 1)]!;
    } else if (!head.out && head.tick < confirmed + MAX_AHEAD_TICKS) {
      const next = flyBall(head.ball, paddles, head.hits).ball;
      nx = next.x;
      ny = next.y;
    } else return;
    at.x += (nx - at.x) * fraction;
    at.y += (ny - at.y) * fraction;
  }

  /** A new rally, phase, game or rejoin: drawn where the server says at once. */
  function startAfresh(): void {
    clearCorrection(correction);
    drawnInRally = false;
  }

  /**
   * A new point of the same rally's path. If the path already has the ball there (within a pixel), it is
   * taken as it is. Otherwise where the old path (with the correction under way) and the new one put the
   * ball at the last frame's time is compared: the difference is the correction blended away from the next
   * frame on, so the drawn ball goes on from where it was drawn.
   */
  function reanchor(tick: number, time: number, ball: Ball, hits: number): void {
    if (!drawnInRally || Number.isNaN(lastNow)) {
      setPath(tick, time, ball, hits);
      startAfresh();
      return;
    }
    if (agrees(tick, ball)) {
      setPath(tick, time, ball, hits);
      backwards = true;
      return;
    }
    positionAt(tickAt(lastNow), flightPaddles);
    const oldX = at.x + correction.x;
    const oldY = at.y + correction.y;
    setPath(tick, time, ball, hits);
    backwards = true;
    positionAt(tickAt(lastNow), flightPaddles);
    startCorrection(correction, oldX - at.x, oldY - at.y);
  }

  /** Whether the flown path has this ball at `tick` (within the wire's rounding). */
  function agrees(tick: number, ball: Ball): boolean {
    if (tick > head.tick) flyTo(tick, flightPaddles);
    if (tick > head.tick || tick < Math.max(tick0, head.tick - HISTORY_TICKS + 1)) return false;
    const i = slot(tick);
    return (
      Math.abs(hx[i]! - ball.x) <= KEYFRAME_AGREEMENT &&
      Math.abs(hy[i]! - ball.y) <= KEYFRAME_AGREEMENT &&
      Math.abs(hvx[i]! - ball.vx) <= VELOCITY_AGREEMENT &&
      Math.abs(hvy[i]! - ball.vy) <= VELOCITY_AGREEMENT
    );
  }

  function report(seat: 0 | 1, y: number, tick: number): void {
    if (tick < targetTick[seat]) return;
    target[seat] = clampPaddleTarget(y) ?? target[seat];
    targetTick[seat] = tick;
  }

  function heard(effect: SoundEffect | null): void {
    if (!effect) return;
    sounds += 1;
    lastSound = effect;
  }

  /** Each drawn paddle toward its report, at most the physics' paddle speed for the time passed. */
  function movePaddles(frameMs: number): void {
    if (!paddlesShown) {
      drawn.paddles[0] = target[0];
      drawn.paddles[1] = target[1];
      paddlesShown = true;
      return;
    }
    const most = (MAX_PADDLE_SPEED * frameMs) / TICK_MS;
    for (const seat of [0, 1] as const) {
      const delta = target[seat] - drawn.paddles[seat];
      drawn.paddles[seat] += Math.max(-most, Math.min(most, delta));
    }
  }

  const prediction: BallPrediction = {
    keyframe: () => latest,
    reportedPaddle: (seat) => (targetTick[seat] < 0 ? null : target[seat]),
    correcting: () => isCorrecting(correction),
    soundCount: () => sounds,
    lastSound: () => lastSound,

    heardKeyframe(data, rejoined = false) {
      const previous = latest;
      const newGame = previous === null || previous.id !== data.id;
      if (!newGame && data.timestamp < previous.timestamp) return;
      latest = data;
      const tick = data.tick ?? (hasPath ? head.tick : 0);
      if (newGame || rejoined) {
        targetTick[0] = targetTick[1] = -1;
        paddlesShown = false;
        hasPath = false;
      } else heard(scoreEffectBetween(previous, data));
      report(0, data.paddlePositions[0], tick);
      report(1, data.paddlePositions[1], tick);

      const sameRally =
        !newGame &&
        !rejoined &&
        previous.gameState === data.gameState &&
        previous.scores[0] === data.scores[0] &&
        previous.scores[1] === data.scores[1];
      const ball = { x: data.ballPos.x, y: data.ballPos.y, vx: data.ballVelocity.x, vy: data.ballVelocity.y };
      const hits = data.rallyHits ?? 0;
      if (data.gameState !== 'playing') {
        hasPath = false;
        return startAfresh();
      }
      if (!sameRally || !hasPath) {
        setPath(tick, data.timestamp, ball, hits);
        return startAfresh();
      }
      // Older than the path's own anchor (a ball event came since), or the path already has it.
      if (data.tick !== undefined && tick < tick0) return;
      if (data.tick !== undefined && agrees(tick, ball)) {
        confirmed = Math.max(confirmed, tick);
        return;
      }
      reanchor(tick, data.timestamp, ball, hits);
    },

    heardBallEvent(event) {
      if (latest === null || event.gameId !== latest.id) return;
      report(0, event.paddles[0], event.tick);
      report(1, event.paddles[1], event.tick);
      const [x, y, vx, vy] = event.ball;
      if (event.kind === 'serve' || !hasPath) {
        setPath(event.tick, event.at, { x, y, vx, vy }, event.rallyHits);
        startAfresh();
        return;
      }
      heard(hitEffectOf(event));
      if (event.tick < tick0) return;
      reanchor(event.tick, event.at, { x, y, vx, vy }, event.rallyHits);
    },

    heardOpponentPaddle(r, playerIndex) {
      if (latest === null || playerIndex === null) return;
      report(playerIndex === 0 ? 1 : 0, r.y, r.tick);
    },

    reset() {
      latest = null;
      hasPath = false;
      targetTick[0] = targetTick[1] = -1;
      paddlesShown = false;
      lastNow = Number.NaN;
      startAfresh();
    },

    draw(serverNow, playerIndex, ownPaddleY) {
      if (latest === null) return null;
      const frameMs = Number.isNaN(lastNow) ? 0 : Math.min(MAX_FRAME_MS, Math.max(0, serverNow - lastNow));
      lastNow = serverNow;
      movePaddles(frameMs);
      flightPaddles[0] = drawn.paddles[0];
      flightPaddles[1] = drawn.paddles[1];
      const own = ownPaddleY === null ? null : clampPaddleTarget(ownPaddleY);
      if (playerIndex !== null && own !== null) flightPaddles[playerIndex] = own;

      if (latest.gameState !== 'playing' || !hasPath) {
        drawn.ballX = latest.ballPos.x;
        drawn.ballY = latest.ballPos.y;
        startAfresh();
        return drawn;
      }
      positionAt(tickAt(serverNow), flightPaddles);
      decayCorrection(correction, frameMs);
      drawn.ballX = at.x + correction.x;
      drawn.ballY = at.y + correction.y;
      drawnInRally = true;
      return drawn;
    },
  };
  return prediction;
}
