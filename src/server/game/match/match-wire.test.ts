import { describe, expect, it } from 'vitest';
import {
  ballSeenBy,
  createMatchBed,
  GAME_ID,
  type MatchBed,
  SEED,
} from '../../../../test/support/match-bed.ts';
import { BALL_SIZE, LEFT_PADDLE_FACE, RIGHT_PADDLE_FACE, TICK_MS } from '../../../common/game/constants.ts';
import type { ServerMessage } from '../../../common/protocol.ts';
import { KEYFRAME_TICKS, OPPONENT_PADDLE_TICKS } from '../../../common/rules.ts';
import { beatOf } from './match.ts';

/** The tick each message of `type` was sent on, counted from `t0` (the harness's clock moves a tick a step). */
const ticksOf = (h: MatchBed, seat: 0 | 1, type: 'gameState', t0: number) =>
  h.of(seat, type).map((m) => Math.round((m.timestamp - t0) / TICK_MS));

const pastAFace = (x: number) =>
  x - BALL_SIZE / 2 < LEFT_PADDLE_FACE || x + BALL_SIZE / 2 > RIGHT_PADDLE_FACE;

/** Both paddles sweep the field, each on its own rhythm: the worst case for the paddle reports. */
function sweep(h: MatchBed, tick: number) {
  h.match.paddleMove(0, 300 + 250 * Math.sin(tick / 17));
  h.match.paddleMove(1, 300 + 250 * Math.cos(tick / 23));
}

describe('what a running match sends: keyframes, ball events and the opponent paddle', () => {
  it('a keyframe goes to both seats on the first tick, on every change of phase or countdown second, and every KEYFRAME_TICKS on the match’s beat', () => {
    const h = createMatchBed({ countdownSeconds: 10 });
    const t0 = h.clock.now();
    const beat = beatOf(GAME_ID, KEYFRAME_TICKS);
    h.ticks(500);
    for (const seat of [0, 1] as const) {
      const states = h.of(seat, 'gameState');
      expect(states.every((m) => m.gameId === GAME_ID && m.playerIndex === seat)).toBe(true);
      const ticks = ticksOf(h, seat, 'gameState', t0);
      // Whole seconds of the 10 s countdown (each shows a new number) and the beats; nothing else.
      const expected = Array.from({ length: 500 }, (_, i) => i + 1).filter(
        (tick) => tick === 1 || tick % 60 === 0 || tick % KEYFRAME_TICKS === beat,
      );
      expect(ticks).toEqual(expected);
    }
  });

  it('matches spread their keyframe beats over the ticks by their game ids', () => {
    const ids = ['00000000', '00000001', '00000002'].map((head) => head + GAME_ID.slice(8));
    expect(ids.map((id) => beatOf(id, KEYFRAME_TICKS))).toEqual([0, 1, 2]);
  });

  it('the keyframe beat tells nothing of the seed: two seeds, one game id, one beat (the draws are keyed by the secret seed)', () => {
    const beatsOf = (seed: string) => {
      const h = createMatchBed({ seed, countdownSeconds: 10 });
      const t0 = h.clock.now();
      h.ticks(3 * KEYFRAME_TICKS);
      // The keyframes apart from the countdown's whole seconds and the first tick: those on the beat.
      return ticksOf(h, 0, 'gameState', t0).filter((tick) => tick !== 1 && tick % 60 !== 0);
    };
    const beats = beatsOf(SEED);
    expect(beats.length).toBeGreaterThan(0);
    expect(beatsOf(`ffffffff${SEED.slice(8)}`)).toEqual(beats);
  });

  it('a serve and every return go to both seats on their tick with the exact ball, and the ball flown on from them is the server’s', () => {
    const h = createMatchBed();
    let compared = 0;
    for (let tick = 0; tick < 60 * 30; tick++) {
      sweep(h, tick);
      h.ticks(1);
      for (const seat of [0, 1] as const) {
        const seen = ballSeenBy(h.outbox[seat], h.clock.now());
        const server = h.match.snapshot(seat);
        if (server.gameState !== 'playing' || !seen) continue;
        // A ball past a paddle's face was missed: the client, flying on with the paddles of its last report,
        // cannot know that, and no event tells it before the point.
        if (pastAFace(server.ballPos.x)) continue;
        expect({ x: seen.x, y: seen.y }).toEqual(server.ballPos);
        compared++;
      }
    }
    const events = h.of(0, 'ballEvent');
    expect(events.filter((e) => e.kind === 'serve').length).toBeGreaterThan(2);
    expect(events.filter((e) => e.kind === 'hit').length).toBeGreaterThan(2);
    expect(h.of(1, 'ballEvent')).toEqual(events);
    expect(compared).toBeGreaterThan(1_000);
  });

  it('the opponent’s paddle is reported on the tick it starts from rest, then at most every OPPONENT_PADDLE_TICKS while it moves, to the other seat only, and not while it stands', () => {
    const h = createMatchBed();
    h.untilPlaying();
    h.clearOutbox();
    const startTick = h.match.snapshot(0).tick ?? 0;
    // Seat 0 moves from the centre to 100 (12 a tick: 17 ticks), then stands; seat 1 never moves.
    h.match.paddleMove(0, 100);
    h.ticks(60);
    const reports = h.of(1, 'opponentPaddle');
    // The first step from rest is told at once, not on a later beat.
    expect(reports[0]?.tick).toBe(startTick + 1);
    const gaps = reports.slice(1).map((r, i) => r.tick - reports[i]!.tick);
    expect(gaps.every((gap) => gap >= OPPONENT_PADDLE_TICKS)).toBe(true);
    expect(reports.length).toBeGreaterThanOrEqual(3);
    expect(reports.length).toBeLessThanOrEqual(4);
    expect(reports.at(-1)?.y).toBe(100);
    expect(h.of(0, 'opponentPaddle')).toEqual([]);
    h.clearOutbox();
    h.ticks(60);
    expect(h.of(1, 'opponentPaddle')).toEqual([]);
    // From rest again, the next move is told on its first tick too.
    const restTick = h.match.snapshot(0).tick ?? 0;
    h.match.paddleMove(0, 300);
    h.ticks(1);
    expect(h.of(1, 'opponentPaddle').map((r) => r.tick)).toEqual([restTick + 1]);
  });

  it('a player is sent under 1 KB a second of play while both paddles sweep the field', () => {
    const h = createMatchBed();
    h.untilPlaying();
    h.clearOutbox();
    const seconds = 60;
    for (let tick = 0; tick < seconds * 60; tick++) {
      sweep(h, tick);
      h.ticks(1);
    }
    for (const seat of [0, 1] as const) {
      const bytes = h.outbox[seat].reduce((sum, m: ServerMessage) => sum + JSON.stringify(m).length, 0);
      expect(bytes / seconds).toBeLessThan(1_024);
    }
  });
});
