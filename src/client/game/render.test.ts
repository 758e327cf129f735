import { describe, expect, it } from 'vitest';
import { createFrame, type Frame } from './frame.ts';
import { CLOCK_Y, COLORS, GET_READY, PADDLE_X, render, SCORE_X, SUDDEN_DEATH, YOU } from './render.ts';
import { RecordingContext } from './test-support/recording-context.ts';

function frame(overrides: Partial<Frame>): Frame {
  return { ...createFrame(), state: 'playing', ...overrides };
}

function draw(f: Frame): RecordingContext {
  const ctx = new RecordingContext();
  render(ctx, f);
  return ctx;
}

describe('the renderer draws the frame it is given on the 800×600 canvas', () => {
  it('clears the whole field first, then a dashed midline at x 400', () => {
    const ctx = draw(frame({}));
    expect(ctx.rects()[0]).toMatchObject({ x: 0, y: 0, w: 800, h: 600, color: COLORS.field });
    const stroke = ctx.calls.find((c) => c.op === 'stroke');
    expect(stroke?.lineDash.length).toBeGreaterThan(0);
    expect(ctx.calls.filter((c) => c.op === 'moveTo' || c.op === 'lineTo').map((c) => c.args)).toEqual([
      [400, 0],
      [400, 600],
    ]);
    // The dash is reset, so nothing drawn later is dashed by accident.
    expect(ctx.calls.at(-1)?.lineDash ?? []).toEqual([]);
  });

  it.each([
    { playerIndex: 0 as const, own: 0 },
    { playerIndex: 1 as const, own: 1 },
  ])('player $playerIndex: paddles where the frame says, own one green', ({ playerIndex, own }) => {
    const ctx = draw(frame({ paddles: [120, 480], playerIndex }));
    const paddles = ctx.rects().filter((r) => r.w === 20 && r.h === 100);
    expect(paddles).toHaveLength(2);
    expect(paddles.map((p) => [p.x, p.y])).toEqual([
      [PADDLE_X[0], 70],
      [PADDLE_X[1], 430],
    ]);
    expect([PADDLE_X[0], PADDLE_X[1]]).toEqual([40, 740]);
    expect(paddles[own]?.color).toBe(COLORS.own);
    expect(paddles[1 - own]?.color).toBe(COLORS.opponent);
  });

  it("watched without a seat (a replay): Player 1's paddle green and Player 2's cyan, as the replay legend", () => {
    const ctx = draw(frame({ paddles: [120, 480], playerIndex: null }));
    const paddles = ctx.rects().filter((r) => r.w === 20 && r.h === 100);
    expect(paddles.map((p) => p.color)).toEqual([COLORS.own, COLORS.opponent]);
  });

  it('both scores, on their own halves, and YOU over the player’s own', () => {
    const ctx = draw(frame({ scores: [7, 10], playerIndex: 1 }));
    const texts = ctx.calls.filter((c) => c.op === 'fillText');
    expect(texts.map((c) => c.args.slice(0, 2))).toEqual([
      ['7', SCORE_X[0]],
      ['10', SCORE_X[1]],
      [YOU, SCORE_X[1]],
    ]);
  });

  it('the ball, 16 units square, centred on its position while in play', () => {
    const ctx = draw(frame({ ballX: 250, ballY: 125 }));
    expect(ctx.rects()).toContainEqual(
      expect.objectContaining({ x: 242, y: 117, w: 16, h: 16, color: COLORS.ball }),
    );
  });

  it.each(['roundEnd', 'countdown'] as const)('no ball during %s', (state) => {
    const ctx = draw(frame({ state, ballX: 250, ballY: 125 }));
    expect(ctx.rects().some((r) => r.color === COLORS.ball)).toBe(false);
  });

  it("'GET READY' over a shaded field during first serve", () => {
    const ctx = draw(frame({ state: 'firstServe', overlay: 'getReady' }));
    expect(ctx.texts()).toContain(GET_READY);
    expect(ctx.rects().at(-1)).toMatchObject({ w: 800, h: 600, color: COLORS.overlayShade });
    expect(ctx.rects().at(-1)?.alpha).toBeLessThan(1);
    expect(ctx.calls.at(-1)).toMatchObject({ op: 'fillText', args: [GET_READY, 400, 300], globalAlpha: 1 });
  });

  it('the countdown overlay shows its number in the middle', () => {
    const ctx = draw(frame({ state: 'countdown', overlay: 'countdown', countdown: 3 }));
    expect(ctx.calls.at(-1)).toMatchObject({ op: 'fillText', args: ['3', 400, 300] });
    expect(ctx.texts()).not.toContain(GET_READY);
  });

  it('no overlay while playing', () => {
    const ctx = draw(frame({ overlay: 'none' }));
    expect(ctx.texts()).toEqual(['0', '0']);
    expect(ctx.rects().filter((r) => r.w === 800)).toHaveLength(1);
  });

  it.each([
    ['no clock for most of a match', null, null],
    ['the last minute of play counts down at the top centre', 59, '0:59'],
    ['a whole minute left', 60, '1:00'],
    ['then sudden death: the next point ends the match', 0, SUDDEN_DEATH],
  ] as const)('match-length rule: %s', (_, playTimeLeft, text) => {
    const ctx = draw(frame({ playTimeLeft }));
    const clock = ctx.calls.filter((c) => c.op === 'fillText' && c.args[1] === 400 && c.args[2] === CLOCK_Y);
    expect(clock.map((c) => c.args[0])).toEqual(text === null ? [] : [text]);
  });
});
