import { clampPaddleTarget, type PaddleTargets, type PlayerIndex } from '../../../common/game/physics.ts';
import type { MatchRecord } from '../../../common/game/replay.ts';

export interface MatchInputs {
  /** Queues a seat's requested paddle centre for the next tick. */
  offer(seat: PlayerIndex, position: number): void;
  /**
   * Applies what was queued to the targets in force and returns them for step `tick`; every change is
   * recorded against that tick, the first one it drives (the replay applies it before the same step).
   */
  drain(tick: number): PaddleTargets;
  record(): MatchRecord['inputs'];
}

/**
 * The input queue of one match (STYLE.md 3: socket handlers enqueue, the tick drains).
 *
 * Bound and overflow policy: one slot per seat. A newer target overwrites the pending one, because only
 * the latest target drives the paddle at the next tick; intermediate ones would never have moved it. So the
 * queue never holds more than two entries, whatever a client sends.
 *
 * The record's bound (ARCHITECTURE invariant 11): at most one change per seat per tick, and the match-length
 * rule ends every match within its `maxMatchTicks`, so `maxRecordedInputs` changes at most. `maxChanges` is
 * that ceiling, enforced: a change past it is refused whole (the paddle keeps its target and nothing is
 * recorded), so the record stays exactly what the match used and replays it, and memory stays bounded
 * even if a rule ever failed to end a match.
 */
export function createMatchInputs(maxChanges = Number.POSITIVE_INFINITY): MatchInputs {
  const pending: [number | null, number | null] = [null, null];
  const inForce: [number | null, number | null] = [null, null];
  const changes = createChangeLog();

  function apply(seat: PlayerIndex, tick: number): void {
    const requested = pending[seat];
    pending[seat] = null;
    if (requested === null) return;
    // Clamped here, not only in the physics, so the record holds the values the match actually used.
    const target = clampPaddleTarget(requested);
    if (target === null || target === inForce[seat] || changes.size() >= maxChanges) return;
    inForce[seat] = target;
    changes.push(tick, seat, target);
  }

  return {
    offer(seat, position) {
      pending[seat] = position;
    },
    drain(tick) {
      apply(0, tick);
      apply(1, tick);
      return [inForce[0], inForce[1]];
    },
    record: () => changes.list(),
  };
}

/**
 * Every target change of a match, the replay's input (a player moves many times a second for
 * minutes, so this is most of a live match's memory). Kept in typed arrays, 12 bytes a change instead of a
 * small array of boxed numbers each; the target stays a float64, so the replay gets the exact value.
 */
function createChangeLog() {
  let tickSeats = new Int32Array(256);
  let targets = new Float64Array(256);
  let length = 0;
  return {
    push(tick: number, seat: PlayerIndex, target: number): void {
      if (length === targets.length) {
        const biggerTickSeats = new Int32Array(length * 2);
        biggerTickSeats.set(tickSeats);
        tickSeats = biggerTickSeats;
        const biggerTargets = new Float64Array(length * 2);
        biggerTargets.set(targets);
        targets = biggerTargets;
      }
      tickSeats[length] = tick * 2 + seat;
      targets[length] = target;
      length++;
    },
    size: () => length,
    list(): MatchRecord['inputs'] {
      const out: MatchRecord['inputs'] = [];
      for (let i = 0; i < length; i++) {
        const tickSeat = tickSeats[i]!;
        out.push([tickSeat >> 1, (tickSeat & 1) as PlayerIndex, targets[i]!]);
      }
      return out;
    },
  };
}
