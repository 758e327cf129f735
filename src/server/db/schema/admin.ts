import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt, uuidPrimaryKey } from './columns.ts';

/**
 * Admin user (SPEC §3). Emails are stored lower-cased by the code that writes them; the key is exact. The
 * role is one of admin-roles.ts ADMIN_ROLES; the first admin is the owner.
 */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: uuidPrimaryKey(),
    email: text('email').notNull().unique(),
    username: text('username').notNull(),
    /** An argon2id hash, never the password itself (SPEC calls the field password). */
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('admin'),
    isActive: boolean('is_active').notNull().default(true),
    lastLogin: timestamptz('last_login'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('admin_users_role_known', sql`${t.role} in ('owner', 'admin', 'support', 'viewer')`)],
);

/**
 * The session store of SPEC §3 (sid, sess, expire): admin sign-in sessions kept by a cookie. Player
 * (wallet) sessions live in player_sessions.
 */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    sid: varchar('sid', { length: 255 }).primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: timestamptz('expire').notNull(),
  },
  (t) => [index('admin_sessions_expire_idx').on(t.expire)],
);
