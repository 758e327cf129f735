import { describe, expect, it } from 'vitest';
import { ballSeenBy, createMatchBed, type MatchBed } from '../../../../test/support/match-bed.ts';
import { rallyKeeperTarget } from '../../../../test/support/perfect-tracker.ts';
import { FINAL_PLAY_TICKS } from '../../../common/game/constants.ts';
import { maxMatchTicks, maxRecordedInputs, playStartTickOf } from '../../../common/game/match-length.ts';
import type { PlayerIndex } from '../../../common/game/physics.ts';
import { replayMatch } from '../../../common/game/replay.ts';
import type { GameData } from '../../../common/protocol.ts';
import { DEFAULT_COUNTDOWN_SECONDS, OPPONENT_FOUND_SECONDS } from '../../../common/rules.ts';
import { SECOND_SNAPSHOT_LIMIT } from './match-constants.ts';
import { createMatchInputs } from './match-inputs.ts';

const COUNTDOWN = OPPONENT_FOUND_SECONDS + DEFAULT_COUNTDOWN_SECONDS;

/** The latest gameState a seat was sent: all a player knows. */
function lastData(h: MatchBed, seat: PlayerIndex): GameData | null {
  const last = h.outbox[seat].findLast((m) => m.type === 'gameState');
  return last?.type === 'gameState' ? last.data : null;
}

/**
 * Two players who never miss, playing the server's match through its messages only: each reads the ball
 * as a client does (flown on from its last keyframe or ball event) and plays the rally keeper. With `jitter`, each also nudges its target by a
 * hundredth every tick (the paddle goes to the same place), so each seat sends a new target every tick:
 * the worst case for the input log.
 */
function playNeverMissing(h: MatchBed, jitter: boolean): number[] {
  const shown: number[] = [];
  const targets: [number | null, number | null] = [null, null];
  let tick = 0;
  for (; tick < 2 * maxMatchTicks(COUNTDOWN) && h.results.length === 0; tick++) {
    for (const seat of [0, 1] as const) {
      const data = lastData(h, seat);
      if (!data) continue;
      if (data.playTimeLeft !== undefined && shown.at(-1) !== data.playTimeLeft)
        shown.push(data.playTimeLeft);
      const ball = ballSeenBy(h.outbox[seat], h.clock.now());
      if (!ball) continue;
      targets[seat] = rallyKeeperTarget({ phase: data.gameState, ball }, seat, targets[seat]);
      const target = targets[seat];
      if (target !== null) h.match.paddleMove(seat, jitter ? target + (tick % 2) / 100 : target);
    }
    h.ticks(1);
  }
  return shown;
}

describe('match-length rule on the server: two players who never miss still finish', () => {
  it('the match ends at the final whistle and records a bounded result that replays exactly', () => {
    const h = createMatchBed({
      countdownSeconds: DEFAULT_COUNTDOWN_SECONDS,
      leadInSeconds: OPPONENT_FOUND_SECONDS,
    });
    const shown = playNeverMissing(h, false);

    expect(h.results).toHaveLength(1);
    const result = h.results[0]!;
    // Nobody ever missed: one rally, no point, stopped by the clock.
    expect(result.scores).toEqual([0, 0]);
    expect(result.stats.rallyCount).toBe(0);
    expect(result.ticks).toBe(maxMatchTicks(COUNTDOWN));
    expect(result.ticks - playStartTickOf(COUNTDOWN)).toBe(FINAL_PLAY_TICKS);
    expect(result.end).toEqual({ reason: 'score', winner: result.winner });
    for (const seat of [0, 1] as const) {
      expect(h.of(seat, 'gameOver')).toEqual([
        expect.objectContaining({ winner: result.winner, scores: [0, 0] }),
      ]);
    }
    // Players saw the last minute count down, then sudden death.
    expect(shown.slice(0, 2)).toEqual([60, 59]);
    expect(shown).toContain(1);
    expect(shown.at(-1)).toBe(0);

    expect(result.record.inputs.length).toBeLessThanOrEqual(maxRecordedInputs(COUNTDOWN));
    expect(result.snapshots.length).toBeLessThanOrEqual(SECOND_SNAPSHOT_LIMIT + 1);
    const replay = replayMatch(result.record);
    expect(replay.scores).toEqual(result.scores);
    expect(replay.winner).toBe(result.winner);
    expect(replay.final.tick).toBe(result.ticks);
  });

  it('a new target every tick from both seats: the record stays within its stated bound', () => {
    const h = createMatchBed({
      countdownSeconds: DEFAULT_COUNTDOWN_SECONDS,
      leadInSeconds: OPPONENT_FOUND_SECONDS,
    });
    playNeverMissing(h, true);
    const result = h.results[0]!;
    expect(result.ticks).toBeLessThanOrEqual(maxMatchTicks(COUNTDOWN));
    // Nearly two changes a tick: the worst case, and still under the bound (87,360 with this countdown).
    expect(result.record.inputs.length).toBeGreaterThan(1.9 * result.ticks);
    expect(result.record.inputs.length).toBeLessThanOrEqual(maxRecordedInputs(COUNTDOWN));
    expect(maxRecordedInputs(COUNTDOWN)).toBe(87_360);
    const replay = replayMatch(result.record);
    expect([replay.scores, replay.winner, replay.final.tick]).toEqual([
      result.scores,
      result.winner,
      result.ticks,
    ]);
  });

  it('the input log refuses a change past its ceiling whole: the paddle keeps its target, the record stays exact', () => {
    const inputs = createMatchInputs(3);
    const driven: (number | null)[] = [];
    for (let tick = 1; tick <= 5; tick++) {
      inputs.offer(0, 100 + tick);
      driven.push(inputs.drain(tick)[0]);
    }
    expect(driven).toEqual([101, 102, 103, 103, 103]);
    expect(inputs.record()).toEqual([
      [1, 0, 101],
      [2, 0, 102],
      [3, 0, 103],
    ]);
  });
});
