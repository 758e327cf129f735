import {
  BALL_SIZE,
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  PADDLE_HEIGHT,
  PADDLE_OFFSET,
  PADDLE_WIDTH,
} from '../../common/game/constants.ts';
import type { Frame } from './frame.ts';

/**
 * Draws one frame on the 800×600 canvas (STYLE.md 8): a pure function of the frame, no state of its own.
 * The look is the app's retro one: black field, dashed midline, the player's own paddle green, the opponent's
 * cyan, a yellow ball and scores. No shadows or gradients: they cost too much per frame without a GPU.
 */

/** The part of CanvasRenderingContext2D the renderer uses, so tests can record calls. */
export type DrawingContext = Pick<
  CanvasRenderingContext2D,
  | 'fillRect'
  | 'fillText'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'stroke'
  | 'setLineDash'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
  | 'globalAlpha'
>;

export const COLORS = {
  field: '#020617',
  midline: '#164e63',
  own: '#4ade80',
  opponent: '#22d3ee',
  ball: '#facc15',
  score: '#67e8f9',
  label: '#94a3b8',
  overlayText: '#facc15',
  overlayShade: '#000000',
} as const;

export const FONT_FAMILY = '"Press Start 2P", ui-monospace, "Courier New", monospace';
const SCORE_FONT = `48px ${FONT_FAMILY}`;
const LABEL_FONT = `20px ${FONT_FAMILY}`;
const OVERLAY_FONT = `56px ${FONT_FAMILY}`;
const COUNTDOWN_FONT = `120px ${FONT_FAMILY}`;
const MIDLINE_DASH: number[] = [14, 12];
const NO_DASH: number[] = [];
/** Score texts made once, so drawing a score allocates no string. */
const NUMBERS = Array.from({ length: 100 }, (_, n) => String(n));
const numberText = (n: number) => NUMBERS[n] ?? String(n);

/** x of the left edge of each paddle: 40 from its edge of the canvas (SPEC §9). */
export const PADDLE_X: readonly [number, number] = [
  PADDLE_OFFSET,
  CANVAS_WIDTH - PADDLE_OFFSET - PADDLE_WIDTH,
];
export const SCORE_X: readonly [number, number] = [CANVAS_WIDTH / 4, (CANVAS_WIDTH * 3) / 4];
export const SCORE_Y = 24;
export const GET_READY = 'GET READY';
/** Shown once the match-length rule's clock has run out: the next point ends the match. */
export const SUDDEN_DEATH = 'SUDDEN DEATH';
/** The clock's last minute as m:ss texts, made once so drawing allocates no string. */
const CLOCK_TEXTS = Array.from(
  { length: 61 },
  (_, s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`,
);
export const CLOCK_Y = SCORE_Y + 14;
export const YOU = 'YOU';

export function render(ctx: DrawingContext, frame: Frame): void {
  ctx.globalAlpha = 1;
  ctx.fillStyle = COLORS.field;
  ctx.fillRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);

  ctx.strokeStyle = COLORS.midline;
  ctx.lineWidth = 4;
  ctx.setLineDash(MIDLINE_DASH);
  ctx.beginPath();
  ctx.moveTo(CANVAS_WIDTH / 2, 0);
  ctx.lineTo(CANVAS_WIDTH / 2, CANVAS_HEIGHT);
  ctx.stroke();
  ctx.setLineDash(NO_DASH);

  drawScores(ctx, frame);
  drawPlayClock(ctx, frame);
  drawPaddle(ctx, frame, 0);
  drawPaddle(ctx, frame, 1);
  if (frame.state === 'playing' || frame.state === 'firstServe') {
    ctx.fillStyle = COLORS.ball;
    ctx.fillRect(frame.ballX - BALL_SIZE / 2, frame.ballY - BALL_SIZE / 2, BALL_SIZE, BALL_SIZE);
  }
  drawOverlay(ctx, frame);
}

/** The player's own paddle green; watched with no player of its own (a replay), Player 1's, as the legend says. */
function drawPaddle(ctx: DrawingContext, frame: Frame, side: 0 | 1): void {
  ctx.fillStyle = side === (frame.playerIndex ?? 0) ? COLORS.own : COLORS.opponent;
  ctx.fillRect(PADDLE_X[side], frame.paddles[side] - PADDLE_HEIGHT / 2, PADDLE_WIDTH, PADDLE_HEIGHT);
}

function drawScores(ctx: DrawingContext, frame: Frame): void {
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.font = SCORE_FONT;
  ctx.fillStyle = COLORS.score;
  ctx.fillText(numberText(frame.scores[0]), SCORE_X[0], SCORE_Y);
  ctx.fillText(numberText(frame.scores[1]), SCORE_X[1], SCORE_Y);
  if (frame.playerIndex !== null) {
    ctx.font = LABEL_FONT;
    ctx.fillStyle = COLORS.label;
    ctx.fillText(YOU, SCORE_X[frame.playerIndex], SCORE_Y + 60);
  }
}

/** The match-length rule's clock at the top centre: its last minute, then SUDDEN DEATH. */
function drawPlayClock(ctx: DrawingContext, frame: Frame): void {
  if (frame.playTimeLeft === null) return;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.font = LABEL_FONT;
  ctx.fillStyle = COLORS.overlayText;
  const text = frame.playTimeLeft === 0 ? SUDDEN_DEATH : (CLOCK_TEXTS[frame.playTimeLeft] ?? '');
  ctx.fillText(text, CANVAS_WIDTH / 2, CLOCK_Y);
}

function drawOverlay(ctx: DrawingContext, frame: Frame): void {
  if (frame.overlay === 'none') return;
  ctx.globalAlpha = 0.55;
  ctx.fillStyle = COLORS.overlayShade;
  ctx.fillRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
  ctx.globalAlpha = 1;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = COLORS.overlayText;
  if (frame.overlay === 'getReady') {
    ctx.font = OVERLAY_FONT;
    ctx.fillText(GET_READY, CANVAS_WIDTH / 2, CANVAS_HEIGHT / 2);
  } else {
    ctx.font = COUNTDOWN_FONT;
    ctx.fillText(numberText(frame.countdown), CANVAS_WIDTH / 2, CANVAS_HEIGHT / 2);
  }
}
