import { describe, expect, it } from 'vitest';
import { perfectTrackerTarget, rallyKeeperTarget } from '../../../test/support/perfect-tracker.ts';
import {
  BALL_SIZE,
  CANVAS_HEIGHT,
  FINAL_PLAY_TICKS,
  LEFT_PADDLE_FACE,
  MAX_BALL_SPEED,
  MAX_PADDLE_SPEED,
  MAX_RALLY_BALL_SPEED,
  PLAY_TIME_LIMIT_TICKS,
  RALLY_MIN_SLOPE_LIMIT,
  ROUND_END_TICKS,
} from './constants.ts';
import { CURRENT_GENERATOR } from './generator-versions.ts';
import { maxMatchTicks, maxRecordedInputs, playTicksOf } from './match-length.ts';
import {
  type Ball,
  ballSpeed,
  createMatchPhysics,
  type MatchPhysics,
  type PaddleTargets,
  type PlayerIndex,
  step,
} from './physics.ts';
import { type MatchRecord, replayMatch } from './replay.ts';

const SEED = '0123456789abcdef0123456789abcdef';
/** The physics countdown a paid match runs: the 3 s opponent-found lead-in and the 5 s countdown. */
const COUNTDOWN = 8;
const still: PaddleTargets = [null, null];

/** Twelve seeds spread over the seed space, fixed so a failure names its seed. */
const SEEDS = Array.from({ length: 12 }, (_, i) =>
  ((i * 2_654_435_761) >>> 0).toString(16).padStart(8, '0').repeat(4),
);

type Bot = (view: MatchPhysics, player: PlayerIndex, previous: number | null) => number | null;

/** Plays a whole match on the pure physics with one bot per seat, recording every change of target. */
function playWhole(seed: string, bot: Bot): { record: MatchRecord; final: MatchPhysics } {
  let state = createMatchPhysics(seed, COUNTDOWN);
  const record: MatchRecord = { seed, generator: CURRENT_GENERATOR, countdownSeconds: COUNTDOWN, inputs: [] };
  const targets: [number | null, number | null] = [null, null];
  // Far past the bound, so a match the rule fails to end shows as a failed assertion, not a hang.
  while (state.phase.name !== 'gameOver' && state.tick < 2 * maxMatchTicks(COUNTDOWN)) {
    for (const player of [0, 1] as const) {
      const target = bot(state, player, targets[player]);
      if (target !== targets[player]) {
        targets[player] = target;
        if (target !== null) record.inputs.push([state.tick + 1, player, target]);
      }
    }
    state = step(state, targets).state;
  }
  return { record, final: state };
}

const tracker: Bot = (s, p, prev) => perfectTrackerTarget({ phase: s.phase.name, ball: s.ball }, p, prev);
const keeper: Bot = (s, p, prev) => rallyKeeperTarget({ phase: s.phase.name, ball: s.ball }, p, prev);

function playing(ball: Ball, over: Partial<MatchPhysics> = {}): MatchPhysics {
  return { ...createMatchPhysics(SEED, 0), phase: { name: 'playing' }, ball, paddles: [300, 300], ...over };
}

/** A state whose next step is tick `playTicks` of play. */
function atPlayTick(playTicks: number, over: Partial<MatchPhysics>): MatchPhysics {
  const base = playing({ x: 400, y: 300, vx: 6, vy: 0 }, over);
  return { ...base, tick: base.playStartTick + playTicks - 1 };
}

const leavingLeft: Ball = { x: -3, y: 100, vx: -6, vy: 0 };
const leavingRight: Ball = { x: 803, y: 100, vx: 6, vy: 0 };

