import { describe, expect, it } from 'vitest';
import { type BallAnchor, ballAt, flyFrom, MAX_FLIGHT_TICKS } from './ball-track.ts';
import { BALL_SIZE, LEFT_PADDLE_FACE, RIGHT_PADDLE_FACE, TICK_MS } from './constants.ts';
import { createMatchPhysics, type MatchPhysics, type PaddleTargets, step } from './physics.ts';

const SEED = '0123456789abcdef0123456789abcdef';

/** Paddles that follow the ball a little off centre, so rallies have returns at many angles and walls. */
function follow(state: MatchPhysics, tick: number): PaddleTargets {
  const aim = state.ball.y + ((tick * 7) % 61) - 30;
  return [aim, aim + 11];
}

describe('the ball between events: the client flies it exactly as the server steps it', () => {
  it('from each serve or return, the flown ball equals the server physics tick by tick until the next one', () => {
    let state = createMatchPhysics(SEED, 1);
    let anchor: BallAnchor | null = null;
    let compared = 0;
    let anchors = 0;
    for (let tick = 1; tick <= 60 * 60 && state.phase.name !== 'gameOver'; tick++) {
      const stepped = step(state, follow(state, tick));
      state = stepped.state;
      const event = stepped.events.find((e) => e.type === 'serve' || e.type === 'paddleHit');
      if (event) {
        anchor = { tick: state.tick, at: state.tick * TICK_MS, ball: state.ball, rallyHits: state.rallyHits };
        anchors++;
        continue;
      }
      if (state.phase.name !== 'playing') {
        anchor = null;
        continue;
      }
      // Past a face it met no paddle: where it goes on depends on the paddle at that tick (a miss), and the
      // point that follows is the next event.
      const between =
        state.ball.x - BALL_SIZE / 2 >= LEFT_PADDLE_FACE && state.ball.x + BALL_SIZE / 2 <= RIGHT_PADDLE_FACE;
      if (!anchor || !between) continue;
      const flown = flyFrom(anchor, state.tick - anchor.tick, state.paddles);
      expect(flown.ball).toEqual(state.ball);
      expect(flown.rallyHits).toBe(state.rallyHits);
      compared++;
    }
    // A minute of play: many rallies, many returns, every tick between them compared.
    expect(anchors).toBeGreaterThan(20);
    expect(compared).toBeGreaterThan(1_000);
  });

  it('drawn between two ticks, the ball is on the straight line between them', () => {
    const anchor: BallAnchor = { tick: 10, at: 1_000, ball: { x: 400, y: 300, vx: 6, vy: 3 }, rallyHits: 0 };
    expect(ballAt(anchor, 1_000 + TICK_MS * 2.5, [300, 300])).toEqual({ x: 415, y: 307.5, out: false });
  });

  it('a ball that has left the canvas is held there: the point is the server’s to call', () => {
    const anchor: BallAnchor = { tick: 0, at: 0, ball: { x: 700, y: 20, vx: 15, vy: 0 }, rallyHits: 0 };
    // Paddles far from the ball's line: it passes the right face and leaves.
    const flown = flyFrom(anchor, 60, [300, 560]);
    expect(flown.out).toBe(true);
    expect(flown.ball.x).toBeGreaterThan(800);
    expect(flown.ball.x).toBeLessThan(840);
  });

  it('a ball is never flown further than MAX_FLIGHT_TICKS past its anchor', () => {
    const anchor: BallAnchor = { tick: 0, at: 0, ball: { x: 400, y: 300, vx: 0, vy: 1 }, rallyHits: 0 };
    expect(flyFrom(anchor, 10_000, [300, 300]).ball).toEqual(
      flyFrom(anchor, MAX_FLIGHT_TICKS, [300, 300]).ball,
    );
  });
});
