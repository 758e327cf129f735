import { describe, expect, it } from 'vitest';
import { TICK_HZ } from '../../common/game/constants.ts';
import { replayMatch } from '../../common/game/replay.ts';
import { botSignals } from './bot-signals.ts';
import { playFigures, playFiguresInSlices, REPLAY_SLICE_TICKS, ralliesOf } from './play-figures.ts';
import { type BotPlayer, fastBot, humanBot, playBotMatch, walletOf } from './test-support/bot-matches.ts';

const seed = (n: number) => n.toString(16).padStart(32, '0');
const play = (left: BotSeatPlay, right: BotSeatPlay, n: number) =>
  playBotMatch({
    seats: [
      { wallet: walletOf('left'), ip: null, play: left },
      { wallet: walletOf('right'), ip: null, play: right },
    ],
    startMs: 0,
    seed: seed(n),
  });
type BotSeatPlay = (seat: 0 | 1) => BotPlayer;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** Moves to about the ball's height every `every` ticks, on a timer, 30 above or below it in turn. */
const timerBot =
  (every: number): BotSeatPlay =>
  () => {
    let tick = 0;
    let moves = 0;
    let target = 300;
    return (data) => {
      if (tick++ % every === 0) {
        const y = Math.min(520, Math.max(80, data.ballPos.y));
        target = y + (moves++ % 2 ? 30 : -30);
      }
      return target;
    };
  };

describe('play figures: measured from the record against the replayed ball', () => {
  it("rallies are the replay's: one per point, each ending on its point", () => {
    const result = play(
      (s) => humanBot(s, 1),
      (s) => humanBot(s, 2),
      1,
    );
    const rallies = ralliesOf(result.record);
    expect(rallies).toHaveLength(result.scores[0] + rallies.filter((r) => r.scorer === 1).length);
    expect(rallies.filter((r) => r.scorer !== null)).toHaveLength(result.scores[0] + result.scores[1]);
    expect(rallies.reduce((n, r) => n + r.hits.length, 0)).toBe(result.stats.ballHits);
    expect(replayMatch(result.record).scores).toEqual(result.scores);
  });

  it('replayed a slice at a time, the figures are the same, with a pause between slices', async () => {
    const result = play(
      (s) => humanBot(s, 12),
      (s) => humanBot(s, 13),
      12,
    );
    let pauses = 0;
    const sliced = await playFiguresInSlices(result.record, async () => {
      pauses += 1;
    });
    expect(sliced).toEqual(playFigures(result.record));
    // A pause after each whole slice; the slice that reaches the end needs none after it.
    expect(pauses).toBe(Math.floor(result.ticks / REPLAY_SLICE_TICKS));
  });

  // A bot reacting r ms after the hit is told of it after step h, moves on its first look at or past
  // h + r, and that move drives the next step: ceil(r / tick) + 1 ticks. No r is a whole number of ticks
  // (100 ms is 6): there the bot's `now >= hit + r` compares two sums of the clock's 16.67 ms steps that
  // differ only by rounding, and which way it falls changes with the rallies the serves make.
  it.each([
    [30, 3],
    [60, 5],
    [99, 7],
    [199, 13],
  ])('reaction: a bot reacting %i ms after the hit is measured at %i ticks', (reactionMs, ticks) => {
    const result = play(
      (s) => fastBot(s, 3, reactionMs),
      (s) => humanBot(s, 4),
      2,
    );
    const [figures] = playFigures(result.record);
    expect(figures.reactionTicks.length).toBeGreaterThanOrEqual(10);
    expect(median(figures.reactionTicks)).toBe(ticks);
  });

  it('the human-like brain (150-250 ms, a hand, misreads): no bot signal in its games', () => {
    for (const n of [5, 6, 7]) {
      const result = play(
        (s) => humanBot(s, n),
        (s) => humanBot(s, n + 100),
        n,
      );
      for (const figures of playFigures(result.record)) {
        expect(Math.min(...figures.reactionTicks) * (1000 / TICK_HZ)).toBeGreaterThanOrEqual(150);
        expect(figures.reads.early).toBe(0);
        expect(botSignals(figures, 'game', [])).toEqual([]);
      }
    }
  });

  it('a 30 ms bot: fast reactions and perfect tracking in one game; its human opponent shows none', () => {
    const result = play(
      (s) => fastBot(s, 8),
      (s) => humanBot(s, 9),
      8,
    );
    const [bot, human] = playFigures(result.record);
    expect(botSignals(bot, 'game', []).map((s) => s.kind)).toEqual(['fast_reactions', 'perfect_tracking']);
    expect(botSignals(human, 'game', [])).toEqual([]);
  });

  it('a bot that moves on a 100 ms timer: regular cadence (every gap 6 ticks)', () => {
    const result = play(timerBot(6), (s) => humanBot(s, 11), 10);
    const [bot] = playFigures(result.record);
    expect(bot.cadence.n).toBeGreaterThanOrEqual(25);
    expect(bot.cadence.sum / bot.cadence.n).toBe(6);
    expect(botSignals(bot, 'game', []).map((s) => s.kind)).toContain('regular_cadence');
  });
});