describe('match-length rule: every match ends, and what it records is bounded', () => {
  it.each(SEEDS)('seed %s: two perfect trackers finish a match within the bound, and it replays', (seed) => {
    const { record, final } = playWhole(seed, tracker);
    expect(final.phase.name).toBe('gameOver');
    expect(final.tick).toBeLessThanOrEqual(maxMatchTicks(COUNTDOWN));
    expect(record.inputs.length).toBeLessThanOrEqual(maxRecordedInputs(COUNTDOWN));
    const replay = replayMatch(record);
    expect(replay.scores).toEqual(final.scores);
    expect(replay.winner).toBe(final.phase.name === 'gameOver' ? final.phase.winner : null);
    expect(replay.final.tick).toBe(final.tick);
  });

  it.each(SEEDS.slice(0, 4))(
    'seed %s: two players who never miss end at the final whistle, 0-0, decided by the seed; the replay agrees',
    (seed) => {
      const { record, final } = playWhole(seed, keeper);
      expect(final.scores).toEqual([0, 0]);
      expect(final.stats.longestRally).toBeGreaterThan(1_000);
      expect(final.phase).toMatchObject({ name: 'gameOver', reason: 'finalWhistle' });
      expect(playTicksOf(final)).toBe(FINAL_PLAY_TICKS);
      expect(final.tick).toBe(maxMatchTicks(COUNTDOWN));
      const replay = replayMatch(record);
      expect(replay.final).toEqual(final);
    },
  );

  it('a level score at the final whistle goes to either seat, by the seed', () => {
    const winners = new Set(
      SEEDS.map((seed) => {
        const { state } = step(atPlayTick(FINAL_PLAY_TICKS, { rng: createMatchPhysics(seed, 0).rng }), still);
        return state.phase.name === 'gameOver' ? state.phase.winner : null;
      }),
    );
    expect(winners).toEqual(new Set([0, 1]));
  });

  it.each([
    ['one tick before the limit, a point is just a point', PLAY_TIME_LIMIT_TICKS - 1, null],
    ['at the limit, the point ends it: sudden death', PLAY_TIME_LIMIT_TICKS, 0],
  ] as const)('sudden death: %s', (_, playTicks, winner) => {
    const { state, events } = step(atPlayTick(playTicks, { ball: leavingRight, scores: [5, 3] }), still);
    expect(events).toContainEqual({ type: 'point', scorer: 0, scores: [6, 3] });
    if (winner === null) {
      expect(state.phase).toEqual({ name: 'roundEnd', ticksLeft: ROUND_END_TICKS });
    } else {
      expect(state.phase).toEqual({ name: 'gameOver', winner, reason: 'score' });
      expect(events).toContainEqual({ type: 'matchOver', winner, reason: 'score', scores: [6, 3] });
    }
  });

  it.each([
    ['the trailer scores but is still behind: the leader wins', [7, 3], leavingLeft, 'gameOver', 0],
    ['a point that levels the score: play goes on', [4, 5], leavingRight, 'roundEnd', null],
    ['from level, the next point wins', [5, 5], leavingLeft, 'gameOver', 1],
  ] as const)('sudden death: %s', (_, scores, ball, phase, winner) => {
    const before = atPlayTick(PLAY_TIME_LIMIT_TICKS + 100, { ball, scores: [...scores] });
    const { state } = step(before, still);
    expect(state.phase.name).toBe(phase);
    if (winner !== null) expect(state.phase).toMatchObject({ winner });
  });

  it.each([
    ['one tick before it, the rally goes on', FINAL_PLAY_TICKS - 1, 'playing'],
    ['at it, the match ends mid-rally, the player ahead winning', FINAL_PLAY_TICKS, 'gameOver'],
  ] as const)('the final whistle: %s', (_, playTicks, phase) => {
    const { state, events } = step(atPlayTick(playTicks, { scores: [3, 4] }), still);
    expect(state.phase.name).toBe(phase);
    if (phase === 'gameOver') {
      expect(state.phase).toEqual({ name: 'gameOver', winner: 1, reason: 'finalWhistle' });
      expect(events).toContainEqual({ type: 'matchOver', winner: 1, reason: 'finalWhistle', scores: [3, 4] });
    }
  });

  it('play time starts after the countdown and stops with it: a countdown of any length gets the whole time', () => {
    for (const countdown of [0, 1, 5, 8]) {
      const fresh = createMatchPhysics(SEED, countdown);
      let state = fresh;
      while (state.phase.name === 'countdown') state = step(state, still).state;
      expect(playTicksOf(state)).toBe(0);
      expect(state.tick).toBe(fresh.playStartTick);
    }
  });
});

