import { describe, expect, it } from 'vitest';
import { ballSeenBy, createMatchBed } from '../../../../test/support/match-bed.ts';
import { TWO_IN_THREE } from '../../../../test/support/recorded-match.ts';
import { CURRENT_GENERATOR } from '../../../common/game/generator-versions.ts';
import { advanceReplay, type MatchRecord, replayMatch, startReplay } from '../../../common/game/replay.ts';
import { matchRecordOf } from './stored-record.ts';
import v1Match from './test-support/sfc32-match-v1.json' with { type: 'json' };
import { drawOfServe, outputs, recoverSfc32 } from './test-support/sfc32-solver.ts';

type Serve = { tick: number; ball: [number, number, number, number] };

/** A match the server plays now, to its end, and the serves seat 0 heard on the wire (exact balls). */
function playedNow(seed: string) {
  const h = createMatchBed({ seed, countdownSeconds: 3 });
  for (let i = 0; i < 60 * 60 * 10 && h.results.length === 0; i++) {
    for (const s of [0, 1] as const) {
      const state = h.outbox[s].findLast((m) => m.type === 'gameState');
      const ball = ballSeenBy(h.outbox[s], h.clock.now());
      if (state?.type !== 'gameState' || !ball) continue;
      const miss = TWO_IN_THREE(s, state.data.scores[0] + state.data.scores[1]);
      h.match.paddleMove(s, miss ? (ball.y > 300 ? 0 : 600) : ball.y);
    }
    h.ticks(1);
  }
  const result = h.results[0]!;
  const serves: Serve[] = h
    .of(0, 'ballEvent')
    .filter((e) => e.kind === 'serve')
    .map((e) => ({ tick: e.tick, ball: e.ball }));
  return { result, serves };
}

/** The serves a replay of `record` makes: each serve's tick and the exact ball after it. */
function servesOfReplay(record: MatchRecord): Serve[] {
  const cursor = startReplay(record);
  const serves: Serve[] = [];
  for (let events = advanceReplay(cursor, record); events; events = advanceReplay(cursor, record)) {
    if (!events.some((e) => e.type === 'serve')) continue;
    const { x, y, vx, vy } = cursor.state.ball;
    serves.push({ tick: cursor.state.tick, ball: [x, y, vx, vy] });
  }
  return serves;
}

const v1Serves = v1Match.serves as Serve[];

describe('a match’s future is not readable from its serves (the match generator rule)', () => {
  it('generator v1 (sfc32): five serves heard on the old wire give away its state, and with it every later serve', () => {
    const draws = v1Serves.map((s) => drawOfServe(s.ball));
    expect(draws.length).toBeGreaterThan(10);
    const states = recoverSfc32(draws.slice(0, 5));
    expect(states).toHaveLength(1);
    // Every serve after the fifth, foretold from the first five.
    expect(outputs(states[0]!, draws.length).slice(5)).toEqual(draws.slice(5));
  }, 120_000);

  it('generator v2 (keyed draws): the same solver finds no state behind five serves of a match played now', () => {
    const { result, serves } = playedNow('9e3779b97f4a7c15f39cc0605cedc834');
    expect(result.record.generator).toBe(CURRENT_GENERATOR);
    expect(CURRENT_GENERATOR).toBe(2);
    const draws = serves.map((s) => drawOfServe(s.ball));
    expect(draws.length).toBeGreaterThan(5);
    // The serves read back exactly: the draw gives the very ball the wire carried.
    expect(draws.every((d) => Number.isInteger(d) && d >= 0 && d < 2 ** 32)).toBe(true);
    expect(recoverSfc32(draws.slice(0, 5))).toEqual([]);
  }, 120_000);

  it('a match played now replays exactly: each replayed serve is the wire’s to the last bit, and so is the result', () => {
    const { result, serves } = playedNow('0f1e2d3c4b5a69788796a5b4c3d2e1f0');
    expect(servesOfReplay(result.record)).toEqual(serves);
    const replay = replayMatch(result.record);
    expect(replay.scores).toEqual(result.scores);
    expect(replay.winner).toBe(result.winner);
    expect(replay.final.tick).toBe(result.ticks);
    // The version is what it replays with: the same record drawn from v1 serves otherwise.
    expect(servesOfReplay({ ...result.record, generator: 1 })[0]).not.toEqual(serves[0]);
  });

  it('a match recorded with generator v1 before the change still replays with it, serve for serve as the old wire had them', () => {
    // Read as the server reads a games row: a record that names no generator drew from v1.
    const record = matchRecordOf(v1Match.rngSeed, v1Match.recordedInputs)!;
    expect(record.generator).toBe(1);
    expect(servesOfReplay(record)).toEqual(v1Serves);
    const replay = replayMatch(record);
    expect(replay.scores).toEqual([v1Match.player1Score, v1Match.player2Score]);
    expect(replay.winner).toBe(v1Match.winnerSeat);
    expect(replay.final.tick).toBe(v1Match.ticks);
  });
});
