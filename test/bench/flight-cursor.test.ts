import { describe, expect, it } from 'vitest';
import { createFlightCursor } from '../../bench/flight-cursor.ts';
import { type BallAnchor, ballAt, flyFrom } from '../../src/common/game/ball-track.ts';
import { TICK_MS } from '../../src/common/game/constants.ts';
import { seededRandom } from '../../src/server/game/match/bot-brain.ts';

describe('bench: the flight cursor flies the ball as ball-track does, to the last bit', () => {
  it.each([1, 2, 3, 4, 5])(
    'seed %i: random anchors, times and paddles give ball-track’s own answers',
    (seed) => {
      const random = seededRandom(seed);
      const cursor = createFlightCursor();
      let anchor: BallAnchor | null = null;
      const paddles: [number, number] = [300, 300];
      let now = 0;
      for (let i = 0; i < 3_000; i++) {
        if (!anchor || random() < 0.02) {
          const speed = 5 + random() * 20;
          const angle = (random() - 0.5) * 1.6 + (random() < 0.5 ? Math.PI : 0);
          const ball = {
            x: 100 + random() * 600,
            y: 20 + random() * 560,
            vx: speed * Math.cos(angle),
            vy: speed * Math.sin(angle),
          };
          anchor = { tick: i, at: now, ball, rallyHits: Math.floor(random() * 60) };
        }
        // Mostly later times, sometimes an earlier one; paddles moved in place, as the ball view does.
        now += random() < 0.9 ? random() * 3 * TICK_MS : -random() * 10 * TICK_MS;
        if (random() < 0.3) paddles[Math.floor(random() * 2)] = 50 + random() * 500;
        const serverNow = Math.max(anchor.at, now);
        expect(cursor.ballAt(anchor, serverNow, paddles)).toEqual(ballAt(anchor, serverNow, paddles));
        const ticks = (serverNow - anchor.at) / TICK_MS;
        const flown = cursor.flyFrom(anchor, ticks, paddles);
        const expected = flyFrom(anchor, ticks, paddles);
        expect(flown).toEqual({ ball: expected.ball, rallyHits: expected.rallyHits, out: expected.out });
      }
    },
  );
});
