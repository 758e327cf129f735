import {
  BALL_SIZE,
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  FINAL_PLAY_TICKS,
  FIRST_SERVE_TICKS,
  LEFT_PADDLE_FACE,
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
import {
  finalWhistle,
  isSuddenDeath,
  playStartTickOf,
  playTicksOf,
  rallyMinSlope,
  rallySpeedCap,
} from './match-length.ts';
import { nextFloat, type RngState, rngFromSeed } from './rng.ts';

export type PlayerIndex = 0 | 1;

/**
 * How a match ended: on points (at 11, or the leader at the first point of sudden death), at the final
 * whistle of the match-length rule, or by a player leaving (decided by the match, applied here).
 */
export type EndReason = 'score' | 'finalWhistle' | 'forfeit';

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
  /** The tick the countdown ended on: play time, which the match-length rule counts, starts here. */
  playStartTick: number;
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
    playStartTick: playStartTickOf(countdownSeconds),
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
  if (phase.name === 'gameOver') return { state: previous, events };
  if (playTicksOf(state) >= FINAL_PLAY_TICKS) return finalWhistle(state, events);

  switch (phase.name) {
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
  const hit = paddleHit(from, ball, state.paddles);

  if (hit) {
    const rallyHits = state.rallyHits + 1;
    const speed = Math.min(rallySpeedCap(rallyHits), ballSpeed(from) * SPEED_UP_FACTOR);
    const { vx, vy } = velocity(speed, hit.player === 0 ? 1 : -1, returnSlope(hit, rallyHits));
    const x = hit.player === 0 ? LEFT_PADDLE_FACE + HALF_BALL : RIGHT_PADDLE_FACE - HALF_BALL;
    ball = { x, y: hit.y, vx, vy };
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
    if (hit.afterWall) events.push({ type: 'wallBounce' });
    events.push({ type: 'paddleHit', player: hit.player, speed });
  } else if (ball.y - HALF_BALL < 0) {
    // Top and bottom walls reflect.
    ball = { ...ball, y: 2 * HALF_BALL - ball.y, vy: Math.abs(ball.vy) };
    events.push({ type: 'wallBounce' });
  } else if (ball.y + HALF_BALL > CANVAS_HEIGHT) {
    ball = { ...ball, y: 2 * (CANVAS_HEIGHT - HALF_BALL) - ball.y, vy: -Math.abs(ball.vy) };
    events.push({ type: 'wallBounce' });
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
  // First to 11; in sudden death, the first point that leaves a player ahead (SPEC §1, match-length rule).
  const leader: PlayerIndex | null = scores[0] > scores[1] ? 0 : scores[1] > scores[0] ? 1 : null;
  const winner = scores[scorer] >= WINNING_SCORE ? scorer : isSuddenDeath(state) ? leader : null;
  if (winner !== null) {
    events.push({ type: 'matchOver', winner, reason: 'score', scores });
    events.push({ type: 'phase', phase: 'gameOver' });
    return {
      state: {
        ...state,
        ball: resting,
        scores,
        stats,
        phase: { name: 'gameOver', winner, reason: 'score' },
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

interface PaddleHit {
  player: PlayerIndex;
  /** Where the ball's centre was as its leading edge crossed the face. */
  y: number;
  /** Where on the paddle: −1 its top end, 0 its centre, 1 its bottom end. */
  offset: number;
  /** The sign of the ball's vy at the face (after any wall bounce on the way this tick). */
  incomingVy: number;
  /** Whether the ball bounced off a wall this tick before it reached the face. */
  afterWall: boolean;
}

/**
 * Whether the ball's leading edge crossed a paddle's face during this tick while overlapping the paddle,
 * found by interpolating the crossing point along the tick's straight path, so no speed can tunnel through
 * a paddle. A path that met a wall first is folded at the wall, so the ball is judged where it really
 * crosses the face (at the rally's higher speeds a wall and a face in one tick are common).
 */
function paddleHit(from: Ball, to: Ball, paddles: [number, number]): PaddleHit | null {
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
  let y = from.y + (to.y - from.y) * t;
  let incomingVy = Math.sign(from.vy);
  let afterWall = false;
  if (y < HALF_BALL) {
    y = 2 * HALF_BALL - y;
    incomingVy = 1;
    afterWall = true;
  } else if (y > CANVAS_HEIGHT - HALF_BALL) {
    y = 2 * (CANVAS_HEIGHT - HALF_BALL) - y;
    incomingVy = -1;
    afterWall = true;
  }
  const reach = HALF_PADDLE + HALF_BALL;
  const distance = y - paddles[player];
  if (Math.abs(distance) > reach) return null;
  return { player, y, offset: distance / reach, incomingVy, afterWall };
}

/**
 * The slope vy/vx of a return: steeper the nearer the paddle's end it hits (MAX_BOUNCE_SLOPE at the end), and
 * at least the rally's minimum. Where that minimum steepens a return, the ball goes the way the paddle's end
 * sends it; off the very centre it keeps its vertical direction, and a flat ball heads for the farther wall.
 */
function returnSlope(hit: PaddleHit, rallyHits: number): number {
  const slope = hit.offset * MAX_BOUNCE_SLOPE;
  const least = rallyMinSlope(rallyHits);
  if (Math.abs(slope) >= least) return slope;
  const direction = Math.sign(hit.offset) || hit.incomingVy || (hit.y < CENTRE_Y ? 1 : -1);
  return direction * least;
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
