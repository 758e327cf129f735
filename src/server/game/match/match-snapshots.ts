import type { MatchPhysics } from '../../../common/game/physics.ts';
import { SECOND_SNAPSHOT_LIMIT } from './match-constants.ts';

/** A compact sample of the match for the audit record (SPEC §3 game audit: gameStateSnapshots). */
export interface MatchSnapshot {
  kind: 'second' | 'point' | 'end';
  tick: number;
  /** Clock time in ms. */
  at: number;
  phase: MatchPhysics['phase']['name'];
  scores: [number, number];
  /** x, y, vx, vy, to two decimals. */
  ball: [number, number, number, number];
  paddles: [number, number];
}

export interface SnapshotLog {
  add(kind: MatchSnapshot['kind'], physics: MatchPhysics, at: number): void;
  list(): MatchSnapshot[];
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * Samples kept while the match runs. Bound: at most `secondLimit` per-second samples (later ones are
 * dropped, the earliest are the ones a dispute starts from), plus every point and the end, which the rules
 * already bound.
 */
export function createSnapshotLog(secondLimit = SECOND_SNAPSHOT_LIMIT): SnapshotLog {
  const snapshots: MatchSnapshot[] = [];
  let seconds = 0;
  return {
    add(kind, physics, at) {
      if (kind === 'second') {
        if (seconds >= secondLimit) return;
        seconds += 1;
      }
      const { ball, paddles, scores } = physics;
      snapshots.push({
        kind,
        tick: physics.tick,
        at,
        phase: physics.phase.name,
        scores: [scores[0], scores[1]],
        ball: [round2(ball.x), round2(ball.y), round2(ball.vx), round2(ball.vy)],
        paddles: [round2(paddles[0]), round2(paddles[1])],
      });
    },
    list: () => snapshots.map((s) => ({ ...s })),
  };
}
