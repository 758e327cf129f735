import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type {
  SessionWalletAnswer,
  SignInChallengeAnswer,
  SignInVerifyAnswer,
  SignOutAnswer,
} from '../../../common/api/player-api.ts';
import type { Clock } from '../../../common/clock.ts';
import type { Database } from '../../db/database.ts';
import { isOriginAllowed, normalizeOrigin } from '../../security/origin-allowed.ts';
import {
  createPlayerSessions,
  PLAYER_SESSION_COOKIE,
  type PlayerSession,
  type PlayerSessions,
  sessionTokenFromCookieHeader,
} from '../../security/player-sessions.ts';
import { createTokenBucketLimiter, type TokenBucketLimiter } from '../../security/token-bucket-limiter.ts';
import type { Replies } from '../contract-reply.ts';
import { challengeRequestSchema, describeInvalidBody, verifyRequestSchema } from './auth-schemas.ts';
import { ORIGIN_NOT_ALLOWED, TOO_MANY_REQUESTS } from './sign-in-errors.ts';
import { createSignInService, type SignInChainId, type SignInServiceDeps } from './sign-in-service.ts';

export interface RateLimit {
  capacity: number;
  refillPerMinute: number;
}

export interface PlayerAuthOptions {
  db: Database;
  clock: Clock;
  chainId: SignInChainId;
  /** Origins whose pages may call the state-changing routes (config.allowedOrigins). */
  allowedOrigins: readonly string[];
  /**
   * The origin players browse (config.publicOrigin), read at each request (PORT=0 fixes it once listening):
   * the sign-in domain and URI, and an https origin makes the cookie Secure even when a TLS-terminating
   * proxy forwards plain http without X-Forwarded-Proto.
   */
  publicOrigin: string | (() => string);
  sessionLifetimeMs?: number;
  /** Pass one in when the /ws upgrade was built first; otherwise one is made from db and clock. */
  playerSessions?: PlayerSessions;
  /** Per client IP: challenge, verify and logout share `signIn`; /me has its own, larger bucket. */
  rateLimits?: { signIn?: RateLimit; me?: RateLimit };
  /**
   * A wallet has just proven itself, before its cookie is set: the terms acceptance it carried is recorded
   * here. A failure fails the sign-in, so no session exists without its record.
   */
  onSignedIn?: (signedIn: SignedIn) => Promise<void>;
  /**
   * A session was ended by its sign-out: the sockets it opened are closed (on every node in cluster mode).
   * Must not throw; it runs after the session is deleted, so a failure cannot keep the session alive.
   */
  onSignedOut?: (ended: PlayerSession) => void;
  /** A banned wallet or address is refused a session (403 with the ban message). */
  refusal?: SignInServiceDeps['refusal'];
}

export interface SignedIn {
  walletAddress: string;
  ip: string;
  /** The terms version the client says was accepted, or null when it sent none. */
  termsVersion: string | null;
}

export const DEFAULT_SIGN_IN_LIMIT: RateLimit = { capacity: 20, refillPerMinute: 20 };
export const DEFAULT_ME_LIMIT: RateLimit = { capacity: 120, refillPerMinute: 120 };
/** Sign-in bodies are a few kilobytes at most; anything larger is refused before it is read. */
const BODY_LIMIT_BYTES = 16 * 1024;

function rateLimited(limiter: TokenBucketLimiter): onRequestHookHandler {
  return async (request, reply) => {
    if (limiter.take(request.ip)) return;
    const seconds = Math.max(1, Math.ceil(limiter.retryAfterMs(request.ip) / 1000));
    return reply.code(429).header('retry-after', String(seconds)).send({ error: TOO_MANY_REQUESTS });
  };
}

/**
 * Sign In With Solana and the player session (ARCHITECTURE invariant 5, SPEC §7, RELIABILITY 16):
 * POST /api/auth/challenge, POST /api/auth/verify, GET /api/auth/me, POST /api/auth/logout.
 * Call on the root instance (buildApp's plugins hook); the routes live in their own encapsulated scope.
 */
