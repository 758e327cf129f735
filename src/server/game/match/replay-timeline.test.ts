import { describe, expect, it } from 'vitest';
import { playRecordedMatch } from '../../../../test/support/recorded-match.ts';
import { WINNING_SCORE } from '../../../common/game/constants.ts';
import { advanceReplay, type MatchRecord, replayMatch, startReplay } from '../../../common/game/replay.ts';
import { CHECKPOINT_TICKS, createReplayTimeline } from '../../../common/game/replay-timeline.ts';

const played = playRecordedMatch();
const forfeited = playRecordedMatch({ leave: { seat: 0, afterPoints: 4 } });

/** The state after `tick` steps from the very start, one step at a time (the slow way seeking avoids). */
function stepFromStart(record: MatchRecord, tick: number) {
  const cursor = startReplay(record);
  while (cursor.state.tick < tick && advanceReplay(cursor, record)) {
    // One tick per call.
  }
  return cursor;
}

describe('the replay timeline steps a recorded match exactly as replayMatch does', () => {
  it('a match played to 11: the timeline ends on replayMatch’s scores, winner, tick and final state', () => {
    expect(played.scores).toEqual([WINNING_SCORE, 5]);
    const timeline = createReplayTimeline(played.record);
    const replay = replayMatch(played.record);
    expect(timeline.result.scores).toEqual(played.scores);
    expect(timeline.result.winner).toBe(played.winner);
    expect(timeline.result).toEqual(replay);
    expect(timeline.endTick).toBe(played.ticks);
    expect(timeline.seek(timeline.endTick).state).toEqual(replay.final);
  });

  it('stepping a cursor to the end with advance() also lands on replayMatch’s final state', () => {
    const timeline = createReplayTimeline(played.record);
    const cursor = timeline.seek(0);
    let steps = 0;
    while (timeline.advance(cursor)) steps++;
    expect(steps).toBe(timeline.endTick);
    expect(cursor.state).toEqual(replayMatch(played.record).final);
    expect(timeline.advance(cursor)).toBe(false);
  });

  it('the points timeline has every point in order, at the tick its score first shows', () => {
    const { points } = createReplayTimeline(played.record);
    expect(points).toHaveLength(WINNING_SCORE + 5);
    expect(points.at(-1)?.scores).toEqual(played.scores);
    for (const [i, point] of points.entries()) {
      const before = stepFromStart(played.record, point.tick - 1).state.scores;
      const after = stepFromStart(played.record, point.tick).state.scores;
      expect(after).toEqual(point.scores);
      expect(after[point.scorer] - before[point.scorer]).toBe(1);
      if (i > 0) expect(point.tick).toBeGreaterThan(points[i - 1]!.tick);
    }
  });

  it.each([0, 1, CHECKPOINT_TICKS - 1, CHECKPOINT_TICKS, CHECKPOINT_TICKS + 1, 3 * CHECKPOINT_TICKS + 17])(
    'seek to tick %i equals stepping that many ticks from the start',
    (tick) => {
      const timeline = createReplayTimeline(played.record);
      const sought = timeline.seek(tick);
      const stepped = stepFromStart(played.record, tick);
      expect(sought.state.tick).toBe(tick);
      expect(sought).toEqual(stepped);
    },
  );

  it('seek a tick before each point and after the last: the same as stepping, clamped to the match', () => {
    const timeline = createReplayTimeline(played.record);
    for (const { tick } of timeline.points) {
      expect(timeline.seek(tick - 1)).toEqual(stepFromStart(played.record, tick - 1));
    }
    expect(timeline.seek(timeline.endTick + 500).state.tick).toBe(timeline.endTick);
    expect(timeline.seek(-5).state.tick).toBe(0);
  });

  it('a sought cursor plays on like the original: seek then advance equals seeking further', () => {
    const timeline = createReplayTimeline(played.record);
    const cursor = timeline.seek(CHECKPOINT_TICKS - 3);
    for (let i = 0; i < 10; i++) timeline.advance(cursor);
    expect(cursor).toEqual(timeline.seek(CHECKPOINT_TICKS + 7));
    // Advancing the copy leaves the timeline's checkpoints untouched.
    expect(timeline.seek(CHECKPOINT_TICKS - 3)).toEqual(stepFromStart(played.record, CHECKPOINT_TICKS - 3));
  });

  it('a fine checkpoint spacing changes nothing but the work a seek does', () => {
    const coarse = createReplayTimeline(played.record);
    const fine = createReplayTimeline(played.record, { checkpointEvery: 7 });
    expect(fine.points).toEqual(coarse.points);
    for (const tick of [0, 6, 7, 8, 1234, coarse.endTick]) expect(fine.seek(tick)).toEqual(coarse.seek(tick));
    expect(() => createReplayTimeline(played.record, { checkpointEvery: 0 })).toThrow(/positive integer/);
  });
});

describe('a forfeited match replays to its forfeit', () => {
  it('the leaver loses at the recorded tick, with the points scored before it', () => {
    expect(forfeited.record.forfeit).toEqual({ afterTick: forfeited.ticks, loser: 0 });
    const timeline = createReplayTimeline(forfeited.record);
    const replay = replayMatch(forfeited.record);
    expect(timeline.result).toEqual(replay);
    expect(timeline.result.winner).toBe(1);
    expect(timeline.result.scores).toEqual(forfeited.scores);
    expect(timeline.endTick).toBe(forfeited.record.forfeit?.afterTick);
    expect(timeline.points).toHaveLength(4);
    expect(timeline.seek(timeline.endTick).state.phase).toEqual({
      name: 'gameOver',
      winner: 1,
      reason: 'forfeit',
    });
    // One tick before, the match was still on.
    expect(timeline.seek(timeline.endTick - 1).state.phase.name).not.toBe('gameOver');
  });

  it('a forfeit before the first step: the timeline is one tick long, the leaver already lost', () => {
    const record: MatchRecord = { ...played.record, inputs: [], forfeit: { afterTick: 0, loser: 1 } };
    const timeline = createReplayTimeline(record);
    expect(timeline.endTick).toBe(0);
    expect(timeline.result).toEqual(replayMatch(record));
    expect(timeline.result.winner).toBe(0);
    expect(timeline.points).toEqual([]);
  });
});
