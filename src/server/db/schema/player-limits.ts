import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { lamports, timestamptz, updatedAt, uuidPrimaryKey } from './columns.ts';

/**
 * Player protection, one row per wallet that set any: the self-exclusion (ends null while it lasts forever)
 * and the daily and weekly loss limits in force, each with a raise or removal waiting for its time
 * (`*_pending_from` set; `*_pending_lamports` null removes the limit). common/player-limits.ts holds the rules.
 */
export const playerLimits = pgTable(
  'player_limits',
  {
    walletAddress: text('wallet_address').primaryKey(),
    excludedFrom: timestamptz('excluded_from'),
    /** Null with excluded_from set: permanent. */
    excludedUntil: timestamptz('excluded_until'),
    dailyLossLimitLamports: lamports('daily_loss_limit_lamports'),
    dailyPendingLamports: lamports('daily_pending_lamports'),
    dailyPendingFrom: timestamptz('daily_pending_from'),
    weeklyLossLimitLamports: lamports('weekly_loss_limit_lamports'),
    weeklyPendingLamports: lamports('weekly_pending_lamports'),
    weeklyPendingFrom: timestamptz('weekly_pending_from'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'player_limits_positive',
      sql`coalesce(${t.dailyLossLimitLamports}, 1) > 0 and coalesce(${t.dailyPendingLamports}, 1) > 0
        and coalesce(${t.weeklyLossLimitLamports}, 1) > 0 and coalesce(${t.weeklyPendingLamports}, 1) > 0`,
    ),
  ],
);

/**
 * Every change a player made to their protection, as asked and when it takes effect: rows are only added.
 * `kind` is self_exclusion, daily_loss_limit or weekly_loss_limit; `lamports` null removes a limit;
 * `excluded_until` null with kind self_exclusion is permanent.
 */
export const playerLimitChanges = pgTable(
  'player_limit_changes',
  {
    id: uuidPrimaryKey(),
    walletAddress: text('wallet_address').notNull(),
    kind: text('kind').notNull(),
    lamports: lamports('lamports'),
    excludedUntil: timestamptz('excluded_until'),
    requestedAt: timestamptz('requested_at').notNull(),
    effectiveAt: timestamptz('effective_at').notNull(),
    ipAddress: text('ip_address'),
  },
  (t) => [
    index('player_limit_changes_wallet_idx').on(t.walletAddress, t.requestedAt.desc()),
    check(
      'player_limit_changes_kind',
      sql`${t.kind} in ('self_exclusion', 'daily_loss_limit', 'weekly_loss_limit')`,
    ),
  ],
);
