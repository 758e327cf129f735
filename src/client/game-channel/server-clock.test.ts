import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../common/clock.ts';
import { CLOCK_SNAP_MS, followOffset } from '../game/server-time.ts';
import { CLOCK_SAMPLES, createServerClock } from './server-clock.ts';

/**
 * The wall clock is at 1_000_000 when the page's monotonic clock reads 0; the server's clock is 5_000 ms
 * ahead of the wall clock. A ping stamped at `sent` is answered `up` ms later by the server and arrives
 * `down` ms after that.
 */
function setup() {
  const wall = createFakeClock(1_000_000);
  const monotonicNow = () => wall.now() - 1_000_000;
  const clock = createServerClock({ wall, monotonicNow });
  const SERVER_AHEAD = 5_000;
  const exchange = (up: number, down: number) => {
    const sent = wall.now();
    wall.advance(up);
    const serverTime = wall.now() + SERVER_AHEAD;
    wall.advance(down);
    clock.pong(sent, serverTime);
  };
  // The right answer: server time minus the monotonic clock.
  const truth = 1_000_000 + SERVER_AHEAD;
  return { wall, clock, exchange, truth };
}

describe('the server clock’s offset is estimated from the pongs', () => {
  it('a symmetric round trip gives the offset exactly: serverTime + rtt/2 − now', () => {
    const { clock, exchange, truth } = setup();
    expect(clock.offsetMs()).toBeNull();
    exchange(40, 40);
    expect(clock.offsetMs()).toBe(truth);
    expect(clock.bestRoundTripMs()).toBe(80);
  });

  it('an asymmetric one errs by half the asymmetry; the lowest round trip of the recent samples is kept', () => {
    const { clock, exchange, truth } = setup();
    exchange(150, 10);
    expect(clock.offsetMs()).toBe(truth + 70);
    exchange(12, 8);
    expect(clock.offsetMs()).toBe(truth + 2);
    // A slower sample later does not replace the better one.
    exchange(200, 20);
    expect(clock.offsetMs()).toBe(truth + 2);
  });

  it(`only the last ${CLOCK_SAMPLES} samples count: an old best one ages out`, () => {
    const { clock, exchange, truth } = setup();
    exchange(5, 5);
    for (let i = 0; i < CLOCK_SAMPLES; i++) exchange(30, 50);
    expect(clock.offsetMs()).toBe(truth - 10);
    expect(clock.bestRoundTripMs()).toBe(80);
  });

  it('before any pong the first keyframe’s timestamp stands in (late by its one-way trip); a pong replaces it', () => {
    const { wall, clock, exchange, truth } = setup();
    const stamped = wall.now() + 5_000;
    wall.advance(30);
    clock.keyframe(stamped);
    expect(clock.offsetMs()).toBe(truth - 30);
    wall.advance(1_000);
    clock.keyframe(wall.now() + 5_000);
    expect(clock.offsetMs()).toBe(truth - 30);
    exchange(20, 20);
    expect(clock.offsetMs()).toBe(truth);
  });

  it('a pong that answers no ping of this clock’s time (a negative or a huge round trip) is not a sample', () => {
    const { wall, clock } = setup();
    clock.pong(wall.now() + 10, 123);
    clock.pong(wall.now() - 60_000, 123);
    expect(clock.offsetMs()).toBeNull();
  });
});

describe('the loop follows a changed offset at a bounded rate, so the ball never jumps for a better sample', () => {
  it.each([
    { shown: null, target: 500, elapsed: 16, next: 500, why: 'the first estimate is taken at once' },
    {
      shown: 500,
      target: 540,
      elapsed: 100,
      next: 510,
      why: 'a better sample is followed at 10% of the time passed',
    },
    { shown: 500, target: 495, elapsed: 16, next: 498.4, why: 'backwards too, slower than time runs' },
    {
      shown: 500,
      target: 500 + CLOCK_SNAP_MS + 1,
      elapsed: 16,
      next: 751,
      why: 'beyond CLOCK_SNAP_MS at once',
    },
    { shown: 500, target: null, elapsed: 16, next: 500, why: 'no estimate: kept' },
  ])('$why', ({ shown, target, elapsed, next }) => {
    expect(followOffset(shown, target, elapsed)).toBeCloseTo(next, 9);
  });
});
