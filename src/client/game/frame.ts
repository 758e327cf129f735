import { CANVAS_HEIGHT, CANVAS_WIDTH, PADDLE_MAX_Y, PADDLE_MIN_Y } from '../../common/game/constants.ts';
import type { GameStateName } from '../../common/protocol.ts';
import type { BallPredictionView } from './ball-prediction.ts';

/**
 * What one animation frame draws, computed from the match's prediction (ball-prediction.ts, STYLE.md 8): the
 * ball where the server has it at the server's time, flown on from the last keyframe or ball event with the
 * shared physics, and the opponent's paddle moving toward its last report; the player's own paddle is drawn
 * where the player puts it, at once (the server still decides).
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
  /** The match's prediction, fed by the controller with keyframes, ball events and paddle reports. */
  prediction: BallPredictionView;
  /** The server's clock now (ms, its estimate on this side), or null before any estimate. */
  serverNow: number | null;
  playerIndex: 0 | 1 | null;
  /** Where the player last put their own paddle (centre y), or null before any input. */
  ownPaddleY: number | null;
  /** The reducer's view, used until the first keyframe arrives. */
  fallback: {
    state: GameStateName;
    scores: readonly [number, number];
    paddles: readonly [number, number];
    countdown: number;
  };
}

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
 * Fills `into` (reused every frame so the loop allocates nothing) and returns it. Called once a frame: the
 * prediction flies the ball and moves the opponent's paddle on to `serverNow`.
 */
export function computeFrame(input: FrameInput, into: Frame = createFrame()): Frame {
  const { prediction, playerIndex } = input;
  into.playerIndex = playerIndex;
  const keyframe = prediction.keyframe();
  const drawn =
    keyframe === null
      ? null
      : prediction.draw(input.serverNow ?? keyframe.timestamp, playerIndex, input.ownPaddleY);

  if (keyframe === null || drawn === null) {
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
    into.state = keyframe.gameState;
    into.scores[0] = keyframe.scores[0];
    into.scores[1] = keyframe.scores[1];
    into.ballX = drawn.ballX;
    into.ballY = drawn.ballY;
    into.paddles[0] = clampPaddleY(drawn.paddles[0]);
    into.paddles[1] = clampPaddleY(drawn.paddles[1]);
    into.countdown = keyframe.countdownTime;
    into.playTimeLeft = keyframe.playTimeLeft ?? null;
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
