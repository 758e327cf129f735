import {
  BALL_SIZE,
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  FIRST_SERVE_TICKS,
  LEFT_PADDLE_FACE,
  MAX_BALL_SPEED,
  MAX_BOUNCE_SLOPE,
  MAX_PADDLE_SPEED,
  MAX_SERVE_SLOPE,
  PADDLE_HEIGHT,
  PADDLE_MAX_Y,
  PADDLE_MIN_Y,
  RIGHT_PADDLE_FACE,
  ROUND_END_TICKS,
  SERVE_SPEED,
  SPEED_UP_FACTOR,
  TICK_HZ,
  WINNING_SCORE,
} from './constants.ts';
import { nextFloat, type RngState, rngFromSeed } from './rng.ts';

export type PlayerIndex = 0 | 1;

/** How a match ended: on points, or by a player leaving (decided by the match, applied here). */
export type EndReason = 'score' | 'forfeit';

/** Each phase carries only its own fields (STYLE.md 5). */
export type Phase =
  | { name: 'countdown'; ticksLeft: number }
  | { name: 'firstServe'; ticksLeft: number }
  | { name: 'playing' }
  | { name: 'roundEnd'; ticksLeft: number }
  | { name: 'gameOver'; winner: PlayerIndex; reason: EndReason };

export interface Ball {
  x: number;
  y: number;
  vx: number;
  vy: number;
}

export interface MatchPhysics {
  phase: Phase;
  /** Ticks stepped since the match began; the clock of the replay log. */
  tick: number;
  ball: Ball;
  /** Paddle centres (y) of players 0 (left) and 1 (right). */
  paddles: [number, number];
  scores: [number, number];
  /** Who serves the next (or current) rally; alternates every point. */
  server: PlayerIndex;
  rng: RngState;
  stats: { ballHits: number; rallyCount: number; longestRally: number; maxBallSpeed: number };
  rallyHits: number;
}

/** The paddle targets in force this tick (the centre y each player last asked for), or null for none yet. */
export type PaddleTargets = readonly [number | null, number | null];

export type MatchEvent =
  | { type: 'phase'; phase: Phase['name'] }
  | { type: 'serve'; server: PlayerIndex }
  | { type: 'paddleHit'; player: PlayerIndex; speed: number }
  | { type: 'wallBounce' }
  | { type: 'point'; scorer: PlayerIndex; scores: [number, number] }
  | { type: 'matchOver'; winner: PlayerIndex; reason: EndReason; scores: [number, number] };

export interface StepResult {
  state: MatchPhysics;
  events: MatchEvent[];
}

const HALF_BALL = BALL_SIZE / 2;
const HALF_PADDLE = PADDLE_HEIGHT / 2;
const CENTRE_X = CANVAS_WIDTH / 2;
const CENTRE_Y = CANVAS_HEIGHT / 2;

export function createMatchPhysics(seedHex: string, countdownSeconds: number): MatchPhysics {
  const [first, rng] = nextFloat(rngFromSeed(seedHex));
  return {
    phase: { name: 'countdown', ticksLeft: Math.max(0, Math.round(countdownSeconds * TICK_HZ)) },
    tick: 0,
    ball: { x: CENTRE_X, y: CENTRE_Y, vx: 0, vy: 0 },
    paddles: [CENTRE_Y, CENTRE_Y],
    scores: [0, 0],
    server: first < 0.5 ? 0 : 1,
    rng,
    stats: { ballHits: 0, rallyCount: 0, longestRally: 0, maxBallSpeed: 0 },
    rallyHits: 0,
  };
}

/** Keeps a requested paddle centre on the canvas; anything not a finite number means "no move". */
export function clampPaddleTarget(target: number): number | null {
  if (!Number.isFinite(target)) return null;
  return Math.min(PADDLE_MAX_Y, Math.max(PADDLE_MIN_Y, target));
}

