import { CANVAS_HEIGHT } from '../../common/game/constants.ts';
import { clampPaddleY } from './frame.ts';

/**
 * The game screen's input (SPEC §2): keyboard, the mouse over the canvas and the touch strip
 * all become one paddle target, the paddle's centre y on the 800×600 field. The mappings are pure; the small
 * controller below only remembers the keys held and the last target. The game provider applies SPEC §5's send
 * rules (numeric, one decimal, > 2 change, 16 ms throttle, 0-600) to what it is given.
 */

/** Keyboard paddle speed: 8 units per 60 Hz frame, below the server's 12 per tick, so it can keep up. */
export const KEY_SPEED_PER_MS = 0.48;
/** A frame after a stalled tab counts as at most this long, so the paddle does not jump across the field. */
export const MAX_FRAME_MS = 50;

/** -1 moves up, 1 down, 0 is not a paddle key. ArrowUp/ArrowDown and W/S, either case. */
export function keyDirection(key: string): -1 | 0 | 1 {
  switch (key) {
    case 'ArrowUp':
    case 'w':
    case 'W':
      return -1;
    case 'ArrowDown':
    case 's':
    case 'S':
      return 1;
    default:
      return 0;
  }
}

/** The target after one frame of a held key: a steady speed, clamped to where the paddle can be. */
export function stepKeyboard(y: number, direction: -1 | 0 | 1, frameMs: number): number {
  const ms = Math.min(Math.max(frameMs, 0), MAX_FRAME_MS);
  return clampPaddleY(y + direction * KEY_SPEED_PER_MS * ms);
}

/**
 * A pointer's page y over an element drawn `height` CSS pixels tall (the scaled canvas, or the touch strip)
 * mapped back to the field's 0-600, then clamped to where the paddle can be.
 */
export function elementYToField(clientY: number, top: number, height: number): number {
  if (!(height > 0)) return CANVAS_HEIGHT / 2;
  return clampPaddleY(((clientY - top) * CANVAS_HEIGHT) / height);
}

export interface PaddleControl {
  /** The last target the player chose, or null before any input this game. */
  readonly target: number | null;
  keyDown(key: string): boolean;
  keyUp(key: string): boolean;
  pointerAt(clientY: number, top: number, height: number): void;
  /** Advances held keys by one frame from `fallbackY` (the server's paddle) when there is no target yet. */
  step(frameMs: number, fallbackY: number): number | null;
  /** Forget keys and target: a new game, or the window lost focus. */
  reset(): void;
  releaseKeys(): void;
}

export function createPaddleControl(): PaddleControl {
  let target: number | null = null;
  let up = false;
  let down = false;
  const set = (key: string, held: boolean): boolean => {
    const direction = keyDirection(key);
    if (direction === -1) up = held;
    else if (direction === 1) down = held;
    return direction !== 0;
  };
  return {
    get target() {
      return target;
    },
    keyDown: (key) => set(key, true),
    keyUp: (key) => set(key, false),
    pointerAt(clientY, top, height) {
      target = elementYToField(clientY, top, height);
    },
    step(frameMs, fallbackY) {
      const direction = (Number(down) - Number(up)) as -1 | 0 | 1;
      if (direction !== 0) target = stepKeyboard(target ?? fallbackY, direction, frameMs);
      return target;
    },
    reset() {
      target = null;
      up = false;
      down = false;
    },
    releaseKeys() {
      up = false;
      down = false;
    },
  };
}
