import { describe, expect, it } from 'vitest';
import { botSignals, MIN_SAMPLES, pooledFigures } from './bot-signals.ts';
import type { SeatFigures } from './play-figures.ts';

const figures = (over: Partial<SeatFigures> = {}): SeatFigures => ({
  reactionTicks: [],
  cadence: { n: 0, sum: 0, sumSq: 0 },
  reads: { returns: 0, early: 0 },
  ...over,
});
/** `n` gaps of the given lengths, repeated. */
const gaps = (n: number, lengths: number[]) => {
  const all = Array.from({ length: n }, (_, i) => lengths[i % lengths.length]!);
  return { n, sum: all.reduce((a, b) => a + b, 0), sumSq: all.reduce((a, b) => a + b * b, 0) };
};
const kinds = (f: SeatFigures, scope: 'wallet' | 'game' = 'wallet') =>
  botSignals(f, scope, ['g']).map((s) => s.kind);

describe('bot signals: what a person cannot do consistently', () => {
  it.each([
    ['10 reactions of 3 ticks (50 ms)', Array(10).fill(3), ['fast_reactions']],
    ['9 reactions of 3 ticks: too few to judge a wallet', Array(9).fill(3), []],
    ['10 reactions of 7 ticks (117 ms): under 120', Array(10).fill(7), ['fast_reactions']],
    ['10 reactions of 8 ticks (133 ms): a quick person', Array(10).fill(8), []],
    ['median fast but only 70% under 120 ms', [...Array(7).fill(3), ...Array(3).fill(20)], []],
    ['80% under 120 ms', [...Array(8).fill(3), ...Array(2).fill(20)], ['fast_reactions']],
    ['human: 150-250 ms', [9, 10, 12, 15, 11, 13, 14, 9, 10, 12, 15], []],
  ])('reactions: %s', (_name, reactionTicks, expected) => {
    expect(kinds(figures({ reactionTicks }))).toEqual(expected);
  });

  it.each([
    ['40 gaps all of 6 ticks: a timer', gaps(40, [6]), ['regular_cadence']],
    ['39 gaps of 6 ticks: too few', gaps(39, [6]), []],
    ['gaps of 5, 6, 7 ticks (13% spread)', gaps(60, [5, 6, 7]), []],
    [
      'gaps of 6 and 6.5 on average (4% spread)',
      gaps(60, [6, 6, 6, 7, 6, 6, 6, 6, 6, 6, 6, 6]),
      ['regular_cadence'],
    ],
    ['a hand: 2 to 20 ticks', gaps(60, [2, 5, 11, 3, 20, 4, 8]), []],
  ])('cadence: %s', (_name, cadence, expected) => {
    expect(kinds(figures({ cadence }))).toEqual(expected);
  });

  it.each([
    [{ returns: 10, early: 9 }, ['perfect_tracking']],
    [{ returns: 10, early: 8 }, []],
    [{ returns: 9, early: 9 }, []],
  ])('early reads %o', (reads, expected) => {
    expect(kinds(figures({ reads }))).toEqual(expected);
  });

  it('one game needs fewer samples than a wallet', () => {
    const f = figures({ reactionTicks: Array(MIN_SAMPLES.game.reactions).fill(2) });
    expect(kinds(f, 'game')).toEqual(['fast_reactions']);
    expect(kinds(f, 'wallet')).toEqual([]);
  });

  it('games pool: reactions join, gaps and reads add up; a signal lists the games and its figures', () => {
    const pooled = pooledFigures([
      figures({ reactionTicks: Array(5).fill(2), reads: { returns: 5, early: 5 } }),
      figures({ reactionTicks: Array(5).fill(3), reads: { returns: 5, early: 5 } }),
    ]);
    const signals = botSignals(pooled, 'wallet', ['g1', 'g2']);
    expect(signals.map((s) => s.kind)).toEqual(['fast_reactions', 'perfect_tracking']);
    expect(signals[0]).toMatchObject({
      points: 60,
      games: ['g1', 'g2'],
      figures: { reactions: 10, medianMs: 41.7, fastShare: 1 },
    });
  });
});
