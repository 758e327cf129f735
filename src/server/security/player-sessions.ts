import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Clock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import { playerSessions as playerSessionsTable } from '../db/schema/identity.ts';
import { recordSignedInWallet } from './signed-in-wallets.ts';

/** The cookie that carries a proven wallet's session (ARCHITECTURE invariant 5). */
export const PLAYER_SESSION_COOKIE = 'pong_session';

export const DEFAULT_PLAYER_SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** 32 random bytes in base64url, unpadded: anything else is not one of our tokens and never reaches the database. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const MAX_USER_AGENT_LENGTH = 512;

export interface PlayerSession {
  /** The stored id: sha256 of the cookie token, so it can be logged or bound to a seat without being a credential. */
  sessionId: string;
  walletAddress: string;
}

export interface StartedPlayerSession extends PlayerSession {
  /** The cookie value. Only the client ever holds it; the database keeps its hash. */
  token: string;
  expiresAt: Date;
}

export interface StartPlayerSessionInput {
  walletAddress: string;
  ip: string | undefined;
  userAgent: string | undefined;
}

/** What the /ws upgrade and HTTP routes both have: Fastify requests and Node's IncomingMessage fit. */
export interface RequestWithCookies {
  headers: { cookie?: string | undefined };
}

export interface PlayerSessions {
  readonly lifetimeMs: number;
  /** Starts a session; `db` lets the sign-in run it inside the transaction that consumes its challenge. */
  start(input: StartPlayerSessionInput, db?: Database): Promise<StartedPlayerSession>;
  fromToken(token: string | undefined): Promise<PlayerSession | null>;
  fromCookieHeader(cookieHeader: string | undefined): Promise<PlayerSession | null>;
  fromRequest(request: RequestWithCookies): Promise<PlayerSession | null>;
  /** Deletes the session the token names, if any; returns it, so its open sockets can be closed. */
  end(token: string | undefined, db?: Database): Promise<PlayerSession | null>;
}

export interface PlayerSessionsDeps {
  db: Database;
  clock: Clock;
  lifetimeMs?: number;
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The session token in a Cookie header, if it has our token's shape. Parsed here rather than by
 * @fastify/cookie because the /ws upgrade reads raw Node requests, and a token needs no URL-decoding.
 */
export function sessionTokenFromCookieHeader(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== PLAYER_SESSION_COOKIE) continue;
    const token = pair.slice(eq + 1).trim();
    // The first well-formed one wins, as in browsers' own ordering (most specific path first).
    if (TOKEN_SHAPE.test(token)) return token;
  }
  return undefined;
}

export function createPlayerSessions(deps: PlayerSessionsDeps): PlayerSessions {
  const { db, clock } = deps;
  const lifetimeMs = deps.lifetimeMs ?? DEFAULT_PLAYER_SESSION_LIFETIME_MS;

  const fromToken = async (token: string | undefined): Promise<PlayerSession | null> => {
    if (token === undefined || !TOKEN_SHAPE.test(token)) return null;
    const [row] = await db
      .select({ sessionId: playerSessionsTable.id, walletAddress: playerSessionsTable.walletAddress })
      .from(playerSessionsTable)
      .where(
        and(
          eq(playerSessionsTable.id, hashSessionToken(token)),
          gt(playerSessionsTable.expiresAt, new Date(clock.now())),
        ),
      )
      .limit(1);
    return row ?? null;
  };

  return {
    lifetimeMs,

    async start(input, executor = db) {
      const now = clock.now();
      const token = randomBytes(32).toString('base64url');
      const sessionId = hashSessionToken(token);
      const expiresAt = new Date(now + lifetimeMs);
      // Expired rows can never be read again; clearing them on each sign-in keeps the table to live sessions.
      await executor.delete(playerSessionsTable).where(lt(playerSessionsTable.expiresAt, new Date(now)));
      await executor.insert(playerSessionsTable).values({
        id: sessionId,
        walletAddress: input.walletAddress,
        createdAt: new Date(now),
        expiresAt,
        ip: input.ip ?? null,
        userAgent: input.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
      });
      // Outlives the session: whose transfers to the house are players' payments (invariant 10).
      await recordSignedInWallet(executor, input.walletAddress, new Date(now));
      return { sessionId, walletAddress: input.walletAddress, token, expiresAt };
    },

    fromToken,
    fromCookieHeader: (cookieHeader) => fromToken(sessionTokenFromCookieHeader(cookieHeader)),
    fromRequest: (request) => fromToken(sessionTokenFromCookieHeader(request.headers.cookie)),

    async end(token, executor = db) {
      if (token === undefined || !TOKEN_SHAPE.test(token)) return null;
      const [ended] = await executor
        .delete(playerSessionsTable)
        .where(eq(playerSessionsTable.id, hashSessionToken(token)))
        .returning({ sessionId: playerSessionsTable.id, walletAddress: playerSessionsTable.walletAddress });
      return ended ?? null;
    },
  };
}

/**
 * Ends every session a ban concerns, in the ban's own transaction: a banned wallet's sessions wherever they
 * signed in, and for a banned address the sessions signed in from it (proven there, so not to be trusted
 * any more than a new sign-in from it, which is refused). Returns how many ended.
 */
export async function endSessionsOf(
  executor: Database,
  target: { walletAddress: string } | { ip: string },
): Promise<number> {
  const ended = await executor
    .delete(playerSessionsTable)
    .where(
      'walletAddress' in target
        ? eq(playerSessionsTable.walletAddress, target.walletAddress)
        : eq(playerSessionsTable.ip, target.ip),
    )
    .returning({ id: playerSessionsTable.id });
  return ended.length;
}
