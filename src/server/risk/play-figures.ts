import type { PlayerIndex } from '../../common/game/physics.ts';
import { advanceReplay, type MatchRecord, startReplay } from '../../common/game/replay.ts';

/**
 * What a seat's recorded inputs show against the replayed ball: the raw figures behind the bot signals
 * (bot-signals.ts), measured from the record alone (seed + inputs), so anyone can measure them again.
 *
 * Ticks are the match's (TICK_MS each). An input recorded at tick T is the target that first drove step T:
 * a client that answers a hit the instant it hears of it (the hit is told after step h) is recorded at h + 1.
 *
 * Definitions (seat s, its opponent o; "target" = s's paddle target in force at a tick, the record's last
 * change at or before it):
 * - An incoming ball: o hits at tick h; it reaches s at c, the next event of the rally (s's hit, or the point
 *   when s misses). It needs a move when |target(c) − target(h)| > MOVE_NEEDED: s ended up elsewhere.
 * - Reaction: for an incoming ball that needs a move, when s's target had not changed for STILL_TICKS ticks
 *   up to h (s was at rest, so its next move answers the hit, not a move already under way), the ticks from
 *   h to s's first change after h, if that change heads toward target(c). Not measured otherwise.
 * - Cadence: the gaps (ticks) between consecutive changes of s's target inside one rally, counting only gaps
 *   of MIN_GAP..MAX_GAP ticks: a held key or a moving hand changes the target every tick (a 1-tick gap says
 *   nothing about who moves it), and a gap over 2 s is a pause. Kept as count, sum and sum of squares, so
 *   games pool into one mean and spread.
 * - Early read: for an incoming ball that s returned, that needed a move, in a rally of at least LONG_RALLY
 *   hits, and that took more than READ_TICKS to arrive: whether target(h + READ_TICKS) was already within
 *   READ_TOLERANCE of target(c), i.e. 200 ms after the hit s stood where it would meet the ball, with nothing
 *   left to correct. A person is still reacting then; a program that reads the physics is already there.
 */
export const MOVE_NEEDED = 30;
export const STILL_TICKS = 6;
export const MIN_GAP = 2;
export const MAX_GAP = 120;
export const LONG_RALLY = 6;
export const READ_TICKS = 12;
export const READ_TOLERANCE = 4;

export interface CadenceSums {
  n: number;
  sum: number;
  sumSq: number;
}

export interface SeatFigures {
  /** Each measured reaction, in ticks. */
  reactionTicks: number[];
  cadence: CadenceSums;
  /** Incoming balls counted for the early read, and how many were read early. */
  reads: { returns: number; early: number };
}

interface Rally {
  start: number;
  end: number;
  /** Ticks and hitters of the rally's paddle hits, in order. */
  hits: Array<{ tick: number; player: PlayerIndex }>;
  /** Who scored at `end`, or null when the rally was cut (a forfeit, the final whistle). */
  scorer: PlayerIndex | null;
}

/**
 * Reads the rallies of a recorded match from its replay (from the serve going live to its point), a slice of
 * ticks at a time, so a caller on the server's event loop can let the live matches tick in between.
 */
export function createRallyReader(record: MatchRecord, maxTicks?: number) {
  const cursor = startReplay(record, maxTicks);
  const rallies: Rally[] = [];
  let open: Rally | null = null;
  let over = false;
  return {
    /** Replays up to `ticks` more ticks; false once the replay is over. */
    step(ticks: number): boolean {
      for (let i = 0; i < ticks && !over; i++) {
        const events = advanceReplay(cursor, record, maxTicks);
        if (!events) {
          over = true;
          if (open) rallies.push({ ...open, end: cursor.state.tick });
          open = null;
          break;
        }
        const tick = cursor.state.tick;
        for (const event of events) {
          if (event.type === 'phase' && event.phase === 'playing') {
            open = { start: tick, end: tick, hits: [], scorer: null };
          } else if (event.type === 'paddleHit' && open) {
            open.hits.push({ tick, player: event.player });
          } else if ((event.type === 'point' || event.type === 'matchOver') && open) {
            open.end = tick;
            open.scorer = event.type === 'point' ? event.scorer : null;
            rallies.push(open);
            open = null;
          }
        }
      }
      return !over;
    },
    rallies: (): readonly Rally[] => rallies,
  };
}

export function ralliesOf(record: MatchRecord, maxTicks?: number): readonly Rally[] {
  const reader = createRallyReader(record, maxTicks);
  while (reader.step(Number.POSITIVE_INFINITY)) {
    // One call replays the whole match.
  }
  return reader.rallies();
}

