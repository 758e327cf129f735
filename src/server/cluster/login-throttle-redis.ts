import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../../common/clock.ts';
import {
  LOGIN_THROTTLE_LIMITS,
  type LoginThrottle,
  type LoginThrottleLimits,
  throttleAddressOf,
} from '../security/login-throttle.ts';
import { luaScript, runScript } from './lua-script.ts';
import { runBatch } from './redis-connection.ts';
import type { RedisKeys } from './redis-keys.ts';

/**
 * KEYS: the address's, the pair's and the account's sorted sets of attempts (score = ms).
 * ARGV: now, window, maxFailures, maxFailuresUnderAttack, the attempt's member, the account's cap (0: none).
 * Returns {1, underAttack, capReached} when the attempt is counted, {0, retryAfterMs} when refused. One
 * script, so no other node's attempt runs between the check and the count.
 */
const RESERVE = luaScript(`
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
for i = 1, 3 do redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - window) end
local function waitFor(key, limit)
  local n = redis.call('ZCARD', key)
  if n < limit then return 0 end
  local freeing = redis.call('ZRANGE', key, n - limit, n - limit, 'WITHSCORES')
  return math.max(1, tonumber(freeing[2]) + window - now)
end
local cap = tonumber(ARGV[6])
local onAccount = redis.call('ZCARD', KEYS[3])
local attacked = onAccount >= max
local pairLimit = max
if attacked then pairLimit = tonumber(ARGV[4]) end
local wait = math.max(waitFor(KEYS[1], max), waitFor(KEYS[2], pairLimit))
if cap > 0 then wait = math.max(wait, waitFor(KEYS[3], cap)) end
if wait > 0 then return {0, wait} end
for i = 1, 3 do
  local keep = max
  if i == 3 and cap > max then keep = cap end
  redis.call('ZADD', KEYS[i], now, ARGV[5])
  redis.call('ZREMRANGEBYRANK', KEYS[i], 0, -(keep + 1))
  redis.call('PEXPIRE', KEYS[i], window)
end
local underAttack = 0
if attacked then underAttack = 1 end
local capReached = 0
if cap > 0 and onAccount + 1 >= cap then capReached = 1 end
return {1, underAttack, capReached}
`);

/** E-mails are hashed into key names: a key stays short whatever was typed, and names no one in plain text. */
const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/**
 * The login throttle of cluster mode: the same rules as the in-memory one (login-throttle.ts), counted in
 * Redis so an address gets its 5 attempts across all nodes, not 5 per node. The clock is the caller's (fake
 * in tests), passed to the script rather than read from Redis.
 */
export function createRedisLoginThrottle(deps: {
  redis: Redis;
  keys: RedisKeys;
  clock: Clock;
  limits?: Partial<LoginThrottleLimits>;
}): LoginThrottle {
  const { redis, keys, clock } = deps;
  const limits = { ...LOGIN_THROTTLE_LIMITS, ...deps.limits };
  const keysOf = (ip: string, account: string) => {
    const address = throttleAddressOf(ip);
    return {
      ip: keys.loginAttempts('ip', address),
      pair: keys.loginAttempts('pair', digest(`${account}\n${address}`)),
      account: keys.loginAttempts('account', digest(account)),
    };
  };

  return {
    async reserve(ip, account, options = {}) {
      const key = keysOf(ip, account);
      const id = randomUUID();
      const [counted, value, capReached] = (await runScript(
        redis,
        RESERVE,
        [key.ip, key.pair, key.account],
        [
          clock.now(),
          limits.windowMs,
          limits.maxFailures,
          limits.maxFailuresUnderAttack,
          id,
          options.accountCap ?? 0,
        ],
      )) as [number, number, number?];
      if (counted !== 1) return { ok: false, retryAfterMs: value };
      return {
        ok: true,
        ticket: { ip, account, id },
        accountUnderAttack: value === 1,
        accountCapReached: capReached === 1,
      };
    },
    async succeeded(ticket) {
      const key = keysOf(ticket.ip, ticket.account);
      await runBatch(redis, redis.multi().zrem(key.ip, ticket.id).zrem(key.account, ticket.id).del(key.pair));
    },
  };
}
