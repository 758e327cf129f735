import { describe, expect, it } from 'vitest';
import { createDrawnBallError } from '../../bench/drawn-ball-error.ts';
import { TICK_MS } from '../../src/common/game/constants.ts';
import type { ServerMessage } from '../../src/common/protocol.ts';
import { at, ballEvent, keyframe } from './wire-messages.ts';

function judge() {
  const errors: number[] = [];
  // To a millionth of a unit: the sample times are fractions of a tick in binary.
  const error = createDrawnBallError((units) => errors.push(Number(units.toFixed(6))));
  error.heard(keyframe(90, 'roundEnd'));
  return { error, errors };
}

describe('bench: the drawn-ball error is judged against the server’s path, known once the next event is heard', () => {
  it('a sample drawn where the server has the ball scores 0; one drawn 3 across and 4 down scores 5', () => {
    const { error, errors } = judge();
    // Served at tick 100 from the centre, 6 a tick to the right, level: 10 ticks later it is at x 460.
    error.heard(keyframe(100, 'playing'));
    error.heard(ballEvent('serve', 100, [400, 300, 6, 0]));
    error.drawn(at(110), { x: 460, y: 300 });
    error.drawn(at(112), { x: 475, y: 304 });
    expect(errors).toEqual([]);
    // The next message stamped after the samples settles them.
    error.heard(keyframe(180, 'playing'));
    expect(errors).toEqual([0, 5]);
  });

  it('between two steps the server’s ball is on the straight line between them', () => {
    const { error, errors } = judge();
    error.heard(ballEvent('serve', 100, [400, 300, 6, 0]));
    error.drawn(at(110) + TICK_MS / 2, { x: 460, y: 300 });
    error.heard(keyframe(180, 'playing'));
    expect(errors[0]).toBeCloseTo(3, 9);
  });

  it('the walls are folded in: the truth between events reflects off them as the physics does', () => {
    const { error, errors } = judge();
    // From y 20 moving up 10 a tick: the ball's top (half a ball is 8) meets the wall; 2 ticks on it is at y 16.
    error.heard(ballEvent('hit', 100, [400, 20, 0, -10]));
    error.drawn(at(102), { x: 400, y: 16 });
    error.heard(keyframe(180, 'playing'));
    expect(errors).toEqual([0]);
  });

  it('the step of the next event is that event’s own ball: a return is judged where it really went', () => {
    const { error, errors } = judge();
    error.heard(ballEvent('serve', 100, [400, 300, 6, 0]));
    // A client that flew the ball on past the paddle, half a tick before the return at tick 150.
    error.drawn(at(149.5), { x: 400 + 6 * 49.5, y: 300 });
    error.heard(ballEvent('hit', 150, [700, 310, -7, 0]));
    // Truth: halfway between (694, 300) at tick 149 and the return's (700, 310): (697, 305), 5 below it.
    expect(errors[0]).toBeCloseTo(5, 9);
  });

  it('times the server’s steps by its own stamps: a server running late has its ball where its physics was', () => {
    const { error, errors } = judge();
    error.heard(ballEvent('serve', 100, [400, 300, 6, 0]));
    // Tick 160 ran 500 ms late: 60 steps in 1.5 s. Halfway in time (750 ms on) the physics was at step 130.
    error.drawn(at(100) + 750, { x: 580, y: 300 });
    const late = keyframe(160, 'playing') as Extract<ServerMessage, { type: 'gameState' }>;
    error.heard({ ...late, timestamp: at(160) + 500, data: { ...late.data, timestamp: at(160) + 500 } });
    expect(errors).toEqual([0]);
  });

  it('counts only samples drawn while the server had the ball in play: not before the serve, not after the point', () => {
    const { error, errors } = judge();
    error.drawn(at(95), { x: 400, y: 300 });
    error.heard(ballEvent('serve', 100, [400, 300, 6, 0]));
    error.drawn(at(120), { x: 520, y: 300 });
    error.drawn(at(139.5), { x: 0, y: 0 });
    error.drawn(at(141), { x: 0, y: 0 });
    // The point was scored on step 140: its keyframe shows roundEnd.
    error.heard(keyframe(140, 'roundEnd'));
    error.heard(keyframe(200, 'roundEnd'));
    expect(errors).toEqual([0]);
    expect(error.pending()).toBe(0);
  });

  it('a client that has not heard the serve yet draws the resting ball, and is that far off', () => {
    const { error, errors } = judge();
    // Heard 3 ticks late: the client drew the ball at rest at 3 ticks past the serve.
    error.drawn(at(103), { x: 400, y: 300 });
    error.heard(keyframe(100, 'playing'));
    error.heard(ballEvent('serve', 100, [400, 300, 6, 0]));
    expect(errors).toEqual([]);
    error.heard(keyframe(180, 'playing'));
    expect(errors).toEqual([18]);
  });

  it('a new game forgets what was drawn in the last one', () => {
    const { error, errors } = judge();
    error.heard(ballEvent('serve', 100, [400, 300, 6, 0]));
    error.drawn(at(110), { x: 0, y: 0 });
    error.heard({ ...keyframe(0, 'countdown'), gameId: 'g2' } as ServerMessage);
    expect(error.pending()).toBe(0);
    expect(errors).toEqual([]);
  });
});