function movePaddle(current: number, target: number | null): number {
  if (target === null) return current;
  const goal = clampPaddleTarget(target) ?? current;
  const delta = goal - current;
  if (Math.abs(delta) <= MAX_PADDLE_SPEED) return goal;
  return current + Math.sign(delta) * MAX_PADDLE_SPEED;
}

export function ballSpeed(ball: Ball): number {
  return Math.sqrt(ball.vx * ball.vx + ball.vy * ball.vy);
}

/** A velocity of the given speed, horizontal direction and slope |vy/vx|, using only + − × ÷ and √. */
function velocity(speed: number, direction: 1 | -1, slope: number): { vx: number; vy: number } {
  const vx = speed / Math.sqrt(1 + slope * slope);
  return { vx: direction * vx, vy: slope * vx };
}

function serve(state: MatchPhysics): MatchPhysics {
  const [r, rng] = nextFloat(state.rng);
  const slope = (r * 2 - 1) * MAX_SERVE_SLOPE;
  // The server's side sends the ball toward the receiver.
  const { vx, vy } = velocity(SERVE_SPEED, state.server === 0 ? 1 : -1, slope);
  return { ...state, rng, rallyHits: 0, ball: { x: CENTRE_X, y: CENTRE_Y, vx, vy } };
}

/**
 * One fixed tick of the match: a pure function of the state and the paddle targets (STYLE.md 1). Scoring,
 * hits and the end of the match come back as events; nothing here performs I/O or reads a clock.
 */
export function step(previous: MatchPhysics, targets: PaddleTargets): StepResult {
  const events: MatchEvent[] = [];
  const paddles: [number, number] = [
    movePaddle(previous.paddles[0], targets[0]),
    movePaddle(previous.paddles[1], targets[1]),
  ];
  let state: MatchPhysics = { ...previous, tick: previous.tick + 1, paddles };
  const phase = state.phase;

  switch (phase.name) {
    case 'gameOver':
      return { state: previous, events };
    case 'countdown':
    case 'firstServe':
    case 'roundEnd': {
      if (phase.ticksLeft > 1) {
        state = { ...state, phase: { ...phase, ticksLeft: phase.ticksLeft - 1 } };
        return { state, events };
      }
      if (phase.name === 'countdown') {
        state = { ...state, phase: { name: 'firstServe', ticksLeft: FIRST_SERVE_TICKS } };
        events.push({ type: 'phase', phase: 'firstServe' });
        return { state, events };
      }
      state = serve({ ...state, phase: { name: 'playing' } });
      events.push({ type: 'phase', phase: 'playing' }, { type: 'serve', server: state.server });
      return { state, events };
    }
    case 'playing':
      return advanceBall(state, events);
    default: {
      const unreachable: never = phase;
      throw new Error(`unknown phase ${JSON.stringify(unreachable)}`);
    }
  }
}

