import { describe, expect, it } from 'vitest';
import { createMatchBed } from '../../../../test/support/match-bed.ts';
import {
  CANVAS_HEIGHT,
  MAX_PADDLE_SPEED,
  PADDLE_MAX_Y,
  PADDLE_MIN_Y,
} from '../../../common/game/constants.ts';
import { replayMatch } from '../../../common/game/replay.ts';
import { createMatchInputs } from './match-inputs.ts';

const centre = CANVAS_HEIGHT / 2;

describe('the server is authoritative: clients send only paddle targets, the server moves the paddles', () => {
  it('paddle range: a far target moves the paddle only at max speed per tick, then stops on the canvas', () => {
    const h = createMatchBed({ countdownSeconds: 1 });
    h.match.paddleMove(0, 10_000);
    const seen: number[] = [];
    for (let i = 0; i < 30; i++) {
      h.ticks(1);
      seen.push(h.match.snapshot(0).paddlePositions[0]);
    }
    expect(seen.slice(0, 3)).toEqual([1, 2, 3].map((n) => centre + n * MAX_PADDLE_SPEED));
    expect(seen.at(-1)).toBe(PADDLE_MAX_Y);
    expect(seen.every((y) => y <= PADDLE_MAX_Y)).toBe(true);
  });

  it("paddleMove: player 0's calls never move paddle 1", () => {
    const h = createMatchBed({ countdownSeconds: 1 });
    for (let i = 0; i < 60; i++) {
      h.match.paddleMove(0, i % 2 === 0 ? 0 : CANVAS_HEIGHT);
      h.ticks(1);
    }
    expect(h.match.snapshot(1).paddlePositions[1]).toBe(centre);
    expect(h.results).toEqual([]);
    h.match.leave(0, 'exit');
    expect(h.results[0]!.record.inputs.every(([, seat]) => seat === 0)).toBe(true);
  });

  it('inputs wait for the next tick and the latest target between ticks wins', () => {
    const h = createMatchBed({ countdownSeconds: 1 });
    h.ticks(1);
    h.match.paddleMove(1, PADDLE_MIN_Y);
    h.match.paddleMove(1, 290);
    expect(h.match.snapshot(1).paddlePositions[1]).toBe(centre);
    h.ticks(1);
    expect(h.match.snapshot(1).paddlePositions[1]).toBe(290);
    h.match.leave(1, 'exit');
    expect(h.results[0]!.record.inputs).toEqual([[2, 1, 290]]);
  });

  it('every match can be replayed: each target change is recorded with the tick it first drives', () => {
    const h = createMatchBed({ countdownSeconds: 1 });
    const script = [0, 0, 450, 450, 450, 120, 9_999, -50, 300];
    for (const [i, target] of script.entries()) {
      h.match.paddleMove((i % 2) as 0 | 1, target);
      h.ticks(7);
    }
    const paddles = h.match.snapshot(0).paddlePositions;
    h.match.leave(0, 'exit');
    const { record, ticks } = h.results[0]!;
    expect(record.inputs.every(([, , target]) => target >= PADDLE_MIN_Y && target <= PADDLE_MAX_Y)).toBe(
      true,
    );
    // Only changes are stored: an unchanged target is not a new input.
    expect(record.inputs.length).toBeLessThan(script.length);
    const replay = replayMatch({ ...record, forfeit: undefined }, ticks);
    expect(replay.final.paddles).toEqual(paddles);
  });

  it('the input queue is bounded to one pending target per seat', () => {
    const inputs = createMatchInputs();
    for (let i = 0; i < 10_000; i++) inputs.offer(0, i % 600);
    inputs.offer(1, Number.NaN);
    expect(inputs.drain(1)).toEqual([9_999 % 600, null]);
    expect(inputs.drain(2)).toEqual([9_999 % 600, null]);
    expect(inputs.record()).toEqual([[1, 0, 9_999 % 600]]);
  });

  it('the record keeps every change exactly, in order, past its first 256 (it grows)', () => {
    const inputs = createMatchInputs();
    const expected: [number, 0 | 1, number][] = [];
    for (let tick = 1; tick <= 1_000; tick++) {
      const seat = (tick % 2) as 0 | 1;
      // Fractions that a float32 would not keep exactly.
      const target = 60 + ((tick * 7.3) % 480) + 0.1;
      inputs.offer(seat, target);
      inputs.drain(tick);
      expected.push([tick, seat, target]);
    }
    expect(inputs.record()).toEqual(expected);
  });
});
