import { isAddress } from '@solana/kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import type { PlayerSessions } from '../security/player-sessions.ts';
import { createTokenBucketLimiter } from '../security/token-bucket-limiter.ts';
import type { Replies } from './contract-reply.ts';
import { refuseOverLimit } from './per-ip-refusal.ts';
import { createPlayerWriteLimit } from './player-write-limit.ts';

/** How long a board or a page is served from memory before the database is read again. */
export const RANKINGS_CACHE_MS = 30_000;

export const RANKINGS_REFUSALS = {
  badQuery: `period must be one of ${LEADERBOARD_PERIODS.join(', ')} and sort one of ${LEADERBOARD_SORTS.join(', ')}`,
  badAddress: 'Invalid wallet address',
  noPage: 'No public record for this player',
  signedOut: 'Sign in with your wallet to choose whether you are shown',
  badBody: 'Send { "hidden": true } or { "hidden": false }',
} as const;

/**
 * The public rankings (common/api/rankings-api.ts): GET /api/leaderboard?period=week|all&sort=net|wins|winRate
 * and GET /api/players/{address}, both read from the database and cached for RANKINGS_CACHE_MS (a choice to
 * hide empties the cache at once); GET and PUT /api/player/visibility for the signed-in wallet itself.
 */
export function registerRankingsRoutes(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; playerSessions: Pick<PlayerSessions, 'fromRequest'> },
): void {
  const { db, clock } = deps;
  const limiter = createTokenBucketLimiter({ clock, capacity: 60, refillPerMinute: 120 });
  // Each choice empties the boards' cache: bounded per wallet and per address (RELIABILITY 40).
  const writeLimit = createPlayerWriteLimit({ clock });
  const cache = new Map<string, { at: number; value: unknown }>();
  const cached = async <T>(key: string, read: () => Promise<T>): Promise<T> => {
    const hit = cache.get(key);
    if (hit && clock.now() - hit.at < RANKINGS_CACHE_MS) return hit.value as T;
    const value = await read();
    cache.set(key, { at: clock.now(), value });
    return value;
  };

  /** The public reads, per IP: a page load asks for a board or two, a flood gets 429. */
  const limited = async (request: FastifyRequest, reply: FastifyReply) => {
    const refused = refuseOverLimit(limiter, request, reply);
    if (refused) return refused;
  };

  app.get<{ Querystring: Record<string, unknown>; Reply: Replies<LeaderboardAnswer> }>(
    '/api/leaderboard',
    { onRequest: limited },
    async (request, reply) => {
      const period = request.query.period ?? 'week';
      const sort = request.query.sort ?? 'net';
      const knownPeriod = LEADERBOARD_PERIODS.find((p) => p === period);
      const knownSort = LEADERBOARD_SORTS.find((s) => s === sort);
      if (!knownPeriod || !knownSort) return reply.code(400).send({ error: RANKINGS_REFUSALS.badQuery });
      reply.header('cache-control', `public, max-age=${RANKINGS_CACHE_MS / 1000}`);
      return cached(`board:${knownPeriod}:${knownSort}`, async () => {
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

  app.get<{ Params: { address: string }; Reply: Replies<PlayerProfileAnswer> }>(
    '/api/players/:address',
    { onRequest: limited },
    async (request, reply) => {
      const { address } = request.params;
      if (!isAddress(address)) return reply.code(400).send({ error: RANKINGS_REFUSALS.badAddress });
      const profile = await cached(`player:${address}`, () => playerProfile(db, address));
      if (!profile) return reply.code(404).send({ error: RANKINGS_REFUSALS.noPage });
      reply.header('cache-control', `public, max-age=${RANKINGS_CACHE_MS / 1000}`);
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
    // The choice shows at once, not after the cache's 30 s.
    cache.clear();
    return { walletAddress: wallet, hidden: body.data.hidden };
  });
}