export async function registerPlayerAuth(
  app: FastifyInstance,
  options: PlayerAuthOptions,
): Promise<{ playerSessions: PlayerSessions }> {
  const { db, clock } = options;
  const playerSessions =
    options.playerSessions ?? createPlayerSessions({ db, clock, lifetimeMs: options.sessionLifetimeMs });
  const publicOrigin =
    typeof options.publicOrigin === 'string' ? () => options.publicOrigin as string : options.publicOrigin;
  const signIn = createSignInService({
    db,
    clock,
    chainId: options.chainId,
    sessions: playerSessions,
    publicOrigin,
    ...(options.refusal ? { refusal: options.refusal } : {}),
  });
  // Read at each request: with PORT=0 the composition root adds the real origins once it has listened.
  const allowedOrigins = () => new Set(options.allowedOrigins.map((o) => normalizeOrigin(o) ?? o));
  const limitSignIn = rateLimited(
    createTokenBucketLimiter({ clock, ...(options.rateLimits?.signIn ?? DEFAULT_SIGN_IN_LIMIT) }),
  );
  const limitMe = rateLimited(
    createTokenBucketLimiter({ clock, ...(options.rateLimits?.me ?? DEFAULT_ME_LIMIT) }),
  );

  const checkOrigin: onRequestHookHandler = async (request, reply) => {
    if (isOriginAllowed(request.headers.origin, allowedOrigins())) return;
    return reply.code(403).send({ error: ORIGIN_NOT_ALLOWED });
  };

  const secure = (request: FastifyRequest) =>
    new URL(publicOrigin()).protocol === 'https:' || request.protocol === 'https';
  const cookieAttributes = (request: FastifyRequest) =>
    ({ path: '/', httpOnly: true, sameSite: 'lax', secure: secure(request), signed: false }) as const;
  const currentToken = (request: FastifyRequest) => sessionTokenFromCookieHeader(request.headers.cookie);

  // Registered only when nobody did already: the cookie plugin decorates the root, so a second copy would throw.
  if (!app.hasDecorator('parseCookie')) await app.register(fastifyCookie);

  await app.register(async (scope) => {
    // Bad JSON, oversized bodies and the like answer in the same `{ error }` shape as every refusal here.
    scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, 'player auth request failed');
      return reply.code(status).send({ error: status >= 500 ? 'Internal server error' : error.message });
    });
    // Answers about who is signed in are per-browser and must never come out of a shared cache.
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    const postRoute = { bodyLimit: BODY_LIMIT_BYTES, onRequest: [limitSignIn, checkOrigin] };

    scope.post<{ Reply: Replies<SignInChallengeAnswer> }>(
      '/api/auth/challenge',
      postRoute,
      async (request, reply) => {
        const body = challengeRequestSchema.safeParse(request.body);
        if (!body.success) return reply.code(400).send({ error: describeInvalidBody(body.error) });
        const input = await signIn.issue({ walletAddress: body.data.walletAddress });
        return { input };
      },
    );

    scope.post<{ Reply: Replies<SignInVerifyAnswer> }>(
      '/api/auth/verify',
      postRoute,
      async (request, reply) => {
        const body = verifyRequestSchema.safeParse(request.body);
        if (!body.success) return reply.code(400).send({ error: describeInvalidBody(body.error) });
        const { termsVersion, ...proof } = body.data;
        const outcome = await signIn.verify({
          ...proof,
          previousToken: currentToken(request),
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        if (!outcome.ok) return reply.code(outcome.status).send({ error: outcome.error });
        await options.onSignedIn?.({
          walletAddress: outcome.session.walletAddress,
          ip: request.ip,
          termsVersion: termsVersion ?? null,
        });
        reply.setCookie(PLAYER_SESSION_COOKIE, outcome.session.token, {
          ...cookieAttributes(request),
          maxAge: Math.floor(playerSessions.lifetimeMs / 1000),
        });
        return { walletAddress: outcome.session.walletAddress };
      },
    );

    scope.get<{ Reply: Replies<SessionWalletAnswer> }>(
      '/api/auth/me',
      { onRequest: [limitMe] },
      async (request) => {
        const session = await playerSessions.fromRequest(request);
        // Signed out is the normal state of every first visit, not an error: a 401 here would be logged by
        // browsers as a failed resource on every page load, so the answer names no wallet instead.
        return { walletAddress: session ? session.walletAddress : null };
      },
    );

    scope.post<{ Reply: Replies<SignOutAnswer> }>('/api/auth/logout', postRoute, async (request, reply) => {
      const ended = await playerSessions.end(currentToken(request));
      if (ended) options.onSignedOut?.(ended);
      reply.clearCookie(PLAYER_SESSION_COOKIE, cookieAttributes(request));
      return { success: true };
    });
  });

  return { playerSessions };
}
