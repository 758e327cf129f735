import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, updatedAt, uuidPrimaryKey, zeroLamports } from './columns.ts';
import { gameModeEnum } from './enums.ts';

/** Player activity for audits (SPEC §3 player action, wallet session, wallet analytics). */
export const playerActions = pgTable(
  'player_actions',
  {
    id: uuidPrimaryKey(),
    walletAddress: text('wallet_address').notNull(),
    gameId: uuid('game_id'),
    action: text('action').notNull(),
    details: jsonb('details'),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    sessionId: text('session_id'),
  },
  (t) => [
    index('player_actions_wallet_timestamp_idx').on(t.walletAddress, t.timestamp.desc()),
    index('player_actions_game_id_idx').on(t.gameId),
  ],
);

export const walletSessions = pgTable(
  'wallet_sessions',
  {
    id: uuidPrimaryKey(),
    walletAddress: text('wallet_address').notNull(),
    sessionId: text('session_id').notNull(),
    startTime: timestamptz('start_time').notNull().defaultNow(),
    endTime: timestamptz('end_time'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    gamesPlayed: integer('games_played').notNull().default(0),
    totalWageredLamports: zeroLamports('total_wagered_lamports'),
    totalWonLamports: zeroLamports('total_won_lamports'),
    totalLostLamports: zeroLamports('total_lost_lamports'),
    actions: jsonb('actions'),
  },
  (t) => [
    index('wallet_sessions_wallet_start_idx').on(t.walletAddress, t.startTime.desc()),
    index('wallet_sessions_session_id_idx').on(t.sessionId),
  ],
);

/** One row per wallet, recomputed from the ledger and games; never the source of truth for money. */
export const walletAnalytics = pgTable('wallet_analytics', {
  walletAddress: text('wallet_address').primaryKey(),
  totalGames: integer('total_games').notNull().default(0),
  totalWins: integer('total_wins').notNull().default(0),
  totalLosses: integer('total_losses').notNull().default(0),
  /** A ratio from 0 to 1 for display and risk rules, not money, so floating point is fine. */
  winRate: doublePrecision('win_rate').notNull().default(0),
  totalWageredLamports: zeroLamports('total_wagered_lamports'),
  totalWonLamports: zeroLamports('total_won_lamports'),
  totalLostLamports: zeroLamports('total_lost_lamports'),
  /** Won minus wagered; negative when the wallet is down. */
  profitLossLamports: zeroLamports('profit_loss_lamports'),
  averageGameDurationMs: integer('average_game_duration_ms'),
  favoriteMode: gameModeEnum('favorite_mode'),
  longestWinStreak: integer('longest_win_streak').notNull().default(0),
  currentWinStreak: integer('current_win_streak').notNull().default(0),
  riskScore: integer('risk_score'),
  isFlagged: boolean('is_flagged').notNull().default(false),
  flagReason: text('flag_reason'),
  firstGameAt: timestamptz('first_game_at'),
  lastGameAt: timestamptz('last_game_at'),
  uniqueIpCount: integer('unique_ip_count').notNull().default(0),
  mostUsedIp: text('most_used_ip'),
  suspiciousPatterns: jsonb('suspicious_patterns'),
  updatedAt: updatedAt(),
});