/**
 * The replay's ticks a slice: about a millisecond of a busy server's time, so a 12-minute match's replay
 * never holds the event loop for more than a tick of the live matches.
 */
export const REPLAY_SLICE_TICKS = 500;

/** playFigures, replayed a slice at a time with `pause` between slices (the risk pass: setImmediate). */
export async function playFiguresInSlices(
  record: MatchRecord,
  pause: () => Promise<void>,
): Promise<[SeatFigures, SeatFigures]> {
  const reader = createRallyReader(record);
  while (reader.step(REPLAY_SLICE_TICKS)) await pause();
  return figuresOf(record, reader.rallies());
}

/** One seat's target changes, as parallel arrays sorted by tick. */
function changesOf(record: MatchRecord, seat: PlayerIndex) {
  const ticks: number[] = [];
  const targets: number[] = [];
  for (const [tick, player, target] of record.inputs) {
    if (player !== seat) continue;
    ticks.push(tick);
    targets.push(target);
  }
  /** Index of the last change at or before `tick`, -1 for none. */
  const lastAt = (tick: number): number => {
    let lo = 0;
    let hi = ticks.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (ticks[mid]! <= tick) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
  const targetAt = (tick: number): number | null => {
    const i = lastAt(tick);
    return i < 0 ? null : targets[i]!;
  };
  return { ticks, targets, lastAt, targetAt };
}

/** The figures of both seats of a recorded match (definitions above). */
export function playFigures(record: MatchRecord, maxTicks?: number): [SeatFigures, SeatFigures] {
  return figuresOf(record, ralliesOf(record, maxTicks));
}

function figuresOf(record: MatchRecord, rallies: readonly Rally[]): [SeatFigures, SeatFigures] {
  return [seatFigures(record, rallies, 0), seatFigures(record, rallies, 1)];
}

function seatFigures(record: MatchRecord, rallies: readonly Rally[], seat: PlayerIndex): SeatFigures {
  const changes = changesOf(record, seat);
  const figures: SeatFigures = {
    reactionTicks: [],
    cadence: { n: 0, sum: 0, sumSq: 0 },
    reads: { returns: 0, early: 0 },
  };
  for (const rally of rallies) {
    rally.hits.forEach((hit, i) => {
      if (hit.player === seat) return;
      const next = rally.hits[i + 1];
      const returned = next?.player === seat;
      if (!returned && rally.scorer !== hit.player) return;
      const arrival = next?.tick ?? rally.end;
      measureIncoming(changes, figures, {
        hit: hit.tick,
        arrival,
        returned,
        long: rally.hits.length >= LONG_RALLY,
      });
    });
    const first = changes.lastAt(rally.start) + 1;
    for (let i = Math.max(first, 1); i < changes.ticks.length && changes.ticks[i]! <= rally.end; i++) {
      const gap = changes.ticks[i]! - changes.ticks[i - 1]!;
      if (changes.ticks[i - 1]! < rally.start || gap < MIN_GAP || gap > MAX_GAP) continue;
      figures.cadence.n += 1;
      figures.cadence.sum += gap;
      figures.cadence.sumSq += gap * gap;
    }
  }
  return figures;
}

function measureIncoming(
  changes: ReturnType<typeof changesOf>,
  figures: SeatFigures,
  ball: { hit: number; arrival: number; returned: boolean; long: boolean },
): void {
  const before = changes.targetAt(ball.hit);
  const after = changes.targetAt(ball.arrival);
  if (before === null || after === null || Math.abs(after - before) <= MOVE_NEEDED) return;
  const lastBefore = changes.lastAt(ball.hit);
  const firstAfter = lastBefore + 1;
  const atRest = lastBefore < 0 || changes.ticks[lastBefore]! <= ball.hit - STILL_TICKS;
  const moveTick = changes.ticks[firstAfter];
  if (atRest && moveTick !== undefined && moveTick <= ball.arrival) {
    const toward = Math.sign(changes.targets[firstAfter]! - before) === Math.sign(after - before);
    if (toward) figures.reactionTicks.push(moveTick - ball.hit);
  }
  if (ball.returned && ball.long && ball.arrival - ball.hit > READ_TICKS) {
    const read = changes.targetAt(ball.hit + READ_TICKS);
    figures.reads.returns += 1;
    if (read !== null && Math.abs(read - after) <= READ_TOLERANCE) figures.reads.early += 1;
  }
}
