import { describe, expect, it } from 'vitest';
import { MAX_PADDLE_SPEED, TICK_MS } from '../../common/game/constants.ts';
import type { GameData } from '../../common/protocol.ts';
import { CORRECTION_MS, MAX_CORRECTION_PER_FRAME } from './ball-correction.ts';
import { type BallEvent, type BallPrediction, createBallPrediction } from './ball-prediction.ts';
import { GAME_ID, gameData } from './test-support/keyframes.ts';

const FRAME_MS = 1000 / 60;
const T0 = 10_000;
const timeOf = (tick: number) => T0 + (tick - 100) * TICK_MS;

/** A rally under way: at tick 100 the ball is at (400, 300) moving 6 right and 2 down a tick. */
const RALLY: Partial<GameData> = {
  tick: 100,
  timestamp: T0,
  ballPos: { x: 400, y: 300 },
  ballVelocity: { x: 6, y: 2 },
  paddlePositions: [300, 300],
  rallyHits: 1,
};

function hit(tick: number, ball: [number, number, number, number], over: Partial<BallEvent> = {}): BallEvent {
  return {
    type: 'ballEvent',
    gameId: GAME_ID,
    kind: 'hit',
    tick,
    at: timeOf(tick),
    ball,
    rallyHits: 2,
    paddles: [300, 300],
    ...over,
  };
}

function started(): BallPrediction {
  const p = createBallPrediction();
  p.heardKeyframe(gameData(RALLY));
  return p;
}

/** Draws frames FRAME_MS apart from `from` (ms), returning each drawn ball. */
function frames(p: BallPrediction, from: number, n: number, playerIndex: 0 | 1 | null = 0) {
  const out: { x: number; y: number; paddles: [number, number]; correcting: boolean }[] = [];
  for (let i = 0; i < n; i++) {
    const d = p.draw(from + i * FRAME_MS, playerIndex, null)!;
    out.push({ x: d.ballX, y: d.ballY, paddles: [d.paddles[0], d.paddles[1]], correcting: p.correcting() });
  }
  return out;
}

