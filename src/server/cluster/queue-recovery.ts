import type { Redis } from 'ioredis';
import { GAME_MODE_IDS, type GameModeId } from '../../common/game-modes.ts';
import { luaScript, runScript } from './lua-script.ts';
import { checkMode, checkWallet } from './redis-checks.ts';
import type { RedisKeys } from './redis-keys.ts';

/**
 * How the shared queue comes back after Redis lost its data (FLUSHALL, a restart of a Redis that keeps
 * nothing on disk). The database still holds every active search, but only the node holding a search's
 * socket knows its entry, its place and whether its socket is away, so each node puts back its own:
 * - `epoch` is a value written once by whichever node first finds it missing; a node reading another value
 *   than it last read knows the queue was lost (one read per refresh, nothing to compare search by search);
 * - `putBack` puts a node's searches back at the places the counter gave them, so the order across nodes is
 *   the order they joined in, and lifts the counter above them (a search joining later waits behind them).
 */

export interface RecoveredSearch<E> {
  mode: GameModeId;
  wallet: string;
  /** The search's id (the `id` field of the entry's JSON). */
  id: string;
  entry: E;
  place: number;
  /** Its socket is away: it goes back marked, so no pairing takes it. */
  away: boolean;
}

export interface QueueRecovery<E> {
  /** The queue's current epoch; `fresh` becomes it if there is none (Redis lost its data, or never had it). */
  epoch(fresh: string): Promise<string>;
  /**
   * Puts searches back at their places, with their away marks. A wallet still queued is left as it is (its
   * away mark set as given); returns the wallets put back.
   */
  putBack(searches: ReadonlyArray<RecoveredSearch<E>>): Promise<string[]>;
}

// KEYS: the epoch. ARGV: a fresh value.
const EPOCH = luaScript(`
local current = redis.call('GET', KEYS[1])
if current then return current end
redis.call('SET', KEYS[1], ARGV[1])
return ARGV[1]
`);

// KEYS: queued wallets, entries, sequence, away marks, then every mode's queue. ARGV: seven per search:
// the mode's index in that order (1-based), mode, wallet, entry, place, id, '1' if away.
const PUT_BACK = luaScript(`
local back = {}
local top = tonumber(redis.call('GET', KEYS[3]) or '0')
for i = 1, #ARGV, 7 do
  local wallet = ARGV[i + 2]
  local place = tonumber(ARGV[i + 4])
  if redis.call('HEXISTS', KEYS[1], wallet) == 0 then
    redis.call('ZADD', KEYS[4 + tonumber(ARGV[i])], place, wallet)
    redis.call('HSET', KEYS[1], wallet, ARGV[i + 1])
    redis.call('HSET', KEYS[2], wallet, ARGV[i + 3])
    back[#back + 1] = wallet
  end
  if ARGV[i + 6] == '1' then
    redis.call('HSET', KEYS[4], wallet, ARGV[i + 5])
  elseif redis.call('HGET', KEYS[4], wallet) == ARGV[i + 5] then
    redis.call('HDEL', KEYS[4], wallet)
  end
  if place > top then top = place end
end
redis.call('SET', KEYS[3], top)
return back
`);

export function createQueueRecovery<E>({
  redis,
  keys,
  codec,
}: {
  redis: Redis;
  keys: RedisKeys;
  codec: { encode(entry: E): string };
}): QueueRecovery<E> {
  return {
    async epoch(fresh) {
      return String(await runScript(redis, EPOCH, [keys.queueEpoch()], [fresh]));
    },

    async putBack(searches) {
      if (searches.length === 0) return [];
      const args: Array<string | number> = [];
      for (const s of searches) {
        checkMode(s.mode);
        checkWallet(s.wallet);
        if (!Number.isSafeInteger(s.place) || s.place < 1) throw new Error(`Bad place in line ${s.place}`);
        args.push(GAME_MODE_IDS.indexOf(s.mode) + 1, s.mode, s.wallet, codec.encode(s.entry), s.place, s.id);
        args.push(s.away ? '1' : '0');
      }
      const keyList = [
        keys.queuedWallets(),
        keys.queueEntries(),
        keys.queueSequence(),
        keys.queueAway(),
        ...keys.allQueues(),
      ];
      return (await runScript(redis, PUT_BACK, keyList, args)) as string[];
    },
  };
}
