import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import { adminSessions, adminUsers } from '../db/schema/admin.ts';

/** SPEC §6: an admin session ends after 30 min without a request, and 12 h after sign-in whatever happens. */
export const ADMIN_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ADMIN_ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;

/** 32 random bytes in base64url, unpadded: anything else is not one of our tokens and never reaches the database. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const MAX_USER_AGENT_LENGTH = 512;

/** What the session store's `sess` column holds for one admin session. */
interface StoredSession {
  adminId: string;
  createdAt: number;
  lastSeenAt: number;
  ip: string | null;
  userAgent: string | null;
  /** When this sign-in passed its second factor; absent while it has not (or needed none). */
  secondFactorAt?: number;
  /** Codes this sign-in sent to its second-factor step (takeSecondFactorTry). */
  secondFactorTries?: number;
}

export interface AdminSession {
  /** The stored sid: sha256 of the cookie token, so the database never holds a usable credential. */
  sid: string;
  adminId: string;
  email: string;
  username: string;
  role: string;
  createdAt: number;
  /** The admin has confirmed an authenticator (two-factor/second-factor-stage.ts decides what is asked). */
  totpEnrolled: boolean;
  /** This sign-in passed its second factor. */
  secondFactorDone: boolean;
}

/** One live session of an admin as its row holds it (the account panel's list). */
export interface AdminSessionRecord {
  sid: string;
  createdAt: number;
  lastSeenAt: number;
  ip: string | null;
  userAgent: string | null;
  secondFactorDone: boolean;
}

export interface AdminSessionStore {
  /** A fresh session (a new id at every login); `replacing` is the token the browser sent, deleted first. */
  start(input: {
    adminId: string;
    ip: string | undefined;
    userAgent: string | undefined;
    replacing?: string | undefined;
  }): Promise<{ token: string; sid: string }>;
  /**
   * The live session the token names, its idle deadline moved on. Null when there is none, it is idle or
   * past its absolute lifetime, or its admin is deactivated or gone (checked on every request).
   */
  resume(token: string | undefined): Promise<AdminSession | null>;
  end(token: string | undefined): Promise<void>;
  /** Marks the session (by sid) as having passed its second factor. */
  completeSecondFactor(sid: string): Promise<void>;
  /**
   * Counts one code sent by the session (by sid) before it is checked, so parallel codes cannot outrun the
   * count: its number (1 for the first), or null when the session already sent `max` (or is gone).
   */
  takeSecondFactorTry(sid: string, max: number): Promise<number | null>;
  /** Ends one session by its sid (a pending sign-in that sent too many wrong codes). */
  endSid(sid: string): Promise<void>;
  /**
   * Ends every session of one admin (deactivated, its second factor reset), or every one but `except` (its
   * own password changed, "end all others"); returns how many.
   */
  endAllOf(adminId: string, options?: { except?: string }): Promise<number>;
  /** The admin's live sessions (an expired row not yet swept is left out). */
  listOf(adminId: string): Promise<AdminSessionRecord[]>;
  /** Ends the session `sid` only if it is `adminId`'s: false when it is not (or is gone already). */
  endOf(adminId: string, sid: string): Promise<boolean>;
  /** Deletes every expired row; returns how many. */
  sweep(): Promise<number>;
}

export function adminSessionId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const expiryOf = (s: StoredSession) =>
  Math.min(s.lastSeenAt + ADMIN_IDLE_TIMEOUT_MS, s.createdAt + ADMIN_ABSOLUTE_TIMEOUT_MS);

function isStoredSession(value: unknown): value is StoredSession {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Record<string, unknown>;
  return typeof s.adminId === 'string' && typeof s.createdAt === 'number' && typeof s.lastSeenAt === 'number';
}

/**
 * The product's own small store on the session table (sid, sess, expire), one row per session. Simpler
 * than @fastify/session here: that plugin keeps a session object per request for every route and needs a
 * callback store adapter, while the admin area needs a few operations of its own, a hashed sid, an absolute
 * lifetime beside the idle one, and an is_active check on every request, which it does not offer.
 */