function advanceBall(state: MatchPhysics, events: MatchEvent[]): StepResult {
  const from = state.ball;
  let ball: Ball = { x: from.x + from.vx, y: from.y + from.vy, vx: from.vx, vy: from.vy };

  // Top and bottom walls reflect.
  if (ball.y - HALF_BALL < 0) {
    ball = { ...ball, y: 2 * HALF_BALL - ball.y, vy: Math.abs(ball.vy) };
    events.push({ type: 'wallBounce' });
  } else if (ball.y + HALF_BALL > CANVAS_HEIGHT) {
    ball = { ...ball, y: 2 * (CANVAS_HEIGHT - HALF_BALL) - ball.y, vy: -Math.abs(ball.vy) };
    events.push({ type: 'wallBounce' });
  }

  const hit = paddleHit(from, ball, state.paddles);
  if (hit) {
    const speed = Math.min(MAX_BALL_SPEED, ballSpeed(from) * SPEED_UP_FACTOR);
    const { vx, vy } = velocity(speed, hit.player === 0 ? 1 : -1, hit.offset * MAX_BOUNCE_SLOPE);
    const x = hit.player === 0 ? LEFT_PADDLE_FACE + HALF_BALL : RIGHT_PADDLE_FACE - HALF_BALL;
    ball = { x, y: hit.y, vx, vy };
    const rallyHits = state.rallyHits + 1;
    state = {
      ...state,
      rallyHits,
      stats: {
        ...state.stats,
        ballHits: state.stats.ballHits + 1,
        maxBallSpeed: Math.max(state.stats.maxBallSpeed, speed),
        longestRally: Math.max(state.stats.longestRally, rallyHits),
      },
    };
    events.push({ type: 'paddleHit', player: hit.player, speed });
  }

  // A point is scored once the ball has wholly left the canvas.
  const scorer: PlayerIndex | null =
    ball.x + HALF_BALL < 0 ? 1 : ball.x - HALF_BALL > CANVAS_WIDTH ? 0 : null;
  if (scorer === null) return { state: { ...state, ball }, events };

  const scores: [number, number] = [...state.scores];
  scores[scorer] += 1;
  const stats = { ...state.stats, rallyCount: state.stats.rallyCount + 1 };
  const resting: Ball = { x: CENTRE_X, y: CENTRE_Y, vx: 0, vy: 0 };
  events.push({ type: 'point', scorer, scores });
  if (scores[scorer] >= WINNING_SCORE) {
    events.push({ type: 'matchOver', winner: scorer, reason: 'score', scores });
    events.push({ type: 'phase', phase: 'gameOver' });
    return {
      state: {
        ...state,
        ball: resting,
        scores,
        stats,
        phase: { name: 'gameOver', winner: scorer, reason: 'score' },
      },
      events,
    };
  }
  events.push({ type: 'phase', phase: 'roundEnd' });
  const server: PlayerIndex = state.server === 0 ? 1 : 0;
  return {
    state: {
      ...state,
      ball: resting,
      scores,
      stats,
      server,
      phase: { name: 'roundEnd', ticksLeft: ROUND_END_TICKS },
    },
    events,
  };
}

/**
 * Whether the ball's leading edge crossed a paddle's face during this tick while overlapping the paddle,
 * found by interpolating the crossing point, so no speed can tunnel through a paddle.
 */
function paddleHit(
  from: Ball,
  to: Ball,
  paddles: [number, number],
): { player: PlayerIndex; y: number; offset: number } | null {
  let player: PlayerIndex;
  let t: number;
  if (to.vx < 0 && from.x - HALF_BALL >= LEFT_PADDLE_FACE && to.x - HALF_BALL < LEFT_PADDLE_FACE) {
    player = 0;
    t = (from.x - HALF_BALL - LEFT_PADDLE_FACE) / (from.x - to.x);
  } else if (to.vx > 0 && from.x + HALF_BALL <= RIGHT_PADDLE_FACE && to.x + HALF_BALL > RIGHT_PADDLE_FACE) {
    player = 1;
    t = (RIGHT_PADDLE_FACE - from.x - HALF_BALL) / (to.x - from.x);
  } else {
    return null;
  }
  const y = from.y + (to.y - from.y) * t;
  const reach = HALF_PADDLE + HALF_BALL;
  const distance = y - paddles[player];
  if (Math.abs(distance) > reach) return null;
  return { player, y, offset: distance / reach };
}

/** Ends the match for a player who left (exit, forfeit, timeout): the other player wins. */
export function forfeit(state: MatchPhysics, loser: PlayerIndex): StepResult {
  if (state.phase.name === 'gameOver') return { state, events: [] };
  const winner: PlayerIndex = loser === 0 ? 1 : 0;
  return {
    state: { ...state, phase: { name: 'gameOver', winner, reason: 'forfeit' } },
    events: [
      { type: 'matchOver', winner, reason: 'forfeit', scores: state.scores },
      { type: 'phase', phase: 'gameOver' },
    ],
  };
}
