import { describe, expect, it } from 'vitest';
import { createMatchBed } from '../../../test/support/match-bed.ts';
import { MAX_PADDLE_SPEED } from '../../common/game/constants.ts';
import { ballSpeed } from '../../common/game/physics.ts';
import { advanceReplay, startReplay } from '../../common/game/replay.ts';
import type { ServerMessage } from '../../common/protocol.ts';
import { MAX_CORRECTION_PER_FRAME } from './ball-correction.ts';
import { type BallPrediction, createBallPrediction } from './ball-prediction.ts';

/**
 * The prediction against the real server's match: one seat's messages (keyframes, ball events, opponent
 * paddle reports) are fed to the client's predictor, which draws at the server's clock, and each drawn ball
 * is compared with the server's physics of that tick (re-run exactly from the match's record).
 */

interface Drawn {
  /** The server's tick the frame is drawn at. */
  tick: number;
  x: number;
  y: number;
  opponent: number;
  playing: boolean;
  correcting: boolean;
  keyframeTick: number | null;
}

function feed(p: BallPrediction, m: ServerMessage): number | null {
  if (m.type === 'gameState') p.heardKeyframe(m.data);
  if (m.type === 'ballEvent') p.heardBallEvent(m);
  if (m.type === 'opponentPaddle') p.heardOpponentPaddle(m, 0);
  return m.type === 'gameState' ? (m.data.tick ?? null) : null;
}

/**
 * Plays a match to its end. Seat 0 is the client: it follows the ball it draws, at most 10 units a tick to
 * whole units (so the server's paddle is exactly where the player has it). Seat 1 follows the server's ball
 * at 7 a tick (it misses steep balls); `still`: only while the ball moves away from it, standing still while it
 * comes (so its reported paddle is exact when the ball arrives). Seat 0's messages reach the client `delayTicks` ticks late.
 */
function playMatch(delayTicks: number, still: boolean) {
  const h = createMatchBed({ seed: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' });
  const p = createBallPrediction();
  const drawn: Drawn[] = [];
  const arrivals: { due: number; message: ServerMessage }[] = [];
  let read = 0;
  let own = 300;
  let other = 300;
  for (let i = 0; i < 60 * 60 * 8 && h.results.length === 0; i++) {
    const d = drawn.at(-1);
    if (d?.playing) own = Math.round(own + Math.max(-10, Math.min(10, d.y - own)));
    const server = h.match.snapshot(1);
    if (still) {
      if (server.ballVelocity.x <= 0) other = Math.round(server.ballPos.y);
    } else other = Math.round(other + Math.max(-7, Math.min(7, server.ballPos.y - other)));
    h.match.paddleMove(0, own);
    h.match.paddleMove(1, other);
    h.ticks(1);
    for (; read < h.outbox[0].length; read++)
      arrivals.push({ due: i + delayTicks, message: h.outbox[0][read]! });
    let keyframeTick: number | null = null;
    while (arrivals.length > 0 && arrivals[0]!.due <= i)
      keyframeTick = feed(p, arrivals.shift()!.message) ?? keyframeTick;
    const frame = p.draw(h.clock.now(), 0, own);
    if (!frame) continue;
    drawn.push({
      tick: i + 1,
      x: frame.ballX,
      y: frame.ballY,
      opponent: frame.paddles[1],
      playing: p.keyframe()?.gameState === 'playing',
      correcting: p.correcting(),
      keyframeTick,
    });
  }
  const result = h.results[0];
  if (!result) throw new Error('the match did not end');
  // The server's physics tick by tick, from its record.
  const cursor = startReplay(result.record);
  const physics = [cursor.state];
  while (advanceReplay(cursor, result.record)) physics.push(cursor.state);
  return { drawn, physics, result };
}

describe('the predicted ball is the server’s ball between events', () => {
  it('with the messages heard at once, every frame of play not under correction is the server’s ball to float precision', () => {
    const { drawn, physics, result } = playMatch(0, true);
    expect(result.stats.ballHits).toBeGreaterThan(10);
    // The frames line up with the server's ticks (a keyframe says its tick).
    for (const d of drawn) if (d.keyframeTick !== null) expect(d.keyframeTick).toBe(physics[d.tick]!.tick);
    let compared = 0;
    let playing = 0;
    drawn.forEach((d) => {
      const server = physics[d.tick]!;
      if (!d.playing || server.phase.name !== 'playing') return;
      playing += 1;
      if (d.correcting) return;
      compared += 1;
      expect(Math.abs(d.x - server.ball.x)).toBeLessThan(1e-9);
      expect(Math.abs(d.y - server.ball.y)).toBeLessThan(1e-9);
    });
    expect(compared).toBeGreaterThan(1_000);
    expect(compared / playing).toBeGreaterThan(0.95);
  });

  it.each([3, 6])(
    'heard %i ticks late (one-way latency), the drawn ball never moves more than its own motion plus the correction bound in a frame',
    (delayTicks) => {
      const { drawn, physics } = playMatch(delayTicks, false);
      let checked = 0;
      for (let i = 1; i < drawn.length; i++) {
        const [a, b] = [drawn[i - 1]!, drawn[i]!];
        const opponentMove = Math.abs(b.opponent - a.opponent);
        // A tick's length in epoch ms is not exact in floating point: a thousandth of a unit of slack.
        expect(opponentMove).toBeLessThanOrEqual(MAX_PADDLE_SPEED + 1e-3);
        if (!a.playing || !b.playing) continue;
        // The drawn path is up to the delay behind the server's: the fastest the ball went meanwhile.
        let speed = 0;
        for (let t = Math.max(0, b.tick - delayTicks - 1); t <= b.tick; t++)
          speed = Math.max(speed, ballSpeed(physics[t]!.ball));
        expect(Math.hypot(b.x - a.x, b.y - a.y)).toBeLessThanOrEqual(speed + MAX_CORRECTION_PER_FRAME + 1e-9);
        checked += 1;
      }
      expect(checked).toBeGreaterThan(1_000);
      // The opponent moved as the ball came: its returns were predicted off a paddle drawn behind its own.
      expect(drawn.filter((d) => d.correcting).length).toBeGreaterThan(20);
    },
  );
});
