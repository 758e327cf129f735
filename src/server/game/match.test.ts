import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  DEFAULT_COUNTDOWN_SECONDS,
  OPPONENT_FOUND_SECONDS,
  SNAPSHOT_HZ,
  TICK_HZ,
  TICK_MS,
  TICKS_PER_SNAPSHOT,
  WINNING_SCORE,
} from '../../common/game/constants.ts';
import { replayMatch } from '../../common/game/replay.ts';
import type { GameCompletionStatus } from '../db/schema/enums.ts';
import { snapshotBeatOf } from './match.ts';
import { MATCH_TEXTS } from './match-constants.ts';
import type { MatchCompletionStatus } from './match-outcome.ts';
import { createHarness, GAME_ID, playWithBots, SEED } from './match-test-harness.ts';

/** Bot 1 misses two rallies in three, bot 0 the third: both score, and bot 0 reaches 11 first. */
const script = (seat: 0 | 1, played: number) => (seat === 0 ? played % 3 === 2 : played % 3 !== 2);

describe('§2 game, §7 live game channel: a whole match', () => {
  it('§2 game over: two bots play to 11; both get gameOver, onEnd runs once, and the record replays', () => {
    const h = createHarness({ countdownSeconds: DEFAULT_COUNTDOWN_SECONDS });
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

  it('§3 game data: the audit keeps one snapshot per second of play plus one per point and the end', () => {
    const h = createHarness();
    playWithBots(h, script);
    const { snapshots, scores, ticks } = h.results[0]!;
    const count = (kind: string) => snapshots.filter((s) => s.kind === kind).length;
    expect(count('point')).toBe(scores[0] + scores[1]);
    expect(count('end')).toBe(1);
    expect(count('second')).toBe(Math.floor(ticks / TICK_HZ));
    expect(snapshots.at(-1)).toMatchObject({ kind: 'end', phase: 'gameOver', scores });
  });

  it('§4 completion statuses: every status a match reports is one the games table stores', () => {
    expectTypeOf<MatchCompletionStatus>().toExtend<GameCompletionStatus>();
  });

  it('§4 completion statuses: a practice match won on points is practice_win', () => {
    const h = createHarness({ mode: 'practice' });
    playWithBots(h, script);
    expect(h.results[0]!.completionStatus).toBe('practice_win');
  });

  it('§7 gameState at SNAPSHOT_HZ: both seats get one on every beat tick and on a phase change, to their own index', () => {
    const h = createHarness({ countdownSeconds: 1 });
    const t0 = h.clock.now();
    const beat = snapshotBeatOf(SEED);
    h.ticks(90);
    // Tick 60 ends the 1 s countdown: the phase change is sent on that tick, whether or not it is a beat.
    const expected = Array.from({ length: 90 }, (_, i) => i + 1).filter(
      (tick) => tick === 1 || tick === 60 || tick % TICKS_PER_SNAPSHOT === beat,
    );
    for (const seat of [0, 1] as const) {
      const states = h.of(seat, 'gameState');
      expect(states.map((m) => Math.round((m.timestamp - t0) / TICK_MS))).toEqual(expected);
      expect(states.every((m) => m.gameId === GAME_ID && m.playerIndex === seat)).toBe(true);
    }
    const names = h.of(0, 'gameState').map((m) => m.data.gameState);
    const changeAt = expected.indexOf(60);
    expect(names.slice(0, changeAt).every((n) => n === 'countdown')).toBe(true);
    expect(names.slice(changeAt).every((n) => n === 'firstServe')).toBe(true);
  });

  it('§7 gameState: matches spread their beats over the ticks by their seeds, each at SNAPSHOT_HZ', () => {
    const seeds = ['00000000', '00000001', '00000002'].map((head) => head + SEED.slice(8));
    expect(seeds.map(snapshotBeatOf)).toEqual([0, 1, 2]);
    const sentTicks = seeds.map((seed) => {
      const h = createHarness({ seed, countdownSeconds: 5 });
      const t0 = h.clock.now();
      h.ticks(50); // Within the countdown's first second: only the first tick and the beats send.
      return h
        .of(0, 'gameState')
        .map((m) => Math.round((m.timestamp - t0) / TICK_MS))
        .slice(1);
    });
    for (const [i, ticks] of sentTicks.entries()) {
      expect(ticks.length).toBeGreaterThanOrEqual(15);
      expect(ticks.every((tick) => tick % TICKS_PER_SNAPSHOT === i)).toBe(true);
      expect(ticks.slice(1).every((tick, k) => tick - ticks[k]! === TICKS_PER_SNAPSHOT)).toBe(true);
    }
    expect(1000 / SNAPSHOT_HZ).toBeCloseTo(TICKS_PER_SNAPSHOT * TICK_MS, 6);
  });

  it('§7 gameState: a point is sent on the tick it is scored, not at the next beat, the same object to both', () => {
    const h = createHarness();
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
    // The point falls between two beats, so waiting for the beat would have sent an older snapshot last.
    expect(scored!.tick % TICKS_PER_SNAPSHOT).not.toBe(0);
    const last = h.of(0, 'gameState').at(-1)!;
    expect(last.timestamp).toBe(scored!.at);
    expect(last.data.scores[0] + last.data.scores[1]).toBe(1);
    expect(h.of(1, 'gameState').at(-1)!.data).toEqual(last.data);
  });

  it('§3 game data: countdownTime is the whole seconds left of the server countdown', () => {
    const h = createHarness({ countdownSeconds: 5 });
    expect(h.match.snapshot(0).countdownTime).toBe(5);
    h.ticks(1);
    expect(h.match.snapshot(0).countdownTime).toBe(5);
    h.ticks(TICK_HZ - 1);
    expect(h.match.snapshot(0).countdownTime).toBe(4);
    h.ticks(4 * TICK_HZ);
    expect(h.match.snapshot(0)).toMatchObject({ gameState: 'firstServe', countdownTime: 0 });
  });

  it('§9 opponent found 3 s: the countdown shows 5 through the lead-in, then 5, 4, 3, 2, 1 in full', () => {
    const h = createHarness({ countdownSeconds: 5, leadInSeconds: OPPONENT_FOUND_SECONDS });
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

  it('§9 a match with a lead-in records its whole countdown, so its replay still reproduces it', () => {
    const h = createHarness({ countdownSeconds: 5, leadInSeconds: OPPONENT_FOUND_SECONDS });
    playWithBots(h, script);
    const result = h.results[0]!;
    expect(result.record.countdownSeconds).toBe(OPPONENT_FOUND_SECONDS + 5);
    const replay = replayMatch(result.record);
    expect(replay.scores).toEqual(result.scores);
    expect(replay.final.tick).toBe(result.ticks);
  });
});

describe('§4 exit and forceDisconnect: leaving forfeits at once', () => {
  it.each(['exit', 'forceDisconnect'] as const)(
    '%s: the leaver loses, the opponent is told and wins',
    (how) => {
      const h = createHarness();
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

describe('§4 game over: a finished match changes no more', () => {
  it('inputs, ticks and connection events after gameOver send nothing and change nothing', () => {
    const h = createHarness();
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
    const h = createHarness();
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

  it('§4 reconnection: a reconnect after the end is refused so the client can clear its stored game', () => {
    const h = createHarness();
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
