import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, lamports, timestamptz, updatedAt, uuidPrimaryKey, zeroLamports } from './columns.ts';
import {
  gameCompletionStatusEnum,
  gameModeEnum,
  gameSessionOutcomeEnum,
  gameSessionStatusEnum,
  gameStateEnum,
} from './enums.ts';
import { searchIndexes } from './search-indexes.ts';

/**
 * The game audit record of SPEC §3, one row per match: what the admin Games tab lists and what a dispute
 * is settled from. The seed, its hash and the recorded inputs let anyone re-simulate the match
 * (ARCHITECTURE invariant 9).
 */
export const games = pgTable(
  'games',
  {
    id: uuidPrimaryKey(),
    mode: gameModeEnum('mode').notNull(),
    state: gameStateEnum('state').notNull().default('waiting'),
    player1Wallet: text('player1_wallet').notNull(),
    player2Wallet: text('player2_wallet').notNull(),
    player1DisplayName: text('player1_display_name'),
    player2DisplayName: text('player2_display_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamptz('started_at'),
    endedAt: timestamptz('ended_at'),
    durationMs: integer('duration_ms'),
    /** The winner's wallet address. */
    winner: text('winner'),
    /** As shown to admins, e.g. '11-7'; the two numbers are kept beside it for sorting and checks. */
    finalScore: text('final_score'),
    player1Score: integer('player1_score'),
    player2Score: integer('player2_score'),
    completionStatus: gameCompletionStatusEnum('completion_status'),
    disconnectCount: integer('disconnect_count').notNull().default(0),
    entryFeeLamports: zeroLamports('entry_fee_lamports'),
    player1EntryTransactionId: uuid('player1_entry_transaction_id'),
    player1EntrySignature: text('player1_entry_signature'),
    player2EntryTransactionId: uuid('player2_entry_transaction_id'),
    player2EntrySignature: text('player2_entry_signature'),
    winnerPayoutLamports: lamports('winner_payout_lamports'),
    winnerPayoutTransactionId: uuid('winner_payout_transaction_id'),
    winnerPayoutSignature: text('winner_payout_signature'),
    player1RefundLamports: lamports('player1_refund_lamports'),
    player1RefundTransactionId: uuid('player1_refund_transaction_id'),
    player1RefundSignature: text('player1_refund_signature'),
    player2RefundLamports: lamports('player2_refund_lamports'),
    player2RefundTransactionId: uuid('player2_refund_transaction_id'),
    player2RefundSignature: text('player2_refund_signature'),
    gameStateSnapshots: jsonb('game_state_snapshots'),
    ballHits: integer('ball_hits'),
    rallyCount: integer('rally_count'),
    maxBallSpeed: doublePrecision('max_ball_speed'),
    player1Ip: text('player1_ip'),
    player2Ip: text('player2_ip'),
    player1UserAgent: text('player1_user_agent'),
    player2UserAgent: text('player2_user_agent'),
    player1ConnectionQuality: text('player1_connection_quality'),
    player2ConnectionQuality: text('player2_connection_quality'),
    serverChecksum: text('server_checksum'),
    rngSeed: text('rng_seed'),
    rngSeedHash: text('rng_seed_hash'),
    recordedInputs: jsonb('recorded_inputs'),
    suspiciousActivity: boolean('suspicious_activity').notNull().default(false),
    integrityScore: integer('integrity_score'),
    /**
     * The play figures measured from this game's recorded inputs against its replayed ball, per seat
     * (src/server/risk/play-figures.ts), kept so a wallet's bot signals pool its recent games without
     * replaying them again. Null until the risk pass has seen the game.
     */
    riskFigures: jsonb('risk_figures'),
    adminNotes: text('admin_notes'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamptz('reviewed_at'),
  },
  (t) => [
    // "Games of this wallet, newest first" has to look at both seats.
    index('games_player1_created_at_idx').on(t.player1Wallet, t.createdAt.desc()),
    index('games_player2_created_at_idx').on(t.player2Wallet, t.createdAt.desc()),
    index('games_created_at_idx').on(t.createdAt.desc()),
    // The admin search: a game by the first or last characters of its id or of a player's wallet, and by
    // an entry fee's signature (the entry transaction names no game; the game names it).
    ...searchIndexes('games_id', sql`CAST(${t.id} AS text)`),
    ...searchIndexes('games_player1', t.player1Wallet),
    ...searchIndexes('games_player2', t.player2Wallet),
    index('games_player1_entry_transaction_idx').on(t.player1EntryTransactionId),
    index('games_player2_entry_transaction_idx').on(t.player2EntryTransactionId),
    // The leaderboard reads paid matches with a result, this week or all time.
    index('games_paid_ended_at_idx')
      .on(t.endedAt)
      .where(sql`${t.entryFeeLamports} > 0 and ${t.winner} is not null`),
  ],
);

/** The game session of SPEC §3: the live-match view with its status and, once over, its outcome. */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: uuidPrimaryKey(),
    gameType: gameModeEnum('game_type').notNull(),
    status: gameSessionStatusEnum('status').notNull().default('preparing'),
    outcome: gameSessionOutcomeEnum('outcome'),
    player1Id: text('player1_id'),
    player2Id: text('player2_id'),
    player1Wallet: text('player1_wallet').notNull(),
    player2Wallet: text('player2_wallet').notNull(),
    score1: integer('score1').notNull().default(0),
    score2: integer('score2').notNull().default(0),
    startTime: timestamptz('start_time'),
    endTime: timestamptz('end_time'),
    wagerLamports: zeroLamports('wager_lamports'),
    winLamports: zeroLamports('win_lamports'),
    feeLamports: zeroLamports('fee_lamports'),
    winnerId: text('winner_id'),
    /** The game node running this match (NODE_ID); settled by another node if it is lost. */
    nodeId: text('node_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('game_sessions_status_idx').on(t.status),
    index('game_sessions_player1_wallet_idx').on(t.player1Wallet),
    index('game_sessions_player2_wallet_idx').on(t.player2Wallet),
  ],
);
