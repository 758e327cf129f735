import { DEFAULT_RPC_PER_IP } from './chain/local-rpc/rpc-route.ts';
import { CHANNEL_LIMITS, type ChannelLimits } from './gateway/limits.ts';
import { DEFAULT_ME_LIMIT, DEFAULT_SIGN_IN_LIMIT, type RateLimit } from './http/auth/register-player-auth.ts';
import { ROUTE_LIMITS, type RouteLimits } from './http/route-limits.ts';

/** The per-address limits of the channel: per-socket ones stay, so one bot is held to what one player is. */
const PER_IP_CHANNEL_LIMITS = [
  'socketsPerIp',
  'handshakesPerIpPerMinute',
  'ipPaddleMovesPerSecond',
  'ipPaddleMoveBurst',
  'ipMessagesPerSecond',
  'ipMessageBurst',
] as const satisfies ReadonlyArray<keyof ChannelLimits>;

const scaled = (limit: RateLimit, factor: number): RateLimit => ({
  capacity: limit.capacity * factor,
  refillPerMinute: limit.refillPerMinute * factor,
});

/**
 * PER_IP_LIMIT_FACTOR: a load test's bots all come from one address, which production's
 * per-address limits rightly take for one household. The factor multiplies those limits, and only those;
 * undefined at factor 1, so production runs with its own defaults untouched.
 */
export function perIpLimitsScaledBy(factor: number) {
  if (factor === 1) return undefined;
  const channel: Partial<ChannelLimits> = Object.fromEntries(
    PER_IP_CHANNEL_LIMITS.map((key) => [key, CHANNEL_LIMITS[key] * factor]),
  );
  return {
    signIn: { signIn: scaled(DEFAULT_SIGN_IN_LIMIT, factor), me: scaled(DEFAULT_ME_LIMIT, factor) },
    channel,
    rpc: { perIp: scaled(DEFAULT_RPC_PER_IP, factor) },
    routes: Object.fromEntries(
      Object.entries(ROUTE_LIMITS).map(([route, limit]) => [route, scaled(limit, factor)]),
    ) as RouteLimits,
  };
}
