import { describe, expect, it } from 'vitest';
import {
  BALL_SIZE,
  CANVAS_HEIGHT,
  LEFT_PADDLE_FACE,
  MAX_BALL_SPEED,
  MAX_PADDLE_SPEED,
  PADDLE_HEIGHT,
  PADDLE_MAX_Y,
  PADDLE_MIN_Y,
  RIGHT_PADDLE_FACE,
  ROUND_END_TICKS,
  SERVE_SPEED,
  TICK_HZ,
  WINNING_SCORE,
} from './constants.ts';
import { CURRENT_GENERATOR } from './generator-versions.ts';
import {
  type Ball,
  ballSpeed,
  createMatchPhysics,
  forfeit,
  type MatchEvent,
  type MatchPhysics,
  type PaddleTargets,
  step,
} from './physics.ts';
import { type MatchRecord, replayMatch } from './replay.ts';

const SEED = '0123456789abcdef0123456789abcdef';

function playing(ball: Ball, paddles: [number, number] = [300, 300]): MatchPhysics {
  return { ...createMatchPhysics(SEED, 0), phase: { name: 'playing' }, ball, paddles };
}

const still: PaddleTargets = [null, null];

describe('physics: one pure tick', () => {
  it('the countdown lasts the server value in seconds, then GET READY, then a serve', () => {
    let state = createMatchPhysics(SEED, 5);
    const seen: MatchEvent[] = [];
    for (let i = 0; i < 5 * TICK_HZ; i++) {
      expect(state.phase.name).toBe('countdown');
      ({ state } = step(state, still));
    }
    expect(state.phase.name).toBe('firstServe');
    for (let i = 0; i < TICK_HZ; i++) {
      const r = step(state, still);
      state = r.state;
      seen.push(...r.events);
    }
    expect(state.phase.name).toBe('playing');
    expect(seen).toContainEqual({ type: 'serve', server: state.server });
    expect(ballSpeed(state.ball)).toBeCloseTo(SERVE_SPEED, 10);
  });

  it.each([
    ['top wall', { x: 400, y: 10, vx: 5, vy: -6 }, 'down'],
    ['bottom wall', { x: 400, y: CANVAS_HEIGHT - 10, vx: 5, vy: 6 }, 'up'],
  ] as const)('a ball reaching the %s bounces back %s and stays on the canvas', (_, ball, direction) => {
    const { state, events } = step(playing(ball), still);
    expect(events).toContainEqual({ type: 'wallBounce' });
    expect(direction === 'down' ? state.ball.vy > 0 : state.ball.vy < 0).toBe(true);
    expect(state.ball.y - BALL_SIZE / 2).toBeGreaterThanOrEqual(0);
    expect(state.ball.y + BALL_SIZE / 2).toBeLessThanOrEqual(CANVAS_HEIGHT);
  });

  const reach = PADDLE_HEIGHT / 2 + BALL_SIZE / 2;
  it.each([
    ['centre of the left paddle', 0, 300, true],
    ['left paddle edge, just inside reach', 0, 300 + reach - 0.01, true],
    ['left paddle, just beyond reach', 0, 300 + reach + 0.5, false],
    ['centre of the right paddle', 1, 300, true],
    ['right paddle edge, just inside reach', 1, 300 - reach + 0.01, true],
    ['right paddle, just beyond reach', 1, 300 - reach - 0.5, false],
  ] as const)('paddle contact at the %s: hit=%s', (_, player, y, hits) => {
    const ball: Ball =
      player === 0
        ? { x: LEFT_PADDLE_FACE + BALL_SIZE / 2 + 2, y, vx: -6, vy: 0 }
        : { x: RIGHT_PADDLE_FACE - BALL_SIZE / 2 - 2, y, vx: 6, vy: 0 };
    const { state, events } = step(playing(ball), still);
    const hit = events.find((e) => e.type === 'paddleHit');
    expect(Boolean(hit)).toBe(hits);
    if (hits) expect(Math.sign(state.ball.vx)).toBe(player === 0 ? 1 : -1);
  });

  it('a hit off the paddle centre returns the ball flat; off its end, at the steepest angle', () => {
    const centre = step(playing({ x: LEFT_PADDLE_FACE + 10, y: 300, vx: -6, vy: 0 }), still).state.ball;
    expect(centre.vy).toBe(0);
    const edge = step(playing({ x: LEFT_PADDLE_FACE + 10, y: 300 + reach - 0.01, vx: -6, vy: 0 }), still)
      .state.ball;
    expect(edge.vy / edge.vx).toBeCloseTo(1, 2);
  });

  it.each([
    ['speeds up on a hit', 6, 6 * 1.05],
    ['never past the cap', MAX_BALL_SPEED, MAX_BALL_SPEED],
    ['caps a speed just under it', MAX_BALL_SPEED - 0.1, MAX_BALL_SPEED],
  ])('the ball %s', (_, before, after) => {
    const { state } = step(
      playing({ x: LEFT_PADDLE_FACE + 8 + before / 2, y: 300, vx: -before, vy: 0 }),
      still,
    );
    expect(ballSpeed(state.ball)).toBeCloseTo(after, 10);
  });

  it('a fast ball cannot tunnel through a paddle', () => {
    const { events } = step(
      playing({ x: LEFT_PADDLE_FACE + 8 + 1, y: 300, vx: -MAX_BALL_SPEED, vy: 0 }),
      still,
    );
    expect(events.some((e) => e.type === 'paddleHit')).toBe(true);
  });

  it.each([
    ['left edge: a point for player 1', { x: -3, y: 100, vx: -6, vy: 0 }, 1],
    ['right edge: a point for player 0', { x: 803, y: 100, vx: 6, vy: 0 }, 0],
  ] as const)('a ball leaving the %s', (_, ball, scorer) => {
    const { state, events } = step(playing(ball, [500, 500]), still);
    expect(events).toContainEqual({ type: 'point', scorer, scores: scorer === 0 ? [1, 0] : [0, 1] });
    expect(state.phase).toEqual({ name: 'roundEnd', ticksLeft: ROUND_END_TICKS });
  });

  it('the serve alternates after every point, toward the receiver', () => {
    let state = playing({ x: -3, y: 100, vx: -6, vy: 0 }, [500, 500]);
    const firstServer = state.server;
    ({ state } = step(state, still));
    expect(state.server).toBe(firstServer === 0 ? 1 : 0);
    for (let i = 0; i < ROUND_END_TICKS; i++) ({ state } = step(state, still));
    expect(state.phase.name).toBe('playing');
    expect(Math.sign(state.ball.vx)).toBe(state.server === 0 ? 1 : -1);
  });

  it(`the first to ${WINNING_SCORE} wins`, () => {
    const state: MatchPhysics = {
      ...playing({ x: 803, y: 100, vx: 6, vy: 0 }),
      scores: [WINNING_SCORE - 1, 9],
    };
    const { state: after, events } = step(state, still);
    expect(after.phase).toEqual({ name: 'gameOver', winner: 0, reason: 'score' });
    expect(events).toContainEqual({ type: 'matchOver', winner: 0, reason: 'score', scores: [11, 9] });
    expect(step(after, still).state).toBe(after);
  });

  it.each([
    ['far below', 10_000, 300 + MAX_PADDLE_SPEED],
    ['far above', -10_000, 300 - MAX_PADDLE_SPEED],
    ['near', 305, 305],
    ['not a number', Number.NaN, 300],
    ['infinite', Number.POSITIVE_INFINITY, 300],
  ])('a paddle target %s moves the paddle at most the maximum speed per tick', (_, target, expected) => {
    const { state } = step(playing({ x: 400, y: 300, vx: 1, vy: 0 }), [target, null]);
    expect(state.paddles[0]).toBe(expected);
    expect(state.paddles[1]).toBe(300);
  });

  it('a paddle never leaves the canvas however long it is pushed', () => {
    let state = playing({ x: 400, y: 300, vx: 0, vy: 0 });
    for (let i = 0; i < 100; i++) ({ state } = step(state, [-1e9, 1e9]));
    expect(state.paddles).toEqual([PADDLE_MIN_Y, PADDLE_MAX_Y]);
  });

  it('a forfeit ends the match for the other player, once', () => {
    const { state, events } = forfeit(playing({ x: 400, y: 300, vx: 1, vy: 0 }), 1);
    expect(state.phase).toEqual({ name: 'gameOver', winner: 0, reason: 'forfeit' });
    expect(events[0]).toMatchObject({ type: 'matchOver', winner: 0 });
    expect(forfeit(state, 0).events).toEqual([]);
  });
});

