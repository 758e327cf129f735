import { describe, expect, it } from 'vitest';
import { SNAPSHOT_HZ, TICKS_PER_SNAPSHOT } from '../../common/game/constants.ts';
import type { TimedSnapshot } from '../state/game-api.ts';
import { createSnapshotBuffer } from '../state/snapshot-buffer.ts';
import {
  clampPaddleY,
  computeFrame,
  createFrame,
  type FrameInput,
  interpolationAlpha,
  MAX_INTERPOLATION_MS,
} from './frame.ts';
import { timed } from './test-support/snapshots.ts';

const fallback = {
  state: 'playing' as const,
  scores: [2, 3] as const,
  paddles: [120, 480] as const,
  countdown: 0,
};

function input(snapshots: TimedSnapshot[], now: number, extra: Partial<FrameInput> = {}): FrameInput {
  return { snapshots, now, playerIndex: 0, ownPaddleY: null, fallback, ...extra };
}

// Two snapshots 16 ms apart: the ball moves from x 100 to x 116, the opponent's paddle from 200 to 216.
const older = timed(1000, { ballPos: { x: 100, y: 200 }, paddlePositions: [300, 200] });
const newer = timed(1016, { ballPos: { x: 116, y: 216 }, paddlePositions: [300, 216] });

describe('issue 9 point 7: the frame is interpolated between the last two snapshots by receive time', () => {
  it.each([
    { now: 1016, alpha: 0, ballX: 100, opponent: 200, why: 'the newer one has just arrived' },
    { now: 1020, alpha: 0.25, ballX: 104, opponent: 204, why: 'a quarter of the interval later' },
    { now: 1024, alpha: 0.5, ballX: 108, opponent: 208, why: 'half-way' },
    { now: 1032, alpha: 1, ballX: 116, opponent: 216, why: 'one whole interval later' },
    { now: 1100, alpha: 1, ballX: 116, opponent: 216, why: 'later still: clamped, never extrapolated' },
    { now: 1010, alpha: 0, ballX: 100, opponent: 200, why: 'before the newer one arrived: clamped to 0' },
  ])('at $now ms ($why) the ball and the opponent are at $alpha', ({ now, alpha, ballX, opponent }) => {
    expect(interpolationAlpha(1000, 1016, now)).toBe(alpha);
    const frame = computeFrame(input([older, newer], now, { playerIndex: 0 }));
    expect(frame.ballX).toBeCloseTo(ballX, 6);
    expect(frame.ballY).toBeCloseTo(ballX + 100, 6);
    expect(frame.paddles[1]).toBeCloseTo(opponent, 6);
  });

  it('two snapshots received at once (one socket read) show the newer one', () => {
    expect(interpolationAlpha(1000, 1000, 1000)).toBe(1);
    expect(computeFrame(input([timed(1000), timed(1000, { ballPos: { x: 50, y: 60 } })], 1000)).ballX).toBe(
      50,
    );
  });

  it(`a gap longer than ${MAX_INTERPOLATION_MS} ms is caught up within ${MAX_INTERPOLATION_MS} ms`, () => {
    const a = timed(0, { ballPos: { x: 100, y: 300 } });
    const b = timed(2000, { ballPos: { x: 300, y: 300 } });
    expect(computeFrame(input([a, b], 2000 + MAX_INTERPOLATION_MS / 2)).ballX).toBe(200);
    expect(computeFrame(input([a, b], 2000 + MAX_INTERPOLATION_MS)).ballX).toBe(300);
  });

  it('a single snapshot is drawn as it is', () => {
    const frame = computeFrame(input([newer], 5000));
    expect([frame.ballX, frame.ballY, frame.paddles[1]]).toEqual([116, 216, 216]);
  });

  it.each([
    {
      why: 'a point was scored (the ball went back to the centre)',
      a: timed(1000, { ballPos: { x: -10, y: 100 }, scores: [0, 0] }),
      b: timed(1016, { ballPos: { x: 400, y: 300 }, scores: [0, 1], gameState: 'roundEnd' }),
    },
    {
      why: 'the phase changed (serve)',
      a: timed(1000, { ballPos: { x: 400, y: 300 }, gameState: 'firstServe' }),
      b: timed(1016, { ballPos: { x: 406, y: 303 }, gameState: 'playing' }),
    },
    {
      why: 'the snapshots belong to two games',
      a: timed(1000, { id: 'a1c1a52a-52a4-4c35-9d7a-6f4e2b1c9a10', ballPos: { x: 10, y: 10 } }),
      b: timed(1016, { ballPos: { x: 400, y: 300 } }),
    },
  ])('no sliding across the field when $why: the newer snapshot is drawn', ({ a, b }) => {
    const frame = computeFrame(input([a, b], 1016));
    expect([frame.ballX, frame.ballY]).toEqual([b.data.ballPos.x, b.data.ballPos.y]);
  });
});