export function createAdminSessionStore(deps: { db: Database; clock: Clock }): AdminSessionStore {
  const { db, clock } = deps;
  const ofAdmin = (adminId: string) => sql`${adminSessions.sess}->>'adminId' = ${adminId}`;
  const deleteSid = (sid: string) => db.delete(adminSessions).where(eq(adminSessions.sid, sid));

  return {
    async start({ adminId, ip, userAgent, replacing }) {
      if (replacing !== undefined && TOKEN_SHAPE.test(replacing)) await deleteSid(adminSessionId(replacing));
      const now = clock.now();
      const token = randomBytes(32).toString('base64url');
      const sid = adminSessionId(token);
      const sess: StoredSession = {
        adminId,
        createdAt: now,
        lastSeenAt: now,
        ip: ip ?? null,
        userAgent: userAgent?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
      };
      await db.insert(adminSessions).values({ sid, sess, expire: new Date(expiryOf(sess)) });
      return { token, sid };
    },

    async resume(token) {
      if (token === undefined || !TOKEN_SHAPE.test(token)) return null;
      const sid = adminSessionId(token);
      const [row] = await db
        .select({ sess: adminSessions.sess, admin: adminUsers })
        .from(adminSessions)
        .leftJoin(adminUsers, sql`${adminUsers.id}::text = ${adminSessions.sess}->>'adminId'`)
        .where(eq(adminSessions.sid, sid))
        .limit(1);
      if (!row) return null;
      const now = clock.now();
      const sess = row.sess;
      if (!isStoredSession(sess) || expiryOf(sess) <= now || !row.admin?.isActive) {
        await deleteSid(sid);
        return null;
      }
      const touched: StoredSession = { ...sess, lastSeenAt: now };
      // Merged, not overwritten: a parallel request's count of second-factor tries is never undone.
      await db
        .update(adminSessions)
        .set({
          sess: sql`${adminSessions.sess} || ${JSON.stringify({ lastSeenAt: now })}::jsonb`,
          expire: new Date(expiryOf(touched)),
        })
        .where(eq(adminSessions.sid, sid));
      const { admin } = row;
      return {
        sid,
        adminId: admin.id,
        email: admin.email,
        username: admin.username,
        role: admin.role,
        createdAt: sess.createdAt,
        totpEnrolled: admin.totpEnabledAt !== null,
        secondFactorDone: typeof sess.secondFactorAt === 'number',
      };
    },

    async end(token) {
      if (token === undefined || !TOKEN_SHAPE.test(token)) return;
      await deleteSid(adminSessionId(token));
    },

    async completeSecondFactor(sid) {
      await db
        .update(adminSessions)
        .set({
          sess: sql`${adminSessions.sess} || ${JSON.stringify({ secondFactorAt: clock.now() })}::jsonb`,
        })
        .where(eq(adminSessions.sid, sid));
    },

    async takeSecondFactorTry(sid, max) {
      const tries = sql`coalesce((${adminSessions.sess}->>'secondFactorTries')::int, 0)`;
      const [taken] = await db
        .update(adminSessions)
        .set({ sess: sql`jsonb_set(${adminSessions.sess}, '{secondFactorTries}', to_jsonb(${tries} + 1))` })
        .where(and(eq(adminSessions.sid, sid), sql`${tries} < ${max}`))
        .returning({ tries: sql<number>`(${adminSessions.sess}->>'secondFactorTries')::int` });
      return taken ? Number(taken.tries) : null;
    },

    endSid: async (sid) => {
      await deleteSid(sid);
    },

    async endAllOf(adminId, options = {}) {
      const gone = await db
        .delete(adminSessions)
        .where(
          and(
            ofAdmin(adminId),
            options.except === undefined ? undefined : ne(adminSessions.sid, options.except),
          ),
        )
        .returning({ sid: adminSessions.sid });
      return gone.length;
    },

    async listOf(adminId) {
      const now = clock.now();
      const rows = await db
        .select({ sid: adminSessions.sid, sess: adminSessions.sess })
        .from(adminSessions)
        .where(and(ofAdmin(adminId), gt(adminSessions.expire, new Date(now))));
      return rows.flatMap(({ sid, sess }) =>
        isStoredSession(sess) && expiryOf(sess) > now
          ? [
              {
                sid,
                createdAt: sess.createdAt,
                lastSeenAt: sess.lastSeenAt,
                ip: sess.ip ?? null,
                userAgent: sess.userAgent ?? null,
                secondFactorDone: typeof sess.secondFactorAt === 'number',
              },
            ]
          : [],
      );
    },

    async endOf(adminId, sid) {
      const gone = await db
        .delete(adminSessions)
        .where(and(eq(adminSessions.sid, sid), ofAdmin(adminId)))
        .returning({ sid: adminSessions.sid });
      return gone.length === 1;
    },

    async sweep() {
      const gone = await db
        .delete(adminSessions)
        .where(lte(adminSessions.expire, new Date(clock.now())))
        .returning({ sid: adminSessions.sid });
      return gone.length;
    },
  };
}