describe('a correction is blended in: never a jump, gone within a few frames', () => {
  // At tick 120 the client has the ball at (520, 340); the server says it was at (500, 330) then, moving the
  // other way (a return the client did not predict), heard 3 ticks late.
  const late = hit(120, [500, 330, -6.3, 2]);

  it.each([
    { why: 'a small one (22 units)', event: late, within: Math.ceil(CORRECTION_MS / FRAME_MS) + 1 },
    {
      why: 'a large one (300 units): at most one ball’s width a frame',
      event: hit(120, [220, 330, -6.3, 2]),
      within: Math.ceil(300 / MAX_CORRECTION_PER_FRAME) + 2,
    },
  ])(
    '$why moves the drawn ball at most MAX_CORRECTION_PER_FRAME beyond its own motion',
    ({ event, within }) => {
      const p = started();
      const before = frames(p, timeOf(100), 25);
      const last = before.at(-1)!;
      const lastAt = timeOf(100) + 24 * FRAME_MS;
      p.heardBallEvent(event);
      expect(p.correcting()).toBe(true);
      // The same path with nothing drawn before it: the ball's own motion, uncorrected.
      const own = createBallPrediction();
      own.heardKeyframe(gameData(RALLY));
      own.heardBallEvent({ ...event, kind: 'serve' });
      const after = frames(p, lastAt + FRAME_MS, within + 5);
      const path = frames(own, lastAt + FRAME_MS, within + 5);
      let previousOffset = { x: 0, y: 0 };
      let prev = last;
      let prevPath: { x: number; y: number } | null = null;
      for (let i = 0; i < after.length; i++) {
        const drawn = after[i]!;
        const offset = { x: drawn.x - path[i]!.x, y: drawn.y - path[i]!.y };
        if (prevPath) {
          const ownMotion = Math.hypot(path[i]!.x - prevPath.x, path[i]!.y - prevPath.y);
          const step = Math.hypot(drawn.x - prev.x, drawn.y - prev.y);
          expect(step).toBeLessThanOrEqual(ownMotion + MAX_CORRECTION_PER_FRAME + 1e-9);
          expect(Math.hypot(offset.x - previousOffset.x, offset.y - previousOffset.y)).toBeLessThanOrEqual(
            MAX_CORRECTION_PER_FRAME + 1e-9,
          );
        }
        previousOffset = offset;
        prev = drawn;
        prevPath = path[i]!;
      }
      const settled = after.findIndex((f) => !f.correcting);
      expect(settled).toBeGreaterThanOrEqual(0);
      expect(settled).toBeLessThanOrEqual(within);
      // Once settled, the drawn ball is the predicted one exactly.
      for (let i = settled; i < after.length; i++)
        expect([after[i]!.x, after[i]!.y]).toEqual([path[i]!.x, path[i]!.y]);
    },
  );

  it('the first frame after the correction starts where the last one was drawn, moved by the ball’s motion', () => {
    const p = started();
    frames(p, timeOf(100), 25);
    const lastAt = timeOf(100) + 24 * FRAME_MS;
    const last = p.draw(lastAt, 0, null)!;
    const [lx, ly] = [last.ballX, last.ballY];
    p.heardBallEvent(late);
    const next = p.draw(lastAt + FRAME_MS, 0, null)!;
    // The server's ball goes left at 6.3 a tick: one frame later the drawn one is at most that plus the bound.
    expect(Math.hypot(next.ballX - lx, next.ballY - ly)).toBeLessThanOrEqual(
      Math.hypot(6.3, 2) + MAX_CORRECTION_PER_FRAME,
    );
  });

  it('a hit from ahead of this side’s clock (the estimate behind the server’s) moves the ball on, never a jump', () => {
    const p = started();
    frames(p, timeOf(100), 25);
    const lastAt = timeOf(100) + 24 * FRAME_MS;
    const last = p.draw(lastAt, 0, null)!;
    // The server's return 36 ticks after the tick this side draws (600 ms ahead of its clock).
    p.heardBallEvent(hit(160, [740, 380, -7, 2]));
    let [px, py] = [last.ballX, last.ballY];
    for (let i = 1; i <= 30; i++) {
      const d = p.draw(lastAt + i * FRAME_MS, 0, null)!;
      expect(Math.hypot(d.ballX - px, d.ballY - py)).toBeLessThanOrEqual(
        Math.hypot(7, 2) + MAX_CORRECTION_PER_FRAME,
      );
      [px, py] = [d.ballX, d.ballY];
    }
  });

  it.each([
    {
      why: 'a point (the score changed)',
      over: { scores: [1, 0] as [number, number], gameState: 'roundEnd' as const },
    },
    { why: 'a new game', over: { id: '11111111-2222-4333-8444-555555555555' } },
  ])('no blending across $why: the new keyframe’s ball is drawn at once', ({ over }) => {
    const p = started();
    frames(p, timeOf(100), 25);
    p.heardKeyframe(
      gameData({ ...RALLY, tick: 125, timestamp: timeOf(125), ballPos: { x: 400, y: 300 }, ...over }),
    );
    const d = p.draw(timeOf(125), 0, null)!;
    expect([d.ballX, d.ballY]).toEqual([400, 300]);
    expect(p.correcting()).toBe(false);
  });

  it('a serve starts the new rally at the centre at once (no blending from where the last rally ended)', () => {
    const p = started();
    frames(p, timeOf(100), 25);
    p.heardKeyframe(
      gameData({ ...RALLY, tick: 200, timestamp: timeOf(200), scores: [0, 1], ballPos: { x: 400, y: 300 } }),
    );
    p.heardBallEvent(hit(200, [400, 300, -5, 3], { kind: 'serve', rallyHits: 0 }));
    const d = p.draw(timeOf(200), 0, null)!;
    expect([d.ballX, d.ballY, p.correcting()]).toEqual([400, 300, false]);
  });

  it('a keyframe that disagrees by more than a pixel is blended in like a hit', () => {
    const p = started();
    frames(p, timeOf(100), 31);
    p.heardKeyframe(gameData({ ...RALLY, tick: 130, timestamp: timeOf(130), ballPos: { x: 570, y: 360 } }));
    expect(p.correcting()).toBe(true);
  });
});

