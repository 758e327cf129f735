import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../common/clock.ts';
import { createManualTimers } from '../test-support/manual-timers.ts';
import { createPaddleSender, paddlePosition } from './paddle-sender.ts';

describe('paddle position rules', () => {
  it.each([
    [250, 250],
    [250.04, 250],
    [250.06, 250.1],
    [-5, 0],
    [600.4, 600],
    [9000, 600],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    ['300', null],
    [null, null],
  ])('numeric only, one decimal, clamped to 0-600: %s → %s', (input, expected) => {
    expect(paddlePosition(input)).toBe(expected);
  });

  function sender() {
    const clock = createFakeClock(0);
    const timers = createManualTimers(clock);
    const sent: Array<[number, number]> = [];
    const paddles = createPaddleSender(clock, timers, (p) => sent.push([clock.now(), p]));
    return { clock, timers, sent, paddles };
  }

  it('sent only if it changed by more than 2 from the last sent one', () => {
    const t = sender();
    t.paddles.move(300);
    t.timers.advance(20);
    t.paddles.move(302);
    t.timers.advance(20);
    t.paddles.move(297.95);
    t.timers.advance(20);
    t.paddles.move(302.1);
    t.timers.advance(20);
    expect(t.sent).toEqual([
      [0, 300],
      [60, 302.1],
    ]);
  });

  it('at most one move per 16 ms; the last one held back still goes out when allowed', () => {
    const t = sender();
    t.paddles.move(100);
    t.timers.advance(5);
    t.paddles.move(150);
    t.timers.advance(5);
    t.paddles.move(200);
    t.timers.advance(5);
    expect(t.sent).toEqual([[0, 100]]);
    t.timers.advance(1);
    expect(t.sent).toEqual([
      [0, 100],
      [16, 200],
    ]);
    t.timers.advance(100);
    expect(t.sent).toHaveLength(2);
  });

  it('a reset (new game) forgets the last sent position', () => {
    const t = sender();
    t.paddles.move(300);
    t.paddles.reset();
    t.timers.advance(16);
    t.paddles.move(301);
    expect(t.sent.map((s) => s[1])).toEqual([300, 301]);
  });
});
