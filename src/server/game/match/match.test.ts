import { describe, expect, expectTypeOf, it } from 'vitest';
import { createMatchBed, GAME_ID, playWithBots, SEED } from '../../../../test/support/match-bed.ts';
import { TICK_HZ, WINNING_SCORE } from '../../../common/game/constants.ts';
import { replayMatch } from '../../../common/game/replay.ts';
import { DEFAULT_COUNTDOWN_SECONDS, KEYFRAME_TICKS, OPPONENT_FOUND_SECONDS } from '../../../common/rules.ts';
import type { GameCompletionStatus } from '../../db/schema/enums.ts';
import { beatOf } from './match.ts';
import { MATCH_TEXTS } from './match-constants.ts';
import type { MatchCompletionStatus } from './match-outcome.ts';

/** Bot 1 misses two rallies in three, bot 0 the third: both score, and bot 0 reaches 11 first. */
const script = (seat: 0 | 1, played: number) => (seat === 0 ? played % 3 === 2 : played % 3 !== 2);

describe('game: a whole match as the live game channel carries it', () => {
  it('game over: two bots play to 11; both get gameOver, onEnd runs once, and the record replays', () => {
    const h = createMatchBed({ countdownSeconds: DEFAULT_COUNTDOWN_SECONDS });
    expect(h.match.isOver()).toBe(false);
    playWithBots(h, script);

    expect(h.results).toHaveLength(1);
    expect(h.match.isOver()).toBe(true);
    const result = h.results[0]!;
    expect(result.winner).toBe(0);
    expect(result.scores[0]).toBe(WINNING_SCORE);
    expect(result.scores[1]).toBeGreaterThan(0);
    expect(result.end).toEqual({ reason: 'score', winner: 0 });
    expect(result.completionStatus).toBe('completed');
    expect(result.stats.ballHits).toBeGreaterThan(0);
    expect(result.stats.rallyCount).toBe(result.scores[0] + result.scores[1]);
    expect(result.durationMs).toBe(result.endedAt - result.startedAt);

    for (const seat of [0, 1] as const) {
      const over = h.of(seat, 'gameOver');
      expect(over).toEqual([
        {
          type: 'gameOver',
          gameId: GAME_ID,
          winner: 0,
          scores: result.scores,
          reason: 'score',
          message: seat === 0 ? MATCH_TEXTS.win : MATCH_TEXTS.loss,
          finalResult: seat === 0 ? 'win' : 'loss',
          yourPlayerIndex: seat,
          seed: SEED,
        },
      ]);
      // The seed is revealed only at the end (ARCHITECTURE invariant 9).
      expect(h.outbox[seat].slice(0, -1).some((m) => JSON.stringify(m).includes(SEED))).toBe(false);
    }

    const replay = replayMatch(result.record);
    expect(replay.scores).toEqual(result.scores);
    expect(replay.winner).toBe(result.winner);
    expect(replay.final.tick).toBe(result.ticks);
  });

  it('game data: the audit keeps one snapshot per second of play plus one per point and the end', () => {
    const h = createMatchBed();
    playWithBots(h, script);
    const { snapshots, scores, ticks } = h.results[0]!;
    const count = (kind: string) => snapshots.filter((s) => s.kind === kind).length;
    expect(count('point')).toBe(scores[0] + scores[1]);
    expect(count('end')).toBe(1);
    expect(count('second')).toBe(Math.floor(ticks / TICK_HZ));
    expect(snapshots.at(-1)).toMatchObject({ kind: 'end', phase: 'gameOver', scores });
  });

  it('completion statuses: every status a match reports is one the games table stores', () => {
    expectTypeOf<MatchCompletionStatus>().toExtend<GameCompletionStatus>();
  });

  it('completion statuses: a practice match won on points is practice_win', () => {
    const h = createMatchBed({ mode: 'practice' });
    playWithBots(h, script);
    expect(h.results[0]!.completionStatus).toBe('practice_win');
  });

  it('gameState: a point is sent on the tick it is scored, not at the next beat, the same object to both', () => {
    const h = createMatchBed();
    let scored: { tick: number; at: number } | null = null;
    for (let i = 0; i < 60 * 60 && scored === null; i++) {
      const before = h.match.snapshot(0).scores.join(':');
      // Both players keep their paddles in a corner: the first serve scores.
      h.match.paddleMove(0, 0);
      h.match.paddleMove(1, 0);
      h.ticks(1);
      if (h.match.snapshot(0).scores.join(':') !== before) scored = { tick: i + 1, at: h.clock.now() };
    }
    expect(scored).not.toBeNull();
    // The point falls between two keyframe beats, so waiting for the beat would have sent an older one last.
    expect(scored!.tick % KEYFRAME_TICKS).not.toBe(beatOf(GAME_ID, KEYFRAME_TICKS));
    const last = h.of(0, 'gameState').at(-1)!;
    expect(last.timestamp).toBe(scored!.at);
    expect(last.data.scores[0] + last.data.scores[1]).toBe(1);
    expect(h.of(1, 'gameState').at(-1)!.data).toEqual(last.data);
  });

  it('game data: countdownTime is the whole seconds left of the server countdown', () => {
    const h = createMatchBed({ countdownSeconds: 5 });
    expect(h.match.snapshot(0).countdownTime).toBe(5);
    h.ticks(1);
    expect(h.match.snapshot(0).countdownTime).toBe(5);
    h.ticks(TICK_HZ - 1);
    expect(h.match.snapshot(0).countdownTime).toBe(4);
    h.ticks(4 * TICK_HZ);
    expect(h.match.snapshot(0)).toMatchObject({ gameState: 'firstServe', countdownTime: 0 });
  });

  it('opponent found 3 s: the countdown shows 5 through the lead-in, then 5, 4, 3, 2, 1 in full', () => {
    const h = createMatchBed({ countdownSeconds: 5, leadInSeconds: OPPONENT_FOUND_SECONDS });
    const shown: number[] = [];
    for (let tick = 0; tick < (OPPONENT_FOUND_SECONDS + 5) * TICK_HZ; tick++) {
      shown.push(h.match.snapshot(0).countdownTime);
      h.ticks(1);
    }
    // Never above the server-supplied value, and each of 5..1 for a whole second once the lead-in is over.
    expect(Math.max(...shown)).toBe(5);
    const afterLeadIn = shown.slice(OPPONENT_FOUND_SECONDS * TICK_HZ);
    expect(afterLeadIn.filter((n) => n === 5)).toHaveLength(TICK_HZ);
    for (const n of [4, 3, 2, 1]) expect(afterLeadIn.filter((s) => s === n)).toHaveLength(TICK_HZ);
    expect(h.match.snapshot(0)).toMatchObject({ gameState: 'firstServe', countdownTime: 0 });
  });

  it('a match with a lead-in records its whole countdown, so its replay still reproduces it', () => {
    const h = createMatchBed({ countdownSeconds: 5, leadInSeconds: OPPONENT_FOUND_SECONDS });
    playWithBots(h, script);
    const result = h.results[0]!;
    expect(result.record.countdownSeconds).toBe(OPPONENT_FOUND_SECONDS + 5);
    const replay = replayMatch(result.record);
    expect(replay.scores).toEqual(result.scores);
    expect(replay.final.tick).toBe(result.ticks);
  });
});

