import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { uuidPrimaryKey } from './columns.ts';

/** The legacy username/password player account of SPEC §3, kept for its win stats. */
export const legacyUsers = pgTable('legacy_users', {
  id: uuidPrimaryKey(),
  username: text('username').notNull().unique(),
  /** A hash; SPEC calls the field password. */
  passwordHash: text('password_hash').notNull(),
  totalWins: integer('total_wins').notNull().default(0),
  bestStreak: integer('best_streak').notNull().default(0),
  currentStreak: integer('current_streak').notNull().default(0),
});
