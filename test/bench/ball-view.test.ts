import { describe, expect, it } from 'vitest';
import { createBallView } from '../../bench/ball-view.ts';
import { createDrawnBallError } from '../../bench/drawn-ball-error.ts';
import { MAX_FLIGHT_TICKS } from '../../src/common/game/ball-track.ts';
import { MAX_RALLY_BALL_SPEED, TICK_MS } from '../../src/common/game/constants.ts';
import type { ServerMessage } from '../../src/common/protocol.ts';
import { createMatchBed, type MatchBed } from '../support/match-bed.ts';
import { at, ballEvent, keyframe } from './wire-messages.ts';

/**
 * A real match (the server's, on a fake clock) whose seat-0 messages reach a client `delayTicks` ticks after
 * they were sent. Both paddles follow the ball as the server has it, so rallies go on.
 */
function playMatch(delayTicks: number, ticks: number, onTick: (h: MatchBed, heard: ServerMessage[]) => void) {
  const h = createMatchBed({ countdownSeconds: 1 });
  const sentAt: number[] = [];
  let delivered = 0;
  for (let i = 0; i < ticks && h.results.length === 0; i++) {
    const ball = h.match.snapshot(0).ballPos;
    h.match.paddleMove(0, ball.y);
    h.match.paddleMove(1, ball.y);
    h.ticks(1);
    while (sentAt.length < h.outbox[0].length) sentAt.push(i);
    const due = sentAt.findLastIndex((sent) => sent + delayTicks <= i) + 1;
    onTick(h, h.outbox[0].slice(delivered, due));
    delivered = Math.max(delivered, due);
  }
  return h;
}

/**
 * The server's snapshot is to two decimals (0.005), and the harness' fake clock adds 16.67 ms steps to an
 * epoch time, whose doubles keep only ~0.0002 ms: over a flight the tick counted from an event drifts by a few
 * ten-thousandths of a tick, thousandths of a unit at the ball's speed.
 */
const CLOSE = 0.02;

describe('bench: the bot’s ball view, from keyframes, ball events and paddle reports', () => {
  it('heard at once, it draws the ball where the server’s physics has it on every tick of play', () => {
    const view = createBallView();
    let compared = 0;
    playMatch(0, 1_200, (h, heard) => {
      for (const message of heard) view.heard(message);
      const server = h.match.snapshot(0);
      if (server.gameState !== 'playing') return;
      const drawn = view.drawn(h.clock.now());
      expect(Math.abs(drawn!.x - server.ballPos.x)).toBeLessThanOrEqual(CLOSE);
      expect(Math.abs(drawn!.y - server.ballPos.y)).toBeLessThanOrEqual(CLOSE);
      compared++;
    });
    expect(compared).toBeGreaterThan(600);
  });

  it('gives the brain the ball flown on with its velocity, and the phase', () => {
    const view = createBallView();
    playMatch(0, 400, (h, heard) => {
      for (const message of heard) view.heard(message);
      const server = h.match.snapshot(0);
      const sight = view.sight(h.clock.now());
      expect(sight?.gameState).toBe(server.gameState);
      if (server.gameState !== 'playing') return;
      expect(sight?.ballVelocity.x).toBeCloseTo(server.ballVelocity.x, 1);
      expect(sight?.ballVelocity.y).toBeCloseTo(server.ballVelocity.y, 1);
    });
  });

  it('flies from the exact ball event while ball-track reaches, and past that from a later keyframe', () => {
    const view = createBallView();
    // A slow, steep ball: 2 across a tick, level here for the arithmetic (walls play no part).
    view.heard(keyframe(100, 'playing'));
    view.heard(ballEvent('serve', 100, [100, 300, 2, 0]));
    const reach = MAX_FLIGHT_TICKS;
    const keyframeTick = 100 + reach - 20;
    const keyframeX = 100 + 2 * (reach - 20) + 0.004;
    view.heard(keyframe(keyframeTick, 'playing', [keyframeX, 300, 2.001, 0]));
    // Within ball-track's reach of the event: from the event, exactly (the keyframe's figures are off by thousandths).
    expect(view.drawn(at(100 + reach - 10))?.x).toBeCloseTo(100 + 2 * (reach - 10), 9);
    // Past it, where ball-track holds the ball: from the keyframe.
    expect(view.drawn(at(100 + reach + 10))?.x).toBeCloseTo(keyframeX + 30 * 2.001, 6);
  });

  it('lays the opponent’s paddle reports and the bot’s own target over the keyframe’s paddles', () => {
    const view = createBallView();
    const h = createMatchBed({ countdownSeconds: 1 });
    h.ticks(1);
    for (const message of h.outbox[0]) view.heard(message);
    expect(view.game()).toEqual({ id: h.match.id, seat: 0 });
    view.heard({ type: 'opponentPaddle', tick: 2, y: 123.4 });
    view.ownTarget(456);
    expect(view.paddles()).toEqual([456, 123.4]);
  });
});

describe('bench: the drawn-ball error over a real match', () => {
  /**
   * The errors of a client that hears seat 0's messages `delayTicks` late and draws on every tick, `aheadMs`
   * past it (a frame drawn between the server's steps).
   */
  function errorsAt(delayTicks: number, aheadMs: number): number[] {
    const view = createBallView();
    const errors: number[] = [];
    const error = createDrawnBallError((units) => errors.push(units));
    playMatch(delayTicks, 1_800, (h, heard) => {
      for (const message of heard) {
        view.heard(message);
        error.heard(message);
      }
      const serverNow = h.clock.now() + aheadMs;
      error.drawn(serverNow, view.drawn(serverNow));
    });
    return errors.sort((a, b) => a - b);
  }

  it('heard at once and drawn on the server’s steps, the drawn ball is the server’s', () => {
    const errors = errorsAt(0, 0);
    expect(errors.length).toBeGreaterThan(1_000);
    expect(errors.at(-1)).toBeLessThan(CLOSE);
  });

  it('heard 3 ticks late, the ball is off after each serve and return, by up to 3.5 ticks of flight each way', () => {
    const errors = errorsAt(3, TICK_MS / 2);
    const median = errors[Math.floor(errors.length / 2)]!;
    const worst = errors.at(-1)!;
    expect(median).toBeLessThan(CLOSE);
    expect(worst).toBeGreaterThan(10);
    // A return turns the ball round: 3.5 ticks on the wrong way and 3.5 back, at the rally's fastest.
    expect(worst).toBeLessThanOrEqual(7 * MAX_RALLY_BALL_SPEED);
  });
});