describe('the ball speeds up during play: long rallies get harder', () => {
  const reach = 58;
  const hitLeft = (speed: number, rallyHits: number, y = 300, vy = 0) =>
    step(playing({ x: LEFT_PADDLE_FACE + BALL_SIZE / 2 + 1, y, vx: -speed, vy }, { rallyHits }), still);

  it.each([
    ['a rally of 20 hits plays as before: capped', 19, MAX_BALL_SPEED, MAX_BALL_SPEED],
    ['the 21st hit lifts the cap by one', 20, MAX_BALL_SPEED, MAX_BALL_SPEED * 1.05],
    ['the 31st hit: 5% a hit, under the risen cap', 30, 20, 21],
    ['the 31st hit: the risen cap of 26', 30, 25.5, 26],
    ['never past the rally cap', 200, MAX_RALLY_BALL_SPEED, MAX_RALLY_BALL_SPEED],
  ])('%s', (_, rallyHits, before, after) => {
    expect(ballSpeed(hitLeft(before, rallyHits).state.ball)).toBeCloseTo(after, 10);
  });

  it.each([
    ['a centre hit in a short rally stays flat', 0, 300, 0, 0],
    ['a centre hit in a long rally leaves at the rally minimum, keeping its way', 30, 300, -3, -0.5],
    ['a flat ball in a long rally heads for the farther wall', 30, 200, 0, 0.5],
    ['a hit off the paddle end keeps its steeper slope', 30, 300 + reach - 0.01, 0, 1],
    ['halfway along the paddle: 0.2 beats 0.05 in the 21st hit', 20, 300 + reach * 0.2, 0, 0.2],
  ])('%s', (_, rallyHits, y, vy, slope) => {
    const paddles: [number, number] = [y === 200 ? 200 : 300, 300];
    const { state } = step(
      playing({ x: LEFT_PADDLE_FACE + BALL_SIZE / 2 + 1, y, vx: -10, vy }, { rallyHits, paddles }),
      still,
    );
    expect(state.ball.vy / state.ball.vx).toBeCloseTo(slope, 2);
  });

  it('at the rally cap the ball out-runs a paddle: vertically faster, across in under 19 ticks', () => {
    const { state } = hitLeft(MAX_RALLY_BALL_SPEED, 200);
    expect(Math.abs(state.ball.vy)).toBeGreaterThan(MAX_PADDLE_SPEED);
    expect(Math.abs(state.ball.vy / state.ball.vx)).toBeCloseTo(RALLY_MIN_SLOPE_LIMIT, 10);
    expect(664 / state.ball.vx).toBeLessThan(19);
  });

  it.each([
    ['at the rally cap, flat', { vx: -MAX_RALLY_BALL_SPEED, vy: 0 }],
    [
      'at the rally cap, at 45°',
      { vx: -MAX_RALLY_BALL_SPEED / Math.SQRT2, vy: MAX_RALLY_BALL_SPEED / Math.SQRT2 },
    ],
  ])('a fast ball cannot tunnel through a paddle: %s', (_, v) => {
    const { events } = step(playing({ x: LEFT_PADDLE_FACE + BALL_SIZE / 2 + 1, y: 300, ...v }), still);
    expect(events.some((e) => e.type === 'paddleHit')).toBe(true);
  });

  it('a ball that meets a wall and a face in one tick is judged where it really crosses the face', () => {
    // Along its path the ball turns off the bottom wall and crosses the face at y = 589: 59 below a paddle at
    // 530, just out of reach (58). Interpolating toward the already reflected end point put it at 582: a hit.
    const ball: Ball = { x: LEFT_PADDLE_FACE + BALL_SIZE / 2 + 20, y: 585, vx: -40, vy: 20 };
    const { events } = step(playing(ball, { paddles: [530, 300] }), still);
    expect(events.some((e) => e.type === 'paddleHit')).toBe(false);
    const within = step(playing(ball, { paddles: [532, 300] }), still);
    expect(within.events).toContainEqual({ type: 'wallBounce' });
    expect(within.events.some((e) => e.type === 'paddleHit')).toBe(true);
    expect(within.state.ball.y).toBeCloseTo(589, 10);
    expect(within.state.ball.y).toBeLessThanOrEqual(CANVAS_HEIGHT - BALL_SIZE / 2);
  });
});
