import type { FastifyInstance } from 'fastify';
import {
  CHALLENGE_REFUSALS,
  type ChallengeAnswer,
  type ChallengeStatus,
} from '../../common/api/challenge-api.ts';
import type { Clock } from '../../common/clock.ts';
import { getGameMode } from '../../common/game-modes.ts';
import { CHALLENGE_CODE } from '../../common/rules.ts';
import type { Database } from '../db/database.ts';
import { type ChallengeRow, challengeByCode } from '../game/store/challenge-rows.ts';
import { pathParams, type RouteOf } from '../route-schemas.ts';
import { createTokenBucketLimiter } from '../security/token-bucket-limiter.ts';
import type { RateLimit } from './auth/register-player-auth.ts';
import type { Replies } from './contract-reply.ts';
import { refuseOverLimit } from './per-ip-refusal.ts';
import { ROUTE_LIMITS } from './route-limits.ts';

const CODE_PARAMS = pathParams('code');

/** What a challenge's row says to whoever holds its link: open until accepted, left or expired. */
export function challengeStatusOf(found: ChallengeRow, now: number): ChallengeStatus {
  switch (found.status) {
    case 'active':
      return (found.entry.challenge?.expiresAt ?? 0) > now ? 'open' : 'expired';
    case 'matched':
      return 'accepted';
    case 'timed_out':
      return 'expired';
    default:
      return 'cancelled';
  }
}

/**
 * GET /api/challenges/{code} (common/api/challenge-api.ts): the challenge a link names, read from the
 * database so every node answers it alike. Limited per address like the other player routes: a code is
 * about 70 bits, and guessing at this rate finds nothing.
 */
export function registerChallengeRoute(
  app: FastifyInstance,
  /** `limit`: per address; ROUTE_LIMITS.challenge unless scaled (PER_IP_LIMIT_FACTOR). */
  deps: { db: Database; clock: Clock; limit?: RateLimit },
): void {
  const limiter = createTokenBucketLimiter({ clock: deps.clock, ...(deps.limit ?? ROUTE_LIMITS.challenge) });
  app.get<RouteOf<{ params: typeof CODE_PARAMS }, Replies<ChallengeAnswer>>>(
    '/api/challenges/:code',
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const refused = refuseOverLimit(limiter, request, reply);
      if (refused) return refused;
      const { code } = CODE_PARAMS.parse(request.params);
      if (!CHALLENGE_CODE.test(code)) return reply.code(400).send({ error: CHALLENGE_REFUSALS.badCode });
      const found = await challengeByCode(deps.db, code);
      if (!found?.entry.challenge) return reply.code(404).send({ error: CHALLENGE_REFUSALS.notFound });
      const now = deps.clock.now();
      const mode = getGameMode(found.entry.mode);
      return reply.code(200).send({
        code,
        mode: mode.id,
        stakeLamports: mode.wagerLamports.toString(),
        prizeLamports: mode.winLamports.toString(),
        challengerAddress: found.entry.player.walletAddress,
        status: challengeStatusOf(found, now),
        expiresAt: new Date(found.entry.challenge.expiresAt).toISOString(),
        serverTime: new Date(now).toISOString(),
      });
    },
  );
}
