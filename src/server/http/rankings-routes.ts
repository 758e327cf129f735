import { isAddress } from '@solana/kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  LEADERBOARD_PERIODS,
  LEADERBOARD_SORTS,
  type LeaderboardAnswer,
  MIN_RANKED_GAMES,
  type PlayerProfileAnswer,
  type VisibilityAnswer,
  visibilityRequestSchema,
} from '../../common/api/rankings-api.ts';
import type { Clock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import { leaderboard, weekStart } from '../rankings/leaderboard-query.ts';
import {
  isHiddenFromRankings,
  playerProfile,
  setHiddenFromRankings,
} from '../rankings/player-profile-query.ts';
import { boardKey, createRankingsCache, playerKey } from '../rankings/rankings-cache.ts';
import { localRankingsChanges, type RankingsChanges } from '../rankings/rankings-changes.ts';
import { pathParams, type RouteOf } from '../route-schemas.ts';
import type { PlayerSessions } from '../security/player-sessions.ts';
import { createTokenBucketLimiter } from '../security/token-bucket-limiter.ts';
import type { RateLimit } from './auth/register-player-auth.ts';
import type { Replies } from './contract-reply.ts';
import { refuseOverLimit } from './per-ip-refusal.ts';
import { createPlayerWriteLimit } from './player-write-limit.ts';
import { ROUTE_LIMITS } from './route-limits.ts';

const ADDRESS_PARAMS = pathParams('address');
/** `?period=` and `?sort=`, each one of its list (a repeated one is not); absent, the week by net. */
const LEADERBOARD_QUERY = z.object({
  period: z.enum(LEADERBOARD_PERIODS).default('week'),
  sort: z.enum(LEADERBOARD_SORTS).default('net'),
});

/** How long a board or a page is served from memory before the database is read again. */
export const RANKINGS_CACHE_MS = 30_000;

/**
 * What browsers and proxies may keep. A player who hides expects to be gone at once, so nothing of the
 * rankings is kept anywhere but in this server's own cache, which every node empties on a change: a board
 * is stored but asked again each time (no-cache), a player's page is not stored at all.
 */
export const RANKINGS_HTTP_CACHE = { board: 'no-cache', player: 'no-store' } as const;

export const RANKINGS_REFUSALS = {
  badQuery: `period must be one of ${LEADERBOARD_PERIODS.join(', ')} and sort one of ${LEADERBOARD_SORTS.join(', ')}`,
  badAddress: 'Invalid wallet address',
  noPage: 'No public record for this player',
  signedOut: 'Sign in with your wallet to choose whether you are shown',
  badBody: 'Send { "hidden": true } or { "hidden": false }',
} as const;

/**
 * The public rankings (common/api/rankings-api.ts): GET /api/leaderboard?period=week|all&sort=net|wins|winRate
 * and GET /api/players/{address}, both read from the database and cached for RANKINGS_CACHE_MS in a bounded
 * cache (a choice to hide or show empties it at once, on every node through `changes`); GET and PUT
 * /api/player/visibility for the signed-in wallet itself.
 */
export function registerRankingsRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    playerSessions: Pick<PlayerSessions, 'fromRequest'>;
    /** How nodes tell each other of a visibility change; in process when alone. */
    changes?: RankingsChanges;
    maxCacheEntries?: number;
    /** Per address; ROUTE_LIMITS.rankings unless scaled (PER_IP_LIMIT_FACTOR). */
    limit?: RateLimit;
  },
): void {
  const { db, clock } = deps;
  const limiter = createTokenBucketLimiter({ clock, ...(deps.limit ?? ROUTE_LIMITS.rankings) });
  // Each choice empties the boards' cache: bounded per wallet and per address (RELIABILITY 40).
  const writeLimit = createPlayerWriteLimit({ clock });
  const cache = createRankingsCache({
    clock,
    ttlMs: RANKINGS_CACHE_MS,
    ...(deps.maxCacheEntries ? { maxEntries: deps.maxCacheEntries } : {}),
  });
  const changes = deps.changes ?? localRankingsChanges();
  let stopListening: (() => Promise<void>) | undefined;
  // Listening before the first request is served, and no more once the server closes.
  app.addHook('onReady', async () => {
    stopListening = await changes.listen((wallet) => cache.forgetPlayer(wallet));
  });
  app.addHook('onClose', async () => {
    // A node leaves its Redis before its HTTP server closes: a stop that finds it gone has nothing left to do.
    await stopListening?.().catch(() => {});
  });

  /** The public reads, per IP: a page load asks for a board or two, a flood gets 429. */
  const limited = async (request: FastifyRequest, reply: FastifyReply) => {
    const refused = refuseOverLimit(limiter, request, reply);
    if (refused) return refused;
  };

  app.get<RouteOf<{ querystring: typeof LEADERBOARD_QUERY }, Replies<LeaderboardAnswer>>>(
    '/api/leaderboard',
    { onRequest: limited },
    async (request, reply) => {
      const query = LEADERBOARD_QUERY.safeParse(request.query);
      if (!query.success) return reply.code(400).send({ error: RANKINGS_REFUSALS.badQuery });
      const { period: knownPeriod, sort: knownSort } = query.data;
      reply.header('cache-control', RANKINGS_HTTP_CACHE.board);
      return cache.get(boardKey(knownPeriod, knownSort), async () => {
        const since = knownPeriod === 'week' ? weekStart(clock.now()) : null;
        const rows = await leaderboard(db, { since, sort: knownSort });
        return {
          period: knownPeriod,
          sort: knownSort,
          since: since?.toISOString() ?? null,
          minGames: knownSort === 'winRate' ? MIN_RANKED_GAMES : 1,
          rows,
          asOf: new Date(clock.now()).toISOString(),
        };
      });
    },
  );

  app.get<RouteOf<{ params: typeof ADDRESS_PARAMS }, Replies<PlayerProfileAnswer>>>(
    '/api/players/:address',
    { onRequest: limited },
    async (request, reply) => {
      const { address } = ADDRESS_PARAMS.parse(request.params);
      if (!isAddress(address)) return reply.code(400).send({ error: RANKINGS_REFUSALS.badAddress });
      reply.header('cache-control', RANKINGS_HTTP_CACHE.player);
      // A 404 is not kept: any valid address can be asked for, and the cache is for pages people look at.
      const profile = await cache.get(
        playerKey(address),
        () => playerProfile(db, address),
        (found) => found !== null,
      );
      if (!profile) return reply.code(404).send({ error: RANKINGS_REFUSALS.noPage });
      return profile;
    },
  );

  app.get<{ Reply: Replies<VisibilityAnswer> }>('/api/player/visibility', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await deps.playerSessions.fromRequest(request);
    if (!session) return { walletAddress: null, hidden: false };
    const hidden = await isHiddenFromRankings(db, session.walletAddress);
    return { walletAddress: session.walletAddress, hidden };
  });

  app.put<{ Reply: Replies<VisibilityAnswer> }>('/api/player/visibility', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await deps.playerSessions.fromRequest(request);
    if (!session) return reply.code(401).send({ error: RANKINGS_REFUSALS.signedOut });
    const limited = writeLimit(request, reply, session.walletAddress);
    if (limited) return limited;
    const body = visibilityRequestSchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: RANKINGS_REFUSALS.badBody });
    const wallet = session.walletAddress;
    // A session exists only with its signed_in_wallets row (recordSignedInWallet): the update finds it.
    await setHiddenFromRankings(db, wallet, body.data.hidden, new Date(clock.now()));
    // The choice shows at once, here and on every other node, not after the cache's 30 s.
    cache.forgetPlayer(wallet);
    changes.visibilityChanged(wallet);
    return { walletAddress: wallet, hidden: body.data.hidden };
  });
}
