import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenBucketLimiter } from '../security/token-bucket-limiter.ts';

/**
 * A player route's per-IP limit: takes one token for the caller, or answers 429 with Retry-After (whole
 * seconds) and returns that reply for the handler to return.
 */
export function refuseOverLimit(
  limiter: TokenBucketLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | null {
  if (limiter.take(request.ip)) return null;
  const seconds = Math.ceil(limiter.retryAfterMs(request.ip) / 1000);
  return reply.header('retry-after', String(seconds)).code(429).send({ error: 'Too many requests' });
}