/** Two imperfect bots: each tracks the ball with a lag, so rallies end and the match finishes. */
function playWithBots(seed: string): { record: MatchRecord; final: MatchPhysics } {
  let state = createMatchPhysics(seed, 1);
  const record: MatchRecord = { seed, generator: CURRENT_GENERATOR, countdownSeconds: 1, inputs: [] };
  const targets: [number | null, number | null] = [null, null];
  while (state.phase.name !== 'gameOver') {
    const tick = state.tick + 1;
    if (tick % 7 === 0) {
      for (const player of [0, 1] as const) {
        const aim = Math.round(state.ball.y + (player === 0 ? 30 : -25));
        if (aim !== targets[player]) {
          targets[player] = aim;
          record.inputs.push([tick, player, aim]);
        }
      }
    }
    state = step(state, targets).state;
    if (state.tick > 200_000) throw new Error('match did not end');
  }
  return { record, final: state };
}

describe('a match is deterministic and replays from its seed', () => {
  it.each(['00000000000000000000000000000001', 'ffffffffffffffffffffffffffffffff', SEED])(
    'seed %s: the replay reaches the same points and winner',
    (seed) => {
      const { record, final } = playWithBots(seed);
      expect(Math.max(...final.scores)).toBe(WINNING_SCORE);
      const replay = replayMatch(record);
      expect(replay.scores).toEqual(final.scores);
      expect(replay.winner).toBe(final.phase.name === 'gameOver' ? final.phase.winner : null);
      expect(replay.final.tick).toBe(final.tick);
    },
  );

  it('a replay with a tampered input does not reproduce the result', () => {
    const { record, final } = playWithBots(SEED);
    const tampered: MatchRecord = {
      ...record,
      inputs: record.inputs.map(([t, p, y]) => [t, p, p === 0 ? y + 200 : y] as [number, 0 | 1, number]),
    };
    const replay = replayMatch(tampered);
    expect(replay.final.tick === final.tick && replay.scores.join() === final.scores.join()).toBe(false);
  });

  it('a forfeit in the record ends the replay with the other player winning', () => {
    const { record } = playWithBots(SEED);
    const replay = replayMatch({ ...record, forfeit: { afterTick: 500, loser: 0 } });
    expect(replay.winner).toBe(1);
    expect(replay.final.tick).toBe(500);
  });
});
