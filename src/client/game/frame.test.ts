import { describe, expect, it } from 'vitest';
import { TICK_MS } from '../../common/game/constants.ts';
import type { GameData } from '../../common/protocol.ts';
import { type BallPrediction, createBallPrediction } from './ball-prediction.ts';
import { clampPaddleY, computeFrame, createFrame, type FrameInput } from './frame.ts';
import { gameData } from './test-support/keyframes.ts';

const fallback = {
  state: 'playing' as const,
  scores: [2, 3] as const,
  paddles: [120, 480] as const,
  countdown: 0,
};

/** A prediction that heard these keyframes (the test game's data, changed by each). */
function heard(...keyframes: Partial<GameData>[]): BallPrediction {
  const prediction = createBallPrediction();
  for (const k of keyframes) prediction.heardKeyframe(gameData(k));
  return prediction;
}

function input(
  prediction: BallPrediction,
  serverNow: number | null,
  extra: Partial<FrameInput> = {},
): FrameInput {
  return { prediction, serverNow, playerIndex: 0, ownPaddleY: null, fallback, ...extra };
}

// A keyframe of tick 100 at server time 1000: the ball at (100, 200) moving 6 right and 3 down a tick.
const KEYFRAME: Partial<GameData> = {
  tick: 100,
  timestamp: 1_000,
  ballPos: { x: 100, y: 200 },
  ballVelocity: { x: 6, y: 3 },
  paddlePositions: [300, 200],
};
const afterTicks = (n: number) => 1_000 + n * TICK_MS;

describe('the ball is drawn where the server has it now: flown on from the keyframe with the physics', () => {
  it.each([
    { ticks: 0, x: 100, y: 200, why: 'at the keyframe’s own time' },
    { ticks: 0.5, x: 103, y: 201.5, why: 'half a tick on: on the straight line to the next tick' },
    { ticks: 10, x: 160, y: 230, why: 'ten ticks on' },
    { ticks: 30, x: 280, y: 290, why: 'half a second on' },
  ])('$why', ({ ticks, x, y }) => {
    const prediction = heard(KEYFRAME);
    // Each frame one after the other, as the loop draws them.
    let frame = createFrame();
    for (let t = 0; t <= ticks; t += 0.5) frame = computeFrame(input(prediction, afterTicks(t)), frame);
    expect(frame.ballX).toBeCloseTo(x, 9);
    expect(frame.ballY).toBeCloseTo(y, 9);
  });

  it('before any estimate of the server’s clock the keyframe’s ball is drawn as it is', () => {
    const frame = computeFrame(input(heard(KEYFRAME), null));
    expect([frame.ballX, frame.ballY]).toEqual([100, 200]);
  });

  it.each(['countdown', 'firstServe', 'roundEnd', 'waitingForReconnection'] as const)(
    'in %s the keyframe’s ball is drawn at rest, however late',
    (gameState) => {
      const prediction = heard({ ...KEYFRAME, gameState, ballPos: { x: 400, y: 300 } });
      const frame = computeFrame(input(prediction, afterTicks(90)));
      expect([frame.ballX, frame.ballY]).toEqual([400, 300]);
    },
  );

  it('no sliding across the field at a point: the new rally’s keyframe is drawn at once', () => {
    const prediction = heard(KEYFRAME);
    const frame = computeFrame(input(prediction, afterTicks(10)));
    expect(frame.ballX).toBeCloseTo(160, 9);
    prediction.heardKeyframe(
      gameData({
        ...KEYFRAME,
        tick: 111,
        timestamp: afterTicks(11),
        gameState: 'roundEnd',
        scores: [0, 1],
        ballPos: { x: 400, y: 300 },
      }),
    );
    computeFrame(input(prediction, afterTicks(11)), frame);
    expect([frame.ballX, frame.ballY, frame.scores]).toEqual([400, 300, [0, 1]]);
  });

  it('at 60 frames a second the ball advances by its own motion every frame, evenly', () => {
    const prediction = heard(KEYFRAME);
    const frame = createFrame();
    const xs: number[] = [];
    for (let i = 0; i < 40; i++)
      xs.push(computeFrame(input(prediction, 1_000 + i * (1000 / 60)), frame).ballX);
    for (let i = 1; i < xs.length; i++) expect(xs[i]! - xs[i - 1]!).toBeCloseTo(6, 9);
  });

  it('keyframes that agree with the path (rounded to 2 decimals on the wire) leave the drawn ball as it was', () => {
    const prediction = heard({
      ...KEYFRAME,
      ballVelocity: { x: 6.004, y: 3.004 },
      ballPos: { x: 100.001, y: 200.001 },
    });
    const alone = heard({
      ...KEYFRAME,
      ballVelocity: { x: 6.004, y: 3.004 },
      ballPos: { x: 100.001, y: 200.001 },
    });
    const [a, b] = [createFrame(), createFrame()];
    for (let i = 0; i <= 60; i++) {
      const now = afterTicks(i);
      if (i === 30) {
        // The server's ball at tick 130, as the wire rounds it.
        const round = (n: number) => Math.round(n * 100) / 100;
        prediction.heardKeyframe(
          gameData({
            ...KEYFRAME,
            tick: 130,
            timestamp: now,
            ballPos: { x: round(100.001 + 30 * 6.004), y: round(200.001 + 30 * 3.004) },
            ballVelocity: { x: 6, y: 3 },
          }),
        );
      }
      computeFrame(input(prediction, now), a);
      computeFrame(input(alone, now), b);
      expect([a.ballX, a.ballY]).toEqual([b.ballX, b.ballY]);
    }
    expect(prediction.correcting()).toBe(false);
  });
});

