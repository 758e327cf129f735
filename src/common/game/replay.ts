import { createMatchPhysics, forfeit, type MatchPhysics, type PlayerIndex, step } from './physics.ts';

/**
 * What the server records of a match so anyone holding the revealed seed can re-simulate it
 * (ARCHITECTURE.md invariant 9): the paddle targets as they changed, keyed by the tick they first drove,
 * and how the match ended if not on points. Targets are stored as the clamped values the match used.
 */
export interface MatchRecord {
  seed: string;
  countdownSeconds: number;
  /** [tick, player, target]: from step `tick` on, `player`'s paddle heads for `target`. Sorted by tick. */
  inputs: Array<[number, PlayerIndex, number]>;
  /** Set when a player left: after `afterTick` steps, `loser` forfeited. */
  forfeit?: { afterTick: number; loser: PlayerIndex };
}

export interface ReplayResult {
  final: MatchPhysics;
  winner: PlayerIndex | null;
  scores: [number, number];
}

/** Re-runs a recorded match from its seed; a pure function, so it reproduces the server's result exactly. */
export function replayMatch(record: MatchRecord, maxTicks = 60 * 60 * 60): ReplayResult {
  let state = createMatchPhysics(record.seed, record.countdownSeconds);
  const targets: [number | null, number | null] = [null, null];
  let next = 0;
  const stopAt = record.forfeit?.afterTick ?? maxTicks;
  while (state.phase.name !== 'gameOver' && state.tick < stopAt) {
    const tick = state.tick + 1;
    for (; next < record.inputs.length && record.inputs[next]![0] <= tick; next++) {
      const [, player, target] = record.inputs[next]!;
      targets[player] = target;
    }
    state = step(state, targets).state;
  }
  if (record.forfeit && state.phase.name !== 'gameOver') state = forfeit(state, record.forfeit.loser).state;
  const winner = state.phase.name === 'gameOver' ? state.phase.winner : null;
  return { final: state, winner, scores: state.scores };
}
