import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  expectPgError,
  uniqueSignature,
  uniqueWallet,
} from '../../../test/support/database-bed.ts';
import type { Database } from './database.ts';
import { PG_ERROR } from './pg-errors.ts';
import {
  gameSessions,
  games,
  payoutJobs,
  queueSessions,
  systemEvents,
  transactions,
  walletAnalytics,
} from './schema/index.ts';

/**
 * The value lists of SPEC §4 (and §3's transaction types and game modes), copied here from the SPEC text
 * rather than imported, so a change to the code's lists cannot make this test agree with itself.
 */
const SPEC_LISTS = {
  game_mode: ['practice', 'smol_shrimp', 'tiny_tuna', 'mighty_marlin', 'giga_whale'],
  game_state: [
    'waiting',
    'countdown',
    'firstServe',
    'playing',
    'roundEnd',
    'gameOver',
    'waitingForReconnection',
  ],
  transaction_status: ['pending', 'processing', 'confirmed', 'failed', 'redundant'],
  transaction_type: [
    'entry_fee',
    'refund',
    'winner_payout',
    'payout',
    'commission',
    'profit',
    'game_record',
    'match_played',
    'wallet_update',
    'transaction_created',
    'transaction_notification',
  ],
  refund_reason: [
    'cancelled_search',
    'player_disconnect',
    'timeout',
    'admin_initiated',
    'game_error',
    'system_error',
  ],
  game_completion_status: ['completed', 'interrupted', 'forfeited', 'cancelled', 'practice_win'],
  queue_status: ['active', 'matched', 'cancelled', 'disconnected', 'timed_out', 'error'],
  game_session_status: ['preparing', 'playing', 'paused', 'completed', 'interrupted', 'cancelled'],
  game_session_outcome: ['player1_win', 'player2_win', 'draw', 'cancelled', 'interrupted'],
  system_event_severity: ['critical', 'error', 'warning', 'other'],
  // Not SPEC lists but the money design's (ARCHITECTURE invariant 3; held and cancelled: RELIABILITY 35).
  payout_job_kind: ['winner_payout', 'refund'],
  payout_job_status: ['pending', 'processing', 'sent', 'confirmed', 'failed', 'held', 'cancelled'],
  // The ban history's (security.ts ban_history): what was banned, and whether it was a ban or an unban.
  ban_target_kind: ['wallet', 'ip'],
  ban_history_action: ['ban', 'unban'],
} as const;

type ListName = keyof typeof SPEC_LISTS;

/** Writes one valid row and returns its id; each column below is then set to every value and one outsider. */
type RowFactory = (db: Database) => Promise<string>;

const newTransaction: RowFactory = async (db) => {
  const [row] = await db
    .insert(transactions)
    .values({ type: 'refund', walletAddress: uniqueWallet(), amountLamports: 24_250_000n })
    .returning({ id: transactions.id });
  return row!.id;
};
const newGame: RowFactory = async (db) => {
  const [row] = await db
    .insert(games)
    .values({ mode: 'tiny_tuna', player1Wallet: uniqueWallet(), player2Wallet: uniqueWallet() })
    .returning({ id: games.id });
  return row!.id;
};
const newGameSession: RowFactory = async (db) => {
  const [row] = await db
    .insert(gameSessions)
    .values({ gameType: 'tiny_tuna', player1Wallet: uniqueWallet(), player2Wallet: uniqueWallet() })
    .returning({ id: gameSessions.id });
  return row!.id;
};
// Closed, so trying every queue status never trips the one-active-entry-per-wallet key.
const newQueueSession: RowFactory = async (db) => {
  const [row] = await db
    .insert(queueSessions)
    .values({ walletAddress: uniqueWallet(), gameMode: 'practice', status: 'matched' })
    .returning({ id: queueSessions.id });
  return row!.id;
};
const newSystemEvent: RowFactory = async (db) => {
  const [row] = await db
    .insert(systemEvents)
    .values({ severity: 'warning', eventType: 'test', message: 'test' })
    .returning({ id: systemEvents.id });
  return row!.id;
};
// Signed and tied to a game, so every status and kind also passes the table's CHECK constraints.
const newPayoutJob: RowFactory = async (db) => {
  const [row] = await db
    .insert(payoutJobs)
    .values({
      kind: 'winner_payout',
      idempotencyKey: randomUUID(),
      walletAddress: uniqueWallet(),
      amountLamports: 150_000_000n,
      gameId: randomUUID(),
      signature: uniqueSignature(),
      signedTransaction: 'AQID',
      lastValidBlockHeight: 1000n,
    })
    .returning({ id: payoutJobs.id });
  return row!.id;
};

