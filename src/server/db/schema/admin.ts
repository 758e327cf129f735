import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
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
    /**
     * The TOTP secret sealed with ADMIN_TOTP_KEY (two-factor/totp-secret-box.ts), never in clear. Set at the
     * start of enrolment; `totpEnabledAt` is set once a code from it was confirmed.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamptz('totp_enabled_at'),
    /** The last time step whose code was accepted: a code of that step or an earlier one is refused (replay). */
    totpLastStep: integer('totp_last_step'),
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

/**
 * One-time recovery codes of an admin's second factor, stored as hashes (two-factor/recovery-codes.ts). A
 * code is used by one conditional update of `used_at`, so two requests with one code cannot both pass.
 */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    adminId: uuid('admin_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.codeHash] })],
);

/**
 * A support note on a wallet or a game: who wrote it, when, the text. Append-only: the product has no route
 * that edits or deletes one, and the database refuses an UPDATE or DELETE of a row (a trigger, migration
 * 0018), so the record of what support said to a player is what was said. `author_email` is kept as written,
 * so a note still names its author after the account is renamed or deactivated.
 */
export const supportNotes = pgTable(
  'support_notes',
  {
    id: uuidPrimaryKey(),
    targetKind: text('target_kind').notNull(),
    /** A wallet address or a game id (as text). */
    target: text('target').notNull(),
    body: text('body').notNull(),
    /** The admin's id, not a foreign key: a note outlives any change to the account, untouched. */
    authorId: uuid('author_id'),
    authorEmail: text('author_email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('support_notes_target_kind_known', sql`${t.targetKind} in ('wallet', 'game')`),
    check('support_notes_body_length', sql`char_length(${t.body}) between 1 and 2000`),
    index('support_notes_target_created_at_idx').on(t.targetKind, t.target, t.createdAt.desc()),
  ],
);