describe("the player's own paddle is drawn where the player puts it, at once", () => {
  it.each([
    { playerIndex: 0 as const, own: 0, opponent: 1 },
    { playerIndex: 1 as const, own: 1, opponent: 0 },
  ])(
    'player $playerIndex: own paddle at the input, the other from the server',
    ({ playerIndex, own, opponent }) => {
      const frame = computeFrame(
        input(heard({ ...KEYFRAME, paddlePositions: [100, 120] }), afterTicks(1), {
          playerIndex,
          ownPaddleY: 450,
        }),
      );
      expect(frame.paddles[own]).toBe(450);
      expect(frame.paddles[opponent]).toBe(opponent === 0 ? 100 : 120);
      expect(frame.playerIndex).toBe(playerIndex);
    },
  );

  it('before any input the own paddle follows the server like the other one', () => {
    const frame = computeFrame(input(heard(KEYFRAME), afterTicks(1), { ownPaddleY: null }));
    expect(frame.paddles[0]).toBe(300);
  });

  it.each([
    { y: -40, drawn: 50 },
    { y: 0, drawn: 50 },
    { y: 50, drawn: 50 },
    { y: 333.3, drawn: 333.3 },
    { y: 550, drawn: 550 },
    { y: 600, drawn: 550 },
    { y: 9999, drawn: 550 },
    { y: Number.NaN, drawn: 300 },
  ])('own paddle at $y is drawn at $drawn (whole paddle on the field)', ({ y, drawn }) => {
    expect(computeFrame(input(heard(KEYFRAME), afterTicks(2), { ownPaddleY: y })).paddles[0]).toBe(drawn);
  });

  it('a spectator (no player index) moves no paddle of its own', () => {
    const frame = computeFrame(input(heard(KEYFRAME), afterTicks(2), { playerIndex: null, ownPaddleY: 500 }));
    expect(frame.paddles).toEqual([300, 200]);
  });
});

describe('scores, overlays and the view before the first keyframe', () => {
  it.each([
    { state: 'firstServe' as const, countdownTime: 0, overlay: 'getReady' },
    { state: 'countdown' as const, countdownTime: 3, overlay: 'countdown' },
    { state: 'countdown' as const, countdownTime: 0, overlay: 'none' },
    { state: 'playing' as const, countdownTime: 0, overlay: 'none' },
    { state: 'roundEnd' as const, countdownTime: 0, overlay: 'none' },
  ])(
    'state $state (countdown $countdownTime) shows overlay $overlay',
    ({ state, countdownTime, overlay }) => {
      const frame = computeFrame(input(heard({ gameState: state, countdownTime, scores: [4, 7] }), 1000));
      expect(frame.overlay).toBe(overlay);
      expect(frame.countdown).toBe(countdownTime);
      expect(frame.scores).toEqual([4, 7]);
      expect(frame.state).toBe(state);
    },
  );

  it("with no keyframe yet the reducer's view is drawn, paddles clamped", () => {
    const frame = computeFrame(
      input(createBallPrediction(), 0, {
        fallback: { state: 'firstServe', scores: [1, 2], paddles: [0, 700], countdown: 0 },
      }),
    );
    expect(frame).toMatchObject({
      state: 'firstServe',
      scores: [1, 2],
      paddles: [50, 550],
      overlay: 'getReady',
    });
    expect([frame.ballX, frame.ballY]).toEqual([400, 300]);
  });

  it('the frame object is reused, so the loop allocates none', () => {
    const into = createFrame();
    expect(computeFrame(input(heard(KEYFRAME), 1024), into)).toBe(into);
  });

  it('clampPaddleY keeps the centre in 50-550', () => {
    expect([clampPaddleY(-1), clampPaddleY(300), clampPaddleY(601)]).toEqual([50, 300, 550]);
  });

  it.each([
    ['absent: no clock', {}, null],
    ['the last minute', { playTimeLeft: 42 }, 42],
    ['sudden death', { playTimeLeft: 0 }, 0],
  ] as const)(
    'match-length rule (the last minute, then sudden death): the newest keyframe’s clock is drawn as it is (%s)',
    (_, data, shown) => {
      expect(computeFrame(input(heard(KEYFRAME, { ...KEYFRAME, ...data }), 1020)).playTimeLeft).toBe(shown);
    },
  );
});
