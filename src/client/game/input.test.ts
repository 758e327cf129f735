import { describe, expect, it } from 'vitest';
import {
  createPaddleControl,
  elementYToField,
  KEY_SPEED_PER_MS,
  keyDirection,
  MAX_FRAME_MS,
  stepKeyboard,
} from './input.ts';

describe('keyboard (ArrowUp/ArrowDown and W/S)', () => {
  it.each([
    ['ArrowUp', -1],
    ['w', -1],
    ['W', -1],
    ['ArrowDown', 1],
    ['s', 1],
    ['S', 1],
    ['ArrowLeft', 0],
    ['Enter', 0],
    [' ', 0],
  ] as const)('%j moves %i', (key, direction) => {
    expect(keyDirection(key)).toBe(direction);
  });

  it.each([
    { y: 300, direction: -1 as const, ms: 1000 / 60, to: 300 - 8, why: 'one 60 Hz frame up: 8 units' },
    { y: 300, direction: 1 as const, ms: 1000 / 60, to: 308, why: 'one frame down' },
    {
      y: 300,
      direction: 1 as const,
      ms: 1000 / 120,
      to: 304,
      why: 'a 120 Hz frame: half as far, same speed',
    },
    { y: 300, direction: 0 as const, ms: 16, to: 300, why: 'no key' },
    { y: 54, direction: -1 as const, ms: 16, to: 50, why: 'clamped at the top' },
    { y: 548, direction: 1 as const, ms: 16, to: 550, why: 'clamped at the bottom' },
    {
      y: 300,
      direction: 1 as const,
      ms: 5000,
      to: 300 + KEY_SPEED_PER_MS * MAX_FRAME_MS,
      why: 'a stalled tab counts as one 50 ms frame',
    },
    { y: 300, direction: 1 as const, ms: -5, to: 300, why: 'time never runs backwards' },
  ])('$why', ({ y, direction, ms, to }) => {
    expect(stepKeyboard(y, direction, ms)).toBeCloseTo(to, 9);
  });

  it('a held key moves steadily from the server paddle, and both keys held cancel out', () => {
    const control = createPaddleControl();
    expect(control.step(16, 300)).toBeNull();
    expect(control.keyDown('ArrowDown')).toBe(true);
    expect(control.step(10, 300)).toBeCloseTo(304.8, 9);
    expect(control.step(10, 300)).toBeCloseTo(309.6, 9);
    control.keyDown('w');
    expect(control.step(10, 300)).toBeCloseTo(309.6, 9);
    control.keyUp('ArrowDown');
    expect(control.step(10, 300)).toBeCloseTo(304.8, 9);
    control.releaseKeys();
    expect(control.step(10, 300)).toBeCloseTo(304.8, 9);
    expect(control.keyDown('x')).toBe(false);
    control.reset();
    expect(control.target).toBeNull();
  });
});

describe('pointer and touch positions map back to the 800×600 field', () => {
  it.each([
    { clientY: 100, top: 100, height: 600, y: 50, why: 'top edge of a full-size canvas: clamped' },
    { clientY: 400, top: 100, height: 600, y: 300, why: 'middle of a full-size canvas' },
    { clientY: 250, top: 100, height: 300, y: 300, why: 'middle of a half-size canvas' },
    { clientY: 160, top: 100, height: 300, y: 120, why: 'a half-size canvas doubles the distance' },
    { clientY: 200.5, top: 20, height: 257.25, y: 421, why: 'a 343 px wide phone canvas' },
    { clientY: 390, top: 100, height: 300, y: 550, why: 'near the bottom: clamped to the paddle range' },
    { clientY: 9999, top: 0, height: 600, y: 550, why: 'outside below' },
    { clientY: -50, top: 0, height: 600, y: 50, why: 'outside above' },
    { clientY: 10, top: 0, height: 0, y: 300, why: 'an element not laid out' },
    { clientY: 10, top: 20, height: 144, y: 50, why: 'a tap above a 144 px touch strip' },
    { clientY: 92, top: 20, height: 144, y: 300, why: 'a tap in the middle of the touch strip' },
    { clientY: 128, top: 20, height: 144, y: 450, why: 'a tap three quarters down the strip' },
  ])('$why: $clientY → $y', ({ clientY, top, height, y }) => {
    expect(elementYToField(clientY, top, height)).toBeCloseTo(y, 1);
  });

  it('a pointer sets the target, and keys then move on from it', () => {
    const control = createPaddleControl();
    control.pointerAt(250, 100, 300);
    expect(control.target).toBe(300);
    control.keyDown('ArrowUp');
    expect(control.step(1000 / 60, 500)).toBeCloseTo(292, 9);
  });
});