const columns: { table: string; column: string; list: ListName; key?: string; newRow: RowFactory }[] = [
  { table: 'transactions', column: 'type', list: 'transaction_type', newRow: newTransaction },
  { table: 'transactions', column: 'status', list: 'transaction_status', newRow: newTransaction },
  { table: 'transactions', column: 'game_mode', list: 'game_mode', newRow: newTransaction },
  { table: 'transactions', column: 'reason', list: 'refund_reason', newRow: newTransaction },
  {
    table: 'transactions',
    column: 'game_completion_status',
    list: 'game_completion_status',
    newRow: newTransaction,
  },
  { table: 'games', column: 'mode', list: 'game_mode', newRow: newGame },
  { table: 'games', column: 'state', list: 'game_state', newRow: newGame },
  { table: 'games', column: 'completion_status', list: 'game_completion_status', newRow: newGame },
  { table: 'game_sessions', column: 'game_type', list: 'game_mode', newRow: newGameSession },
  { table: 'game_sessions', column: 'status', list: 'game_session_status', newRow: newGameSession },
  { table: 'game_sessions', column: 'outcome', list: 'game_session_outcome', newRow: newGameSession },
  { table: 'queue_sessions', column: 'status', list: 'queue_status', newRow: newQueueSession },
  { table: 'queue_sessions', column: 'game_mode', list: 'game_mode', newRow: newQueueSession },
  { table: 'system_events', column: 'severity', list: 'system_event_severity', newRow: newSystemEvent },
  { table: 'payout_jobs', column: 'kind', list: 'payout_job_kind', newRow: newPayoutJob },
  { table: 'payout_jobs', column: 'status', list: 'payout_job_status', newRow: newPayoutJob },
  {
    table: 'wallet_analytics',
    column: 'favorite_mode',
    list: 'game_mode',
    key: 'wallet_address',
    newRow: async (db) => {
      const [row] = await db
        .insert(walletAnalytics)
        .values({ walletAddress: uniqueWallet() })
        .returning({ key: walletAnalytics.walletAddress });
      return row!.key;
    },
  },
];

describeEachDatabase('value lists', (target) => {
  it.each(Object.entries(SPEC_LISTS))(
    'the %s type holds exactly the SPEC list, in order',
    async (name, list) => {
      const result = await target.db.execute<{ label: string }>(
        sql`SELECT e.enumlabel AS label FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid
          WHERE t.typname = ${name} ORDER BY e.enumsortorder`,
      );
      expect(result.rows.map((row) => row.label)).toEqual(list);
    },
  );

  it.each(columns)('$table.$column takes every $list value and refuses any other', async (c) => {
    const db = target.db;
    const key = c.key ?? 'id';
    const id = await c.newRow(db);
    const set = (value: string) =>
      db.execute(
        sql`UPDATE ${sql.identifier(c.table)} SET ${sql.identifier(c.column)} = ${value} WHERE ${sql.identifier(key)} = ${id}`,
      );
    for (const value of SPEC_LISTS[c.list]) await set(value);
    await expectPgError(set('not_in_spec'), PG_ERROR.invalidTextRepresentation);
    // Near misses are refused too: the lists are case-sensitive.
    await expectPgError(set(SPEC_LISTS[c.list][0].toUpperCase()), PG_ERROR.invalidTextRepresentation);
  });
});
