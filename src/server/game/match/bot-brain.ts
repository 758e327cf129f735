import {
  BALL_SIZE,
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  PADDLE_HEIGHT,
  PADDLE_OFFSET,
  PADDLE_WIDTH,
} from '../../../common/game/constants.ts';
import { clampPaddleTarget } from '../../../common/game/physics.ts';
import type { GameData } from '../../../common/protocol.ts';

/** How human a bot is: how late it reacts, how fast its hand moves, how well it reads the ball. */
export interface BotSkill {
  reactionMs: number;
  /** Canvas units per second its paddle target can move (the server's paddle moves 720). */
  handSpeed: number;
  /** The spread of its misreading of where the ball arrives: units at any speed, and per unit of speed. */
  error: number;
  errorPerSpeed: number;
}

/** A seeded uniform generator in [0, 1) (mulberry32), so a run's bots are reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function randomSkill(random: () => number): BotSkill {
  return {
    reactionMs: 150 + random() * 100,
    handSpeed: 500 + random() * 250,
    error: 30 + random() * 30,
    errorPerSpeed: 2 + random() * 4,
  };
}

/** What the brain reads of a state: the phase and the ball (a snapshot, or the product bots' ball view). */
export type BrainSight = Pick<GameData, 'gameState' | 'ballPos' | 'ballVelocity'>;

const HALF_BALL = BALL_SIZE / 2;
const FACE_X: readonly [number, number] = [
  PADDLE_OFFSET + PADDLE_WIDTH + HALF_BALL,
  CANVAS_WIDTH - PADDLE_OFFSET - PADDLE_WIDTH - HALF_BALL,
];

/** Where the ball's centre crosses the x of a paddle face, walls folded in; null if it moves away from it. */
export function arrivalY(ball: GameData['ballPos'], velocity: GameData['ballVelocity'], faceX: number) {
  const dx = faceX - ball.x;
  if (velocity.x === 0 || Math.sign(dx) !== Math.sign(velocity.x)) return null;
  const span = CANVAS_HEIGHT - BALL_SIZE;
  const travelled = ball.y - HALF_BALL + (velocity.y * dx) / velocity.x;
  const folded = ((travelled % (2 * span)) + 2 * span) % (2 * span);
  return HALF_BALL + (folded <= span ? folded : 2 * span - folded);
}

/**
 * One bot's decisions (STYLE.md 1: pure, time passed in). It reads where the ball will arrive, misjudged a
 * little more the faster it comes, and aims with a random part of its paddle so returns are angled; it acts
 * on that only after its reaction time, and its hand moves at a human speed. Between rallies it drifts
 * back to the middle. So rallies are real and end, and the moves it sends look like a mouse's.
 */
export function createBotBrain(seat: 0 | 1, skill: BotSkill, random: () => number) {
  let hand = CANVAS_HEIGHT / 2;
  let goal = CANVAS_HEIGHT / 2;
  let lastMs: number | null = null;
  let approaching: boolean | null = null;
  /** A decision taken on what was seen, waiting out the reaction time. */
  let pending: { goal: number; atMs: number } | null = null;

  const decide = (data: BrainSight, nowMs: number) => {
    const arrival = arrivalY(data.ballPos, data.ballVelocity, FACE_X[seat]);
    const coming = arrival !== null && data.gameState === 'playing';
    if (coming === approaching) return;
    approaching = coming;
    let next = CANVAS_HEIGHT / 2;
    if (coming) {
      const speed = Math.hypot(data.ballVelocity.x, data.ballVelocity.y);
      const misread = (random() * 2 - 1) * (skill.error + skill.errorPerSpeed * speed);
      const aim = (random() * 2 - 1) * PADDLE_HEIGHT * 0.35;
      next = arrival + misread - aim;
    }
    pending = { goal: clampPaddleTarget(next) ?? CANVAS_HEIGHT / 2, atMs: nowMs + skill.reactionMs };
  };

  return {
    /** A new game: the hand starts where the server put the paddle. */
    reset(paddleY: number) {
      hand = paddleY;
      goal = paddleY;
      lastMs = null;
      approaching = null;
      pending = null;
    },
    /** Sees the game at `nowMs`; returns where the hand is, the paddle target to send. */
    see(data: BrainSight, nowMs: number): number {
      decide(data, nowMs);
      if (pending && nowMs >= pending.atMs) {
        goal = pending.goal;
        pending = null;
      }
      const elapsed = lastMs === null ? 0 : Math.min(100, nowMs - lastMs);
      lastMs = nowMs;
      const reach = (skill.handSpeed * elapsed) / 1000;
      hand += Math.max(-reach, Math.min(reach, goal - hand));
      return hand;
    },
  };
}