describe('the opponent’s paddle is drawn moving toward its reports at the paddle speed, never jumping', () => {
  it.each([0, 1] as const)(
    'seat %i: each frame moves it at most MAX_PADDLE_SPEED a tick, and it arrives',
    (seat) => {
      const p = started();
      const opponent = seat === 0 ? 1 : 0;
      frames(p, timeOf(100), 2, seat);
      p.heardOpponentPaddle({ type: 'opponentPaddle', tick: 102, y: 520 }, seat);
      const drawn = frames(p, timeOf(102), 40, seat).map((f) => f.paddles[opponent]);
      let previous = 300;
      for (const y of drawn) {
        expect(Math.abs(y - previous)).toBeLessThanOrEqual((MAX_PADDLE_SPEED * FRAME_MS) / TICK_MS + 1e-9);
        expect(y).toBeGreaterThanOrEqual(previous);
        previous = y;
      }
      expect(drawn.at(-1)).toBe(520);
    },
  );

  it('an older report than one already heard (a keyframe of a later tick) does not pull it back', () => {
    const p = started();
    p.heardOpponentPaddle({ type: 'opponentPaddle', tick: 90, y: 100 }, 0);
    expect(p.reportedPaddle(1)).toBe(300);
    p.heardOpponentPaddle({ type: 'opponentPaddle', tick: 106, y: 100 }, 0);
    expect(p.reportedPaddle(1)).toBe(100);
  });

  it('a ball event’s paddles are reports too', () => {
    const p = started();
    p.heardBallEvent(hit(110, [460, 320, -6.3, 2], { paddles: [310, 410] }));
    expect([p.reportedPaddle(0), p.reportedPaddle(1)]).toEqual([310, 410]);
  });
});

describe('a keyframe that agrees with the exact path keeps the exact values', () => {
  it('the ball event’s exact path is flown on, not the keyframe’s rounded one', () => {
    const exact: [number, number, number, number] = [460.123456, 320.654321, -6.3123456, 2.0987654];
    const p = started();
    p.heardBallEvent(hit(110, exact));
    frames(p, timeOf(110), 10);
    const round = (n: number) => Math.round(n * 100) / 100;
    const at = (t: number) => [exact[0] + exact[2] * (t - 110), exact[1] + exact[3] * (t - 110)] as const;
    const [x, y] = at(120);
    p.heardKeyframe(
      gameData({
        ...RALLY,
        tick: 120,
        timestamp: timeOf(120),
        ballPos: { x: round(x), y: round(y) },
        ballVelocity: { x: round(exact[2]), y: round(exact[3]) },
      }),
    );
    expect(p.correcting()).toBe(false);
    const d = p.draw(timeOf(150), 0, null)!;
    const [ex, ey] = at(150);
    expect(d.ballX).toBeCloseTo(ex, 9);
    expect(d.ballY).toBeCloseTo(ey, 9);
  });
});

describe('sounds: a return and a point are heard once each', () => {
  it('a hit ball event counts a hit; a keyframe with a higher score counts a score', () => {
    const p = started();
    expect(p.soundCount()).toBe(0);
    p.heardBallEvent(hit(110, [68, 320, 6.3, 2]));
    expect([p.soundCount(), p.lastSound()]).toEqual([1, { kind: 'hit' }]);
    p.heardKeyframe(
      gameData({ ...RALLY, tick: 150, timestamp: timeOf(150), scores: [0, 1], gameState: 'roundEnd' }),
    );
    expect([p.soundCount(), p.lastSound()]).toEqual([2, { kind: 'score', scorer: 1 }]);
  });
});
