import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { CHANNEL_LIMITS } from './gateway/limits.ts';
import { DEFAULT_SIGN_IN_LIMIT } from './http/auth/register-player-auth.ts';
import { ROUTE_LIMITS } from './http/route-limits.ts';
import { perIpLimitsScaledBy } from './per-ip-limit-factor.ts';

describe('PER_IP_LIMIT_FACTOR raises per-address limits for a load test, and only those', () => {
  it('leaves production’s limits alone at the default factor 1', () => {
    expect(loadConfig({}).perIpLimitFactor).toBe(1);
    expect(perIpLimitsScaledBy(1)).toBeUndefined();
  });

  it('multiplies the per-address limits and keeps each socket held to one player’s', () => {
    const limits = perIpLimitsScaledBy(loadConfig({ PER_IP_LIMIT_FACTOR: '1000' }).perIpLimitFactor)!;
    expect(limits.channel.socketsPerIp).toBe(CHANNEL_LIMITS.socketsPerIp * 1000);
    expect(limits.channel.ipPaddleMovesPerSecond).toBe(CHANNEL_LIMITS.ipPaddleMovesPerSecond * 1000);
    expect(limits.channel).not.toHaveProperty('paddleMovesPerSecond');
    expect(limits.channel).not.toHaveProperty('messagesPerSecond');
    expect(limits.signIn.signIn.capacity).toBe(DEFAULT_SIGN_IN_LIMIT.capacity * 1000);
    expect(limits.rpc.perIp.refillPerMinute).toBeGreaterThan(0);
  });

  it('scales each player route’s own per-address limit too', () => {
    const limits = perIpLimitsScaledBy(1000)!;
    for (const [route, limit] of Object.entries(ROUTE_LIMITS)) {
      expect(limits.routes[route as keyof typeof ROUTE_LIMITS]).toEqual({
        capacity: limit.capacity * 1000,
        refillPerMinute: limit.refillPerMinute * 1000,
      });
    }
  });

  it('refuses a factor below 1, and never echoes a refused METRICS_TOKEN', () => {
    expect(() => loadConfig({ PER_IP_LIMIT_FACTOR: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short-secret' })).toThrow(/\[hidden\]/);
  });
});
