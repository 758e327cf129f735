import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../common/clock.ts';
import { createTokenBucketLimiter, type TokenBucketLimiter } from '../security/token-bucket-limiter.ts';
import type { RateLimit } from './auth/register-player-auth.ts';

/**
 * A signed-in wallet's own settings (loss limits, self-exclusion, ranking visibility): a player sets them a
 * few times a session, never hundreds of times a minute. Per wallet, and per address for many wallets at one.
 */
export const PLAYER_WRITE_LIMITS = {
  perWallet: { capacity: 10, refillPerMinute: 6 },
  perIp: { capacity: 30, refillPerMinute: 30 },
} as const satisfies Record<string, RateLimit>;

export const TOO_MANY_CHANGES = 'Too many changes in a short time: please wait a moment and try again';

export type PlayerWriteLimit = (
  request: FastifyRequest,
  reply: FastifyReply,
  walletAddress: string,
) => FastifyReply | null;

/**
 * RELIABILITY 40: each change a signed-in wallet makes to its own settings takes a token of the wallet's
 * bucket and of its address's; an empty one answers 429 `{ error }` with Retry-After (whole seconds) and
 * nothing is written. In memory, per node (token-bucket-limiter.ts has no Redis form): with N nodes a wallet
 * gets at most N buckets, still a bounded number of writes.
 */
export function createPlayerWriteLimit(deps: {
  clock: Clock;
  limits?: { perWallet: RateLimit; perIp: RateLimit };
}): PlayerWriteLimit {
  const limits = deps.limits ?? PLAYER_WRITE_LIMITS;
  const perWallet = createTokenBucketLimiter({ clock: deps.clock, ...limits.perWallet });
  const perIp = createTokenBucketLimiter({ clock: deps.clock, ...limits.perIp });
  const refuse = (limiter: TokenBucketLimiter, key: string, reply: FastifyReply) => {
    const seconds = Math.max(1, Math.ceil(limiter.retryAfterMs(key) / 1000));
    return reply.header('retry-after', String(seconds)).code(429).send({ error: TOO_MANY_CHANGES });
  };
  return (request, reply, walletAddress) => {
    if (!perWallet.take(walletAddress)) return refuse(perWallet, walletAddress, reply);
    if (!perIp.take(request.ip)) return refuse(perIp, request.ip, reply);
    return null;
  };
}
