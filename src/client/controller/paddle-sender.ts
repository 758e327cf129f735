import type { Clock } from '../../common/clock.ts';
import { CANVAS_HEIGHT } from '../../common/game/constants.ts';
import type { TimerHandle, Timers } from '../game-channel/timers.ts';

/** SPEC §9: at most one paddle move per 16 ms, and only a move of more than 2. */
export const PADDLE_THROTTLE_MS = 16;
export const PADDLE_MIN_MOVE = 2;

/** SPEC §5: numeric only, rounded to one decimal, clamped to 0-600; null for anything else. */
export function paddlePosition(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const clamped = Math.min(CANVAS_HEIGHT, Math.max(0, value));
  return Math.round(clamped * 10) / 10;
}

export interface PaddleSender {
  /** Offers a target; it is sent now, a little later (throttled), or not at all (too small a change). */
  move(position: number): void;
  /** A new game: nothing sent yet, nothing waiting. */
  reset(): void;
}

/**
 * SPEC §5 paddle rules between the input and the socket. A move that the 16 ms throttle holds back is sent
 * when the throttle allows, so the last place the player chose always reaches the server.
 */
export function createPaddleSender(
  clock: Clock,
  timers: Timers,
  send: (position: number) => void,
): PaddleSender {
  let lastSent: number | null = null;
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let waiting: number | null = null;
  let timer: TimerHandle | null = null;

  const flush = () => {
    timer = null;
    if (waiting === null) return;
    const position = waiting;
    waiting = null;
    lastSent = position;
    lastSentAt = clock.now();
    send(position);
  };

  return {
    move(value) {
      const position = paddlePosition(value);
      if (position === null) return;
      if (lastSent !== null && Math.abs(position - lastSent) <= PADDLE_MIN_MOVE) {
        // Back near what the server already has: nothing newer needs to go out.
        waiting = null;
        return;
      }
      waiting = position;
      const wait = lastSentAt + PADDLE_THROTTLE_MS - clock.now();
      if (wait <= 0) {
        if (timer !== null) timers.clearTimeout(timer);
        flush();
      } else if (timer === null) {
        timer = timers.setTimeout(flush, wait);
      }
    },
    reset() {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      waiting = null;
      lastSent = null;
      lastSentAt = Number.NEGATIVE_INFINITY;
    },
  };
}
