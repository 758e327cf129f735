import type { RateLimit } from './auth/register-player-auth.ts';

/**
 * Each player route's own per-address rate limit (a token bucket per address: a burst of `capacity`, then
 * `refillPerMinute`). Named here, not written in each route, so PER_IP_LIMIT_FACTOR scales them with the
 * other per-address limits (per-ip-limit-factor.ts) and a load test's one address is not refused.
 */
export const ROUTE_LIMITS = {
  history: { capacity: 30, refillPerMinute: 120 },
  verification: { capacity: 20, refillPerMinute: 60 },
  rankings: { capacity: 60, refillPerMinute: 120 },
  challenge: { capacity: 30, refillPerMinute: 60 },
  challengeAction: { capacity: 30, refillPerMinute: 60 },
  actionPayment: { capacity: 10, refillPerMinute: 30 },
} as const satisfies Record<string, RateLimit>;

export type RouteLimits = Record<keyof typeof ROUTE_LIMITS, RateLimit>;
