import { z } from 'zod';
import { count, instant, lamportsText } from './wire-values.ts';

/**
 * The public rankings beside the game: GET /api/leaderboard, GET /api/players/{address}, and the signed-in
 * player's choice to be left out of both (GET and PUT /api/player/visibility). Paid matches only: practice
 * moves no money and a house bot's games are practice.
 */

export const LEADERBOARD_PERIODS = ['week', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const LEADERBOARD_SORTS = ['net', 'wins', 'winRate'] as const;
export type LeaderboardSort = (typeof LEADERBOARD_SORTS)[number];

/** A win rate ranks a player only over this many paid matches in the period: one lucky win is not 100%. */
export const MIN_RANKED_GAMES = 5;
/** Rows on a board. */
export const LEADERBOARD_SIZE = 50;

export const leaderboardRowSchema = z.object({
  rank: count,
  walletAddress: z.string(),
  games: count,
  wins: count,
  /** Wins over games, 0-1, rounded to 4 decimals (display only). */
  winRate: z.number().min(0).max(1),
  /** What the player won less what they paid in, over the period's paid matches. */
  netLamports: lamportsText,
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const leaderboardAnswerSchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  sort: z.enum(LEADERBOARD_SORTS),
  /** The first instant counted (this week: Monday 00:00 UTC); null for all time. */
  since: instant.nullable(),
  minGames: count,
  rows: z.array(leaderboardRowSchema),
  /** When the figures were read (they are cached briefly). */
  asOf: instant,
});
export type LeaderboardAnswer = z.infer<typeof leaderboardAnswerSchema>;

/** One of a player's recent results, without the opponent. */
export const recentResultSchema = z.object({
  gameMode: z.string(),
  result: z.enum(['win', 'loss']),
  /** Own score first. */
  score: z.string(),
  forfeit: z.boolean(),
  endedAt: instant,
});

export const playerProfileAnswerSchema = z.object({
  walletAddress: z.string(),
  games: count,
  wins: count,
  /** The longest run of wins in a row. */
  bestStreak: count,
  /** The mode played most; null before any match. */
  favouriteMode: z.string().nullable(),
  /** Paid matches only: won less paid in. */
  netLamports: lamportsText,
  recent: z.array(recentResultSchema),
});
export type PlayerProfileAnswer = z.infer<typeof playerProfileAnswerSchema>;

/**
 * GET /api/player/visibility and PUT's answer: whether the signed-in wallet is left out of the rankings. GET
 * answers a browser without a session too (walletAddress null), so a public page can ask without a 401.
 */
export const visibilityAnswerSchema = z.object({ walletAddress: z.string().nullable(), hidden: z.boolean() });
export type VisibilityAnswer = z.infer<typeof visibilityAnswerSchema>;
export const visibilityRequestSchema = z.strictObject({ hidden: z.boolean() });
