import type { PlayerIndex } from './physics.ts';
import {
  advanceReplay,
  MAX_REPLAY_TICKS,
  type MatchRecord,
  type ReplayCursor,
  type ReplayResult,
  replayResultOf,
  startReplay,
} from './replay.ts';

/** One point of the match: the tick it was scored on, who scored it and the scores after it. */
export interface ReplayPoint {
  tick: number;
  scorer: PlayerIndex;
  scores: [number, number];
}

/**
 * A recorded match laid out for watching: stepped once through to its end exactly as
 * `replayMatch` does, keeping a cursor every `checkpointEvery` ticks so that any tick is reached by at most
 * that many steps, and the tick of every point for the seek bar.
 */
export interface ReplayTimeline {
  record: MatchRecord;
  /** The tick of the final state: where the replay ends. */
  endTick: number;
  points: readonly ReplayPoint[];
  /** The same result `replayMatch(record)` gives. */
  result: ReplayResult;
  /** A fresh cursor at `tick` (clamped to 0..endTick), reached from the nearest checkpoint before it. */
  seek(tick: number): ReplayCursor;
  /** Steps `cursor` in place one tick; false once the replay is over. */
  advance(cursor: ReplayCursor): boolean;
}

export const CHECKPOINT_TICKS = 600;

function copyCursor(cursor: ReplayCursor): ReplayCursor {
  return { state: cursor.state, targets: [cursor.targets[0], cursor.targets[1]], next: cursor.next };
}

export function createReplayTimeline(
  record: MatchRecord,
  { checkpointEvery = CHECKPOINT_TICKS, maxTicks = MAX_REPLAY_TICKS } = {},
): ReplayTimeline {
  if (!Number.isInteger(checkpointEvery) || checkpointEvery < 1) {
    throw new Error(`checkpointEvery must be a positive integer, got ${checkpointEvery}`);
  }
  const cursor = startReplay(record, maxTicks);
  // The state the physics are in never changes in place (step returns new objects), so a checkpoint only
  // copies the cursor's small mutable parts.
  const checkpoints: ReplayCursor[] = [copyCursor(cursor)];
  const points: ReplayPoint[] = [];
  for (let events = advanceReplay(cursor, record, maxTicks); events; ) {
    const { tick } = cursor.state;
    for (const event of events) {
      if (event.type === 'point') points.push({ tick, scorer: event.scorer, scores: [...event.scores] });
    }
    if (tick % checkpointEvery === 0) checkpoints[tick / checkpointEvery] = copyCursor(cursor);
    events = advanceReplay(cursor, record, maxTicks);
  }
  const final = cursor;
  const endTick = final.state.tick;
  const advance = (c: ReplayCursor) => advanceReplay(c, record, maxTicks) !== null;

  return {
    record,
    endTick,
    points,
    result: replayResultOf(final.state),
    seek(tick) {
      const target = Math.min(endTick, Math.max(0, Math.floor(tick)));
      if (target === endTick) return copyCursor(final);
      const c = copyCursor(checkpoints[Math.floor(target / checkpointEvery)]!);
      while (c.state.tick < target && advance(c)) {
        // Steps from the checkpoint up to the tick asked for.
      }
      return c;
    },
    advance,
  };
}
