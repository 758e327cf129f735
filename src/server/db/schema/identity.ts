import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidPrimaryKey } from './columns.ts';

/**
 * Wallet sign-in (ARCHITECTURE invariant 5). A challenge is issued by the server and can be used once:
 * `used_at` is set in the same statement that checks it is still null, so two racing verifications of
 * one nonce get one session.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: uuidPrimaryKey(),
    nonce: text('nonce').notNull().unique(),
    walletAddress: text('wallet_address').notNull(),
    domain: text('domain').notNull(),
    statement: text('statement'),
    uri: text('uri'),
    version: text('version'),
    chainId: text('chain_id'),
    /** The exact text the wallet is asked to sign, so verification compares bytes, not a re-rendering. */
    message: text('message').notNull(),
    issuedAt: timestamptz('issued_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('auth_challenges_expires_at_idx').on(t.expiresAt)],
);

/**
 * A proven wallet's session, read from an HttpOnly cookie by HTTP routes and the /ws upgrade. The id is
 * a hash of the cookie token, so a leaked database does not hand out live sessions.
 */
export const playerSessions = pgTable(
  'player_sessions',
  {
    id: text('id').primaryKey(),
    walletAddress: text('wallet_address').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('player_sessions_wallet_idx').on(t.walletAddress),
    index('player_sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * The terms of service a wallet accepted (18 or older, not in a restricted jurisdiction),
 * written with the sign-in that carried the acceptance: when, which wallet, from which address, which
 * version. Rows are only ever added, so the record of what was accepted and when is never rewritten.
 */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: uuidPrimaryKey(),
    acceptedAt: timestamptz('accepted_at').notNull().defaultNow(),
    walletAddress: text('wallet_address').notNull(),
    ipAddress: text('ip_address'),
    termsVersion: text('terms_version').notNull(),
  },
  (t) => [index('terms_acceptances_wallet_accepted_at_idx').on(t.walletAddress, t.acceptedAt.desc())],
);

/**
 * Every wallet that ever proved itself with a sign-in (ARCHITECTURE invariant 10): written in the transaction
 * that starts its player session and never deleted, unlike the sessions themselves (cleared once expired). A
 * transfer to the house from one of these is a player's payment, refunded if nothing claims it; from any other
 * wallet it is a stranger's, reported to an admin instead.
 */
export const signedInWallets = pgTable('signed_in_wallets', {
  walletAddress: text('wallet_address').primaryKey(),
  firstSignedInAt: timestamptz('first_signed_in_at').notNull().defaultNow(),
  lastSignedInAt: timestamptz('last_signed_in_at').notNull().defaultNow(),
  /** Set when the player chose to be left out of the leaderboard and to keep no public page; null: shown. */
  hiddenFromRankingsAt: timestamptz('hidden_from_rankings_at'),
});
