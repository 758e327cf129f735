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
import { CURRENT_GENERATOR, type GeneratorVersion } from './generator-versions.ts';
import {
  finalWhistle,
  isSuddenDeath,
  playStartTickOf,
  playTicksOf,
  rallyMinSlope,
  rallySpeedCap,
} from './match-length.ts';
import type {
  Ball,
  MatchEvent,
  MatchPhysics,
  PaddleTargets,
  PlayerIndex,
  StepResult,
} from './physics-types.ts';
import { nextFloat, rngFromSeed } from './rng.ts';

export type {
  Ball,
  EndReason,
  MatchEvent,
  MatchPhysics,
  PaddleTargets,
  Phase,
  PlayerIndex,
  StepResult,
} from './physics-types.ts';

const HALF_BALL = BALL_SIZE / 2;
const HALF_PADDLE = PADDLE_HEIGHT / 2;
const CENTRE_X = CANVAS_WIDTH / 2;
const CENTRE_Y = CANVAS_HEIGHT / 2;

/** A match at its start: the first draw chooses who serves first. A replay passes its record's generator. */
export function createMatchPhysics(
  seedHex: string,
  countdownSeconds: number,
  generator: GeneratorVersion = CURRENT_GENERATOR,
): MatchPhysics {
  const [first, rng] = nextFloat(rngFromSeed(seedHex, generator));
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

/** One tick of the ball's flight: where it is after it, and what it met on the way. */
export interface BallFlight {
  ball: Ball;
  /** A paddle's return: who hit it, the speed it leaves at, and whether a wall came first this tick. */
  hit: { player: PlayerIndex; speed: number; afterWall: boolean } | null;
  /** It bounced off the top or bottom wall (and met no paddle) this tick. */
  wall: boolean;
}

/**
 * The ball's part of a tick: it moves, a paddle face it crosses while overlapping the paddle returns it
 * (the rally's `rallyHits` so far set the return's speed cap and least slope), else the top and bottom walls
 * reflect it. Pure and shared: the server's step and the client's prediction fly the ball with this one
 * function, so between events they agree to the last bit.
 */
export function flyBall(from: Ball, paddles: readonly [number, number], rallyHits: number): BallFlight {
  const moved: Ball = { x: from.x + from.vx, y: from.y + from.vy, vx: from.vx, vy: from.vy };
  const hit = paddleHit(from, moved, paddles);
  if (hit) {
    const hits = rallyHits + 1;
    const speed = Math.min(rallySpeedCap(hits), ballSpeed(from) * SPEED_UP_FACTOR);
    const { vx, vy } = velocity(speed, hit.player === 0 ? 1 : -1, returnSlope(hit, hits));
    const x = hit.player === 0 ? LEFT_PADDLE_FACE + HALF_BALL : RIGHT_PADDLE_FACE - HALF_BALL;
    return {
      ball: { x, y: hit.y, vx, vy },
      hit: { player: hit.player, speed, afterWall: hit.afterWall },
      wall: false,
    };
  }
  if (moved.y - HALF_BALL < 0) {
    // Top and bottom walls reflect.
    return { ball: { ...moved, y: 2 * HALF_BALL - moved.y, vy: Math.abs(moved.vy) }, hit: null, wall: true };
  }
  if (moved.y + HALF_BALL > CANVAS_HEIGHT) {
    const y = 2 * (CANVAS_HEIGHT - HALF_BALL) - moved.y;
    return { ball: { ...moved, y, vy: -Math.abs(moved.vy) }, hit: null, wall: true };
  }
  return { ball: moved, hit: null, wall: false };
}

/** Whether the ball has wholly left the canvas, and past whose side: the other player scores. */
export function scorerOf(ball: Ball): PlayerIndex | null {
  return ball.x + HALF_BALL < 0 ? 1 : ball.x - HALF_BALL > CANVAS_WIDTH ? 0 : null;
}

function advanceBall(state: MatchPhysics, events: MatchEvent[]): StepResult {
  const flight = flyBall(state.ball, state.paddles, state.rallyHits);
  const { ball, hit } = flight;
  if (hit) {
    const rallyHits = state.rallyHits + 1;
    state = {
      ...state,
      rallyHits,
      stats: {
        ...state.stats,
        ballHits: state.stats.ballHits + 1,
        maxBallSpeed: Math.max(state.stats.maxBallSpeed, hit.speed),
        longestRally: Math.max(state.stats.longestRally, rallyHits),
      },
    };
    if (hit.afterWall) events.push({ type: 'wallBounce' });
    events.push({ type: 'paddleHit', player: hit.player, speed: hit.speed });
  } else if (flight.wall) {
    events.push({ type: 'wallBounce' });
  }

  // A point is scored once the ball has wholly left the canvas.
  const scorer = scorerOf(ball);
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
function paddleHit(from: Ball, to: Ball, paddles: readonly [number, number]): PaddleHit | null {
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
