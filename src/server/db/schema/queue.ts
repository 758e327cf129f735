import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt, uuidPrimaryKey } from './columns.ts';
import { gameModeEnum, queueStatusEnum } from './enums.ts';
import { transactions } from './money.ts';

/**
 * A queue entry (SPEC §3 queue session). Written only after the entry fee is verified on chain
 * (ARCHITECTURE invariant 2), so it survives a restart and a refund can always name what it returns.
 */
export const queueSessions = pgTable(
  'queue_sessions',
  {
    id: uuidPrimaryKey(),
    playerId: text('player_id'),
    walletAddress: text('wallet_address').notNull(),
    displayName: text('display_name'),
    gameMode: gameModeEnum('game_mode').notNull(),
    status: queueStatusEnum('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: timestamptz('closed_at'),
    timeInQueueMs: integer('time_in_queue_ms'),
    /** The verified entry fee; null in practice. One payment can open at most one entry. */
    transactionId: uuid('transaction_id')
      .unique()
      .references(() => transactions.id),
    resultingGameId: uuid('resulting_game_id'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    metadata: jsonb('metadata'),
    /**
     * The game node that holds this search (NODE_ID): when that node stops beating in Redis,
     * another settles it. Null for rows written before cluster mode existed (settled as owned by nobody).
     */
    nodeId: text('node_id'),
    /**
     * A private search a friend accepts by its link (the lobby's 'Challenge a friend'): its code, never in the
     * public queue, and when it closes unaccepted (its fee back in full). Null for a public search.
     */
    challengeCode: text('challenge_code'),
    challengeExpiresAt: timestamptz('challenge_expires_at'),
    /**
     * A challenge whose challenger's socket is gone (written by the node holding it): it is not accepted
     * until a socket of the wallet takes it back, so nobody is matched with a seat that starts away.
     */
    awaySince: timestamptz('away_since'),
    /**
     * A matched entry whose match is still in play: its stake is at risk until the match's result or refund
     * commits, which clears it. The house bot's seats never set it.
     */
    inPlay: boolean('in_play').notNull().default(false),
    /** Arrival order, for first-come matching that does not depend on clock resolution. */
    sequenceNumber: serial('sequence_number').notNull(),
  },
  (t) => [
    index('queue_sessions_wallet_status_idx').on(t.walletAddress, t.status),
    index('queue_sessions_status_mode_sequence_idx').on(t.status, t.gameMode, t.sequenceNumber),
    // A challenge's link names one search, for ever.
    uniqueIndex('queue_sessions_challenge_code').on(t.challengeCode),
    // One live stake per wallet, a search or a match in play, on every node (RELIABILITY 24): a second socket
    // of the wallet, a second node, a challenge accepted while it searches all find it taken.
    uniqueIndex('queue_sessions_one_live_stake_per_wallet')
      .on(t.walletAddress)
      .where(sql`${t.status} = 'active' or (${t.status} = 'matched' and ${t.inPlay})`),
  ],
);
