/**
 * The drawn-ball error: how far the ball a client draws is from where the server's physics has it at that
 * moment. Pure: the bot passes each drawn position with the server time it was drawn for, and each message in
 * the order heard.
 *
 * The server's truth is known only in hindsight, and exactly. Every serve and every paddle return reaches the
 * client as a `ballEvent` carrying the exact ball after that step; between two such events the ball met no
 * paddle (a return would have been an event), so its path is the shared physics' `flyBall` from the first
 * event with walls only: flown with paddles that cannot be met, it is the server's path to the last bit. And a
 * server tick's messages go in one frame, in order: once a message stamped at server time `m` is heard, every
 * event before `m` has been heard. So a drawn sample at time `s` is judged when the first message stamped
 * after `s` arrives: against the last event before `s`, flown on to `s`, the ball at the next event's step
 * being that event's own (exact) ball.
 *
 * The path between two steps is taken as the straight line between them (the ball moves within a tick), so a
 * perfect prediction scores 0, not the distance a tick moves it. The server's steps are timed by its own
 * stamps: between the event (its tick, at its `at`) and the settling message (its tick, at its time) the
 * ticks are spread evenly, which on a server keeping time is its fixed 60 Hz grid, and on one running late
 * is where its physics really was (not where the grid says it should have been). Only samples
 * drawn while the server's ball was in play count: from a serve until the step that scored (the keyframe of
 * the point); before a serve and after a point the ball rests, or is off the canvas on both sides.
 */
import { TICK_MS } from '../src/common/game/constants.ts';
import { type Ball, flyBall, scorerOf } from '../src/common/game/physics.ts';
import type { ServerMessage } from '../src/common/protocol.ts';

/** Paddle centres no ball can meet: the truth between two events met walls only. */
const UNREACHABLE: readonly [number, number] = [-1e9, -1e9];

interface Exact {
  tick: number;
  at: number;
  ball: Ball;
  rallyHits: number;
}

interface Sample {
  serverMs: number;
  x: number;
  y: number;
}

export interface DrawnBallError {
  /** The client drew the ball at (x, y) for server time `serverMs` (samples come in time order). */
  drawn(serverMs: number, position: { x: number; y: number } | null): void;
  /** A server message, in the order heard. */
  heard(message: ServerMessage): void;
  /** Samples still waiting for the message that settles them. */
  pending(): number;
}

/** `error` receives each judged sample's distance, in canvas units (pixels of the 800×600 canvas). */
export function createDrawnBallError(error: (units: number) => void): DrawnBallError {
  let gameId: string | null = null;
  /** The last exact point of the ball's path, while the server has it in play. */
  let from: Exact | null = null;
  let pending: Sample[] = [];
  /** The ball flown from `from`, kept while samples are judged in time order: `whole` ticks past it. */
  let cursor: { whole: number; ball: Ball; rallyHits: number } | null = null;

  /** The ball `whole` ticks past `from`, walls only; or the next event's exact ball at its step. */
  const truthAt = (start: Exact, whole: number, next: Exact | null): Ball => {
    if (next && start.tick + whole >= next.tick) return next.ball;
    if (!cursor || cursor.whole > whole) cursor = { whole: 0, ball: start.ball, rallyHits: start.rallyHits };
    while (cursor.whole < whole) {
      const flight = flyBall(cursor.ball, UNREACHABLE, cursor.rallyHits);
      cursor = { whole: cursor.whole + 1, ball: flight.ball, rallyHits: cursor.rallyHits };
    }
    return cursor.ball;
  };

  /**
   * Judges the samples drawn before server time `until` (the server's step `untilTick`) against the path
   * from `from`; `next` is the event heard there, `endTick` the step that ended play there (the point).
   */
  const settle = (
    until: number,
    untilTick: number | undefined,
    next: Exact | null,
    endTick: number | null,
  ) => {
    const start = from;
    // Ticks a millisecond, from the server's own stamps; its nominal rate when they tell nothing.
    const rate =
      start && untilTick !== undefined && untilTick > start.tick && until > start.at
        ? (untilTick - start.tick) / (until - start.at)
        : 1 / TICK_MS;
    let i = 0;
    for (; i < pending.length && pending[i]!.serverMs < until; i++) {
      const sample = pending[i]!;
      if (!start) continue;
      const t = (sample.serverMs - start.at) * rate;
      if (t < 0) continue;
      // The ball leaving the canvas on the step that scored is not in play.
      if (endTick !== null && start.tick + t > endTick - 1) continue;
      const whole = Math.floor(t);
      const a = truthAt(start, whole, next);
      if (scorerOf(a) !== null) continue;
      const b = truthAt(start, whole + 1, next);
      const fraction = t - whole;
      const x = a.x + (b.x - a.x) * fraction;
      const y = a.y + (b.y - a.y) * fraction;
      error(Math.hypot(sample.x - x, sample.y - y));
    }
    pending = pending.slice(i);
  };

  const reset = (id: string | null) => {
    gameId = id;
    from = null;
    cursor = null;
    pending = [];
  };

  return {
    drawn(serverMs, position) {
      if (position && gameId !== null) pending.push({ serverMs, x: position.x, y: position.y });
    },
    heard(message) {
      switch (message.type) {
        case 'gameState': {
          if (message.gameId !== gameId) return reset(message.gameId);
          const { data } = message;
          const ends = data.gameState !== 'playing' || data.disconnectedPlayerIndex !== null;
          settle(data.timestamp, data.tick, null, ends && data.tick !== undefined ? data.tick : null);
          if (ends) {
            from = null;
            cursor = null;
          }
          return;
        }
        case 'ballEvent': {
          if (message.gameId !== gameId) return;
          const [x, y, vx, vy] = message.ball;
          const event = {
            tick: message.tick,
            at: message.at,
            ball: { x, y, vx, vy },
            rallyHits: message.rallyHits,
          };
          settle(message.at, message.tick, event, null);
          from = event;
          cursor = null;
          return;
        }
        case 'gameOver':
          // The last point's step is not told in ticks here; what was drawn since the last event is dropped.
          if (message.gameId === gameId) reset(null);
          return;
        default:
          return;
      }
    },
    pending: () => pending.length,
  };
}