describe("issue 9 point 7: the player's own paddle is drawn where the player puts it, at once", () => {
  it.each([
    { playerIndex: 0 as const, own: 0, opponent: 1 },
    { playerIndex: 1 as const, own: 1, opponent: 0 },
  ])(
    'player $playerIndex: own paddle at the input, the other interpolated',
    ({ playerIndex, own, opponent }) => {
      const a = timed(1000, { paddlePositions: [100, 100] });
      const b = timed(1016, { paddlePositions: [120, 120] });
      const frame = computeFrame(input([a, b], 1024, { playerIndex, ownPaddleY: 450 }));
      expect(frame.paddles[own]).toBe(450);
      expect(frame.paddles[opponent]).toBe(110);
      expect(frame.playerIndex).toBe(playerIndex);
    },
  );

  it('before any input the own paddle follows the server like the other one', () => {
    const frame = computeFrame(input([older, newer], 1024, { ownPaddleY: null }));
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
    expect(computeFrame(input([older, newer], 1032, { ownPaddleY: y })).paddles[0]).toBe(drawn);
  });

  it('a spectator (no player index) moves no paddle of its own', () => {
    const frame = computeFrame(input([older, newer], 1032, { playerIndex: null, ownPaddleY: 500 }));
    expect(frame.paddles).toEqual([300, 216]);
  });
});

describe('issue 9 point 7: scores, overlays and the view before the first snapshot', () => {
  it.each([
    { state: 'firstServe' as const, countdownTime: 0, overlay: 'getReady' },
    { state: 'countdown' as const, countdownTime: 3, overlay: 'countdown' },
    { state: 'countdown' as const, countdownTime: 0, overlay: 'none' },
    { state: 'playing' as const, countdownTime: 0, overlay: 'none' },
    { state: 'roundEnd' as const, countdownTime: 0, overlay: 'none' },
  ])(
    'state $state (countdown $countdownTime) shows overlay $overlay',
    ({ state, countdownTime, overlay }) => {
      const frame = computeFrame(
        input([timed(1000, { gameState: state, countdownTime, scores: [4, 7] })], 1000),
      );
      expect(frame.overlay).toBe(overlay);
      expect(frame.countdown).toBe(countdownTime);
      expect(frame.scores).toEqual([4, 7]);
      expect(frame.state).toBe(state);
    },
  );

  it("with no snapshot yet the reducer's view is drawn, paddles clamped", () => {
    const frame = computeFrame(
      input([], 0, { fallback: { state: 'firstServe', scores: [1, 2], paddles: [0, 700], countdown: 0 } }),
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
    expect(computeFrame(input([older, newer], 1024), into)).toBe(into);
  });

  it('clampPaddleY keeps the centre in 50-550', () => {
    expect([clampPaddleY(-1), clampPaddleY(300), clampPaddleY(601)]).toEqual([50, 300, 550]);
  });
});

describe(`issue 11: at the server's ${SNAPSHOT_HZ} Hz snapshots the canvas still moves every frame, smoothly`, () => {
  /** A ball crossing the field at 6 units a tick, as the server samples it every TICKS_PER_SNAPSHOT ticks. */
  function drawn(jitterMs: (i: number) => number): number[] {
    const buffer = createSnapshotBuffer();
    const period = 1000 / SNAPSHOT_HZ;
    const arrivals = Array.from({ length: 12 }, (_, i) => ({
      at: 1000 + i * period + jitterMs(i),
      x: 100 + i * TICKS_PER_SNAPSHOT * 6,
    }));
    const xs: number[] = [];
    const frameMs = 1000 / 60;
    let next = 0;
    const frame = createFrame();
    for (let now = arrivals[1]!.at; now < arrivals.at(-1)!.at; now += frameMs) {
      while (next < arrivals.length && arrivals[next]!.at <= now) {
        const { at, x } = arrivals[next]!;
        buffer.push(timed(at, { ballPos: { x, y: 300 } }).data, at);
        next++;
      }
      xs.push(computeFrame(input([...buffer.latest()], now), frame).ballX);
    }
    return xs;
  }

  const steps = (xs: number[]) => xs.slice(1).map((x, i) => x - xs[i]!);

  it('steady arrivals: the ball advances by the same step every frame (no 3-frame stutter)', () => {
    const s = steps(drawn(() => 0));
    // 18 units per 50 ms snapshot is 6 per 16.7 ms frame: every frame moves, by that much.
    for (const step of s) expect(step).toBeCloseTo(6, 6);
  });

  it('jittered arrivals (±10 ms): the ball never goes back, never jumps, and stands still at most one frame', () => {
    const jitter = [0, 7, -4, 10, -10, 3, 9, -6, 0, 5, -8, 2];
    const s = steps(drawn((i) => jitter[i]!));
    expect(s.every((step) => step >= 0)).toBe(true);
    expect(Math.max(...s)).toBeLessThan(6 * 2.5);
    const stills = s.map((step, i) => (step === 0 && s[i - 1] === 0 ? 1 : 0));
    expect(stills.reduce((a: number, b) => a + b, 0)).toBe(0);
  });

  it.each([
    ['absent: no clock', {}, null],
    ['the last minute', { playTimeLeft: 42 }, 42],
    ['sudden death', { playTimeLeft: 0 }, 0],
  ] as const)(
    '§1 match-length rule: the newest snapshot’s clock is drawn as it is (%s)',
    (_, data, shown) => {
      expect(computeFrame(input([older, timed(1016, data)], 1020)).playTimeLeft).toBe(shown);
    },
  );
});