describe('exit and forceDisconnect: leaving forfeits at once', () => {
  it.each(['exit', 'forceDisconnect'] as const)(
    '%s: the leaver loses, the opponent is told and wins',
    (how) => {
      const h = createMatchBed();
      h.untilPlaying();
      h.ticks(10);
      h.clearOutbox();
      h.match.leave(1, how);

      expect(h.outbox[0].map((m) => m.type)).toEqual(['opponentDisconnected', 'gameState', 'gameOver']);
      expect(h.of(0, 'gameOver')[0]).toMatchObject({
        winner: 0,
        reason: 'opponent_disconnected',
        message: 'Your opponent has disconnected. Victory awarded!',
        finalResult: 'win',
      });
      expect(h.of(1, 'gameOver')[0]).toMatchObject({ winner: 0, reason: 'exit', finalResult: 'loss' });
      const result = h.results[0]!;
      expect(result).toMatchObject({
        winner: 0,
        completionStatus: 'forfeited',
        end: { reason: 'exit', loser: 1, how },
      });
      expect(result.record.forfeit).toEqual({ afterTick: result.ticks, loser: 1 });
      expect(replayMatch(result.record)).toMatchObject({ winner: 0, scores: result.scores });
    },
  );
});

describe('game over: a finished match changes no more', () => {
  it('inputs, ticks and connection events after gameOver send nothing and change nothing', () => {
    const h = createMatchBed();
    h.untilPlaying();
    h.match.leave(0, 'exit');
    const result = h.results[0]!;
    const before = h.match.snapshot(1);
    h.clearOutbox();

    h.match.paddleMove(0, 0);
    h.match.paddleMove(1, 600);
    h.ticks(120);
    h.match.disconnected(1);
    h.clock.advance(60_000);
    h.ticks(1);
    h.match.leave(1, 'forceDisconnect');

    expect(h.outbox).toEqual([[], []]);
    expect(h.match.snapshot(1)).toEqual({ ...before, timestamp: h.clock.now() });
    expect(h.match.status()).toEqual({ name: 'over', result });
    expect(result.record.inputs).toEqual(h.results[0]!.record.inputs);
  });

  it('onEnd is called exactly once whatever happens after the end', () => {
    const h = createMatchBed();
    h.untilPlaying();
    h.match.disconnected(1);
    h.clock.advance(40_000);
    h.match.leave(0, 'exit'); // the timeout fires first, inside this call
    h.match.leave(1, 'exit');
    h.match.disconnected(0);
    h.match.disconnected(0);
    h.match.reconnected(1);
    h.ticks(100);
    expect(h.results).toHaveLength(1);
    expect(h.results[0]!.end).toEqual({ reason: 'disconnect_timeout', loser: 1 });
  });

  it('reconnection: a reconnect after the end is refused so the client can clear its stored game', () => {
    const h = createMatchBed();
    h.untilPlaying();
    h.match.leave(1, 'exit');
    h.clearOutbox();
    expect(h.match.reconnected(1)).toEqual({
      ok: false,
      reason: 'matchOver',
      message: MATCH_TEXTS.matchOver,
    });
    expect(h.match.reconnected(0)).toMatchObject({ ok: false, reason: 'matchOver' });
    expect(h.outbox).toEqual([[], []]);
  });
});
