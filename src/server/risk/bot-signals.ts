import type { RiskSignal } from '../../common/api/risk-evidence.ts';
import { TICK_MS } from '../../common/game/constants.ts';
import type { SeatFigures } from './play-figures.ts';

/**
 * Bot-like play, judged from the play figures (play-figures.ts) of one game or of a wallet's recent games
 * pooled. Each rule needs enough samples to say anything, and fires only on what a person cannot do
 * consistently; a handful of lucky reactions or a still mouse fires nothing.
 *
 * - fast_reactions: median reaction under HUMAN_REACTION_MS (120 ms, below which a person does not start
 *   to move after seeing a hit) and at least FAST_SHARE of the reactions under it.
 * - regular_cadence: the gaps between moves (2 ticks to 2 s) vary by less than REGULAR_CV of their mean
 *   (coefficient of variation, standard deviation over mean): a timer sends them, not a hand.
 * - perfect_tracking: at least EARLY_READ_SHARE of the returns in long rallies were read early (standing
 *   where the ball would arrive 200 ms after the opponent's hit, never correcting).
 */
export const HUMAN_REACTION_MS = 120;
export const FAST_SHARE = 0.75;
export const REGULAR_CV = 0.1;
export const EARLY_READ_SHARE = 0.9;

/** The fewest samples each rule judges on: over a wallet's games, and within one game. */
export const MIN_SAMPLES = {
  wallet: { reactions: 10, gaps: 40, reads: 10 },
  game: { reactions: 6, gaps: 25, reads: 6 },
} as const;

/** Points a signal adds to a risk score (0-100); one consistent sub-human reaction time alone flags. */
export const BOT_POINTS = { fast_reactions: 60, regular_cadence: 35, perfect_tracking: 35 } as const;

export function pooledFigures(all: readonly SeatFigures[]): SeatFigures {
  const pooled: SeatFigures = {
    reactionTicks: [],
    cadence: { n: 0, sum: 0, sumSq: 0 },
    reads: { returns: 0, early: 0 },
  };
  for (const f of all) {
    pooled.reactionTicks.push(...f.reactionTicks);
    pooled.cadence.n += f.cadence.n;
    pooled.cadence.sum += f.cadence.sum;
    pooled.cadence.sumSq += f.cadence.sumSq;
    pooled.reads.returns += f.reads.returns;
    pooled.reads.early += f.reads.early;
  }
  return pooled;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const round = (x: number, places = 3) => Math.round(x * 10 ** places) / 10 ** places;

/** The bot signals the figures show; `games` are the games they were measured on (the evidence's links). */
export function botSignals(
  figures: SeatFigures,
  scope: keyof typeof MIN_SAMPLES,
  games: readonly string[],
): RiskSignal[] {
  const min = MIN_SAMPLES[scope];
  const signals: RiskSignal[] = [];
  const reactionsMs = figures.reactionTicks.map((t) => t * TICK_MS);
  if (reactionsMs.length >= min.reactions) {
    const medianMs = median(reactionsMs);
    const fastShare = reactionsMs.filter((ms) => ms < HUMAN_REACTION_MS).length / reactionsMs.length;
    if (medianMs < HUMAN_REACTION_MS && fastShare >= FAST_SHARE) {
      signals.push({
        kind: 'fast_reactions',
        points: BOT_POINTS.fast_reactions,
        summary: `Median reaction ${Math.round(medianMs)} ms to the opponent's hit; ${Math.round(fastShare * 100)}% under ${HUMAN_REACTION_MS} ms over ${reactionsMs.length} reactions`,
        figures: { reactions: reactionsMs.length, medianMs: round(medianMs, 1), fastShare: round(fastShare) },
        games: [...games],
      });
    }
  }
  const { n, sum, sumSq } = figures.cadence;
  if (n >= min.gaps) {
    const mean = sum / n;
    const cv = Math.sqrt(Math.max(0, sumSq / n - mean * mean)) / mean;
    if (cv < REGULAR_CV) {
      signals.push({
        kind: 'regular_cadence',
        points: BOT_POINTS.regular_cadence,
        summary: `Moves every ${round(mean * TICK_MS, 0)} ms, varying by ${Math.round(cv * 100)}% over ${n} gaps`,
        figures: { gaps: n, meanGapMs: round(mean * TICK_MS, 1), variation: round(cv) },
        games: [...games],
      });
    }
  }
  const { returns, early } = figures.reads;
  if (returns >= min.reads && early / returns >= EARLY_READ_SHARE) {
    signals.push({
      kind: 'perfect_tracking',
      points: BOT_POINTS.perfect_tracking,
      summary: `Stood where the ball would arrive 200 ms after the opponent's hit on ${early} of ${returns} returns in long rallies`,
      figures: { returns, earlyReads: early, share: round(early / returns) },
      games: [...games],
    });
  }
  return signals;
}
