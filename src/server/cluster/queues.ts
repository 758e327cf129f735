import type { Redis } from 'ioredis';
import type { z } from 'zod';
import { GAME_MODE_IDS, type GameModeId } from '../../common/game-modes.ts';
import { luaScript, runScript } from './lua-script.ts';
import { createQueueRecovery, type QueueRecovery } from './queue-recovery.ts';
import { checkMatchId, checkMode, checkWallet } from './redis-checks.ts';
import { runBatch } from './redis-connection.ts';
import type { RedisKeys } from './redis-keys.ts';

/**
 * The per-mode FIFO search queues of cluster mode, shared by every node through Redis. Each
 * operation is one Lua script, so they exclude each other across all nodes:
 * - a wallet is in one queue at most: `enqueue` refuses a wallet queued in any mode;
 * - `pair` takes the two longest-waiting wallets of a mode out together, or none; two distinct wallets
 *   (a wallet is one member of one queue), and never a wallet already paired or removed;
 * - `pair` is idempotent under its pairing id (the game id): a retry after an unknown outcome (Redis
 *   went away before the reply came) returns the pair the first try took, never a second pair, so no
 *   search is lost between Redis and the database;
 * - `remove` (a cancel) and `pair` race cleanly: the caller learns either that it removed the entry, or
 *   that it was not queued any more (already paired), never both;
 * - `restore` puts a pair whose match could not start back at its old places, unless a wallet searched
 *   again meanwhile.
 * - a search marked away (`markAway`: its socket is gone, within its reconnection window) keeps its place
 *   but `pair` passes over it to the next ones, so nobody is paired with a player who cannot see the match.
 * Places in line come from one counter, so the order is the order in which Redis saw the enqueues.
 */

export interface EntryCodec<E> {
  encode(entry: E): string;
  decode(text: string): E;
}

/** JSON text, checked against `schema` when read back (types JSON cannot carry need their own codec). */
export function jsonEntryCodec<E>(schema: z.ZodType<E>): EntryCodec<E> {
  return {
    encode: (entry) => JSON.stringify(entry),
    decode: (text) => schema.parse(JSON.parse(text)),
  };
}

export type EnqueueResult =
  /** `place`: the search's place in line, kept to put it back at the same place if Redis loses it. */
  { ok: true; position: number; place: number } | { ok: false; reason: 'already_queued'; mode: GameModeId };

export interface QueuedPlayer<E> {
  wallet: string;
  entry: E;
  /** Place in line: lower waited longer. */
  place: number;
}

export type RemoveResult<E> =
  | { removed: true; mode: GameModeId; entry: E }
  /** Not queued: already paired, already removed, or never queued. */
  | { removed: false };

export interface ClusterQueues<E> extends QueueRecovery<E> {
  /** `floor`: places in line handed out from here are above it (the counter is lost with Redis' data). */
  enqueue(mode: GameModeId, wallet: string, entry: E, floor?: number): Promise<EnqueueResult>;
  /**
   * The two longest-waiting wallets of the mode that are not away, out of the queue, oldest first; null if
   * fewer wait.
   * Called again with the same `pairingId` (within PAIRING_RECORD_TTL_MS), it returns the same pair.
   */
  pair(mode: GameModeId, pairingId: string): Promise<[QueuedPlayer<E>, QueuedPlayer<E>] | null>;
  /**
   * Puts paired players back at their old places (the match could not start). A wallet queued again
   * meanwhile keeps its new search and is left out; returns the wallets put back. The pairing id's record
   * goes with it, so a later `pair` under that id takes from the queue afresh.
   */
  restore(mode: GameModeId, pairingId: string, players: ReadonlyArray<QueuedPlayer<E>>): Promise<string[]>;
  /**
   * Takes the wallet out of its queue. With `onlyId`, only while its queued entry is that search (the `id`
   * field of the entry's JSON): a search closed here never removes a newer search of the same wallet made
   * meanwhile on another node.
   */
  remove(wallet: string, onlyId?: string): Promise<RemoveResult<E>>;
  /**
   * Marks the wallet's search `entryId` (the `id` field of the entry's JSON) away or back. A mark applies
   * only while the queued entry is that search; a close (`remove`), a pairing or a new search drops it.
   */
  markAway(wallet: string, entryId: string, away: boolean): Promise<void>;
  /** The wallet's mode and position (1 = longest waiting), or null when it is not queued. */
  positionOf(wallet: string): Promise<{ mode: GameModeId; position: number } | null>;
  lengths(): Promise<Record<GameModeId, number>>;
}

// KEYS: queued wallets, entries, sequence, the mode's queue, away marks. ARGV: wallet, mode, encoded entry,
// the lowest place the counter may hand out minus one.
const ENQUEUE = luaScript(`
local current = redis.call('HGET', KEYS[1], ARGV[1])
if current then return {0, current} end
local place = redis.call('INCR', KEYS[3])
local floor = tonumber(ARGV[4])
if place <= floor then
  place = floor + 1
  redis.call('SET', KEYS[3], place)
end
redis.call('ZADD', KEYS[4], place, ARGV[1])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
redis.call('HDEL', KEYS[5], ARGV[1])
return {1, redis.call('ZRANK', KEYS[4], ARGV[1]) + 1, place}
`);

/** How long a pairing's result is kept for a retry under the same pairing id. */
export const PAIRING_RECORD_TTL_MS = 10 * 60_000;

// KEYS: queued wallets, entries, the mode's queue, the pairing record, away marks. ARGV: record ttl in ms.
// Returns wallet, entry, place of the two oldest not away (or of the pair this pairing id already took), or
// nil. The queue is read in slices, so only the away searches at its head are read past.
const PAIR = luaScript(`
local done = redis.call('GET', KEYS[4])
if done then return cjson.decode(done) end
local oldest = {}
local from = 0
while #oldest < 4 do
  local slice = redis.call('ZRANGE', KEYS[3], from, from + 31, 'WITHSCORES')
  if #slice == 0 then break end
  for i = 1, #slice, 2 do
    local wallet = slice[i]
    local mark = redis.call('HGET', KEYS[5], wallet)
    local away = false
    if mark then
      local ok, queued = pcall(cjson.decode, redis.call('HGET', KEYS[2], wallet))
      away = ok and type(queued) == 'table' and queued.id == mark
    end
    if not away and #oldest < 4 then
      oldest[#oldest + 1] = wallet
      oldest[#oldest + 1] = slice[i + 1]
    end
  end
  from = from + 32
end
if #oldest < 4 then return nil end
local out = {}
for i = 1, 3, 2 do
  local wallet = oldest[i]
  out[#out + 1] = wallet
  out[#out + 1] = redis.call('HGET', KEYS[2], wallet)
  out[#out + 1] = oldest[i + 1]
  redis.call('ZREM', KEYS[3], wallet)
  redis.call('HDEL', KEYS[1], wallet)
  redis.call('HDEL', KEYS[2], wallet)
  redis.call('HDEL', KEYS[5], wallet)
end
redis.call('SET', KEYS[4], cjson.encode(out), 'PX', ARGV[1])
return out
`);

// KEYS: queued wallets, entries, the mode's queue, the pairing record. ARGV: mode, then wallet, entry,
// place of each player. The record goes: the next pairing under that id takes afresh.
const RESTORE = luaScript(`
redis.call('DEL', KEYS[4])
local restored = {}
for i = 2, #ARGV, 3 do
  local wallet = ARGV[i]
  if redis.call('HEXISTS', KEYS[1], wallet) == 0 then
    redis.call('ZADD', KEYS[3], ARGV[i + 2], wallet)
    redis.call('HSET', KEYS[1], wallet, ARGV[1])
    redis.call('HSET', KEYS[2], wallet, ARGV[i + 1])
    restored[#restored + 1] = wallet
  end
end
return restored
`);

// KEYS: queued wallets, entries, away marks, then every mode's queue. ARGV: wallet, the expected entry id
// ('' for any), then the mode ids in that order.
const REMOVE = luaScript(`
local mode = redis.call('HGET', KEYS[1], ARGV[1])
if not mode then return nil end
if ARGV[2] ~= '' then
  local ok, queued = pcall(cjson.decode, redis.call('HGET', KEYS[2], ARGV[1]))
  if not ok or type(queued) ~= 'table' or queued.id ~= ARGV[2] then return nil end
end
for i = 3, #ARGV do
  if ARGV[i] == mode then redis.call('ZREM', KEYS[i + 1], ARGV[1]) end
end
local entry = redis.call('HGET', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[3], ARGV[1])
return {mode, entry}
`);

// KEYS: away marks. ARGV: wallet, entry id, '1' (away) or '0' (back: dropped only if it is that search's).
const MARK_AWAY = luaScript(`
if ARGV[3] == '1' then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
elseif redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  redis.call('HDEL', KEYS[1], ARGV[1])
end
return 0
`);

// KEYS: queued wallets, then every mode's queue. ARGV: wallet, then the mode ids in that order.
const POSITION = luaScript(`
local mode = redis.call('HGET', KEYS[1], ARGV[1])
if not mode then return nil end
for i = 2, #ARGV do
  if ARGV[i] == mode then
    local rank = redis.call('ZRANK', KEYS[i], ARGV[1])
    if rank then return {mode, rank + 1} end
  end
end
return nil
`);

export function createClusterQueues<E>({
  redis,
  keys,
  codec,
}: {
  redis: Redis;
  keys: RedisKeys;
  codec: EntryCodec<E>;
}): ClusterQueues<E> {
  const modeArgs = [...GAME_MODE_IDS];
  return {
    ...createQueueRecovery({ redis, keys, codec }),

    async enqueue(mode, wallet, entry, floor = 0) {
      checkMode(mode);
      checkWallet(wallet);
      if (!Number.isSafeInteger(floor) || floor < 0) throw new Error(`Bad floor of places ${floor}`);
      const keyList = [
        keys.queuedWallets(),
        keys.queueEntries(),
        keys.queueSequence(),
        keys.queue(mode),
        keys.queueAway(),
      ];
      const args = [wallet, mode, codec.encode(entry), floor];
      const [ok, value, place] = (await runScript(redis, ENQUEUE, keyList, args)) as [
        number,
        string | number,
        number?,
      ];
      if (ok === 1) return { ok: true, position: Number(value), place: Number(place) };
      return { ok: false, reason: 'already_queued', mode: checkMode(String(value)) };
    },

    async pair(mode, pairingId) {
      checkMode(mode);
      checkMatchId(pairingId);
      const keyList = [
        keys.queuedWallets(),
        keys.queueEntries(),
        keys.queue(mode),
        keys.pairing(pairingId),
        keys.queueAway(),
      ];
      const reply = (await runScript(redis, PAIR, keyList, [PAIRING_RECORD_TTL_MS])) as string[] | null;
      if (!reply) return null;
      const player = (at: number): QueuedPlayer<E> => ({
        wallet: reply[at]!,
        entry: codec.decode(reply[at + 1]!),
        place: Number(reply[at + 2]),
      });
      return [player(0), player(3)];
    },

    async restore(mode, pairingId, players) {
      checkMode(mode);
      checkMatchId(pairingId);
      const args: Array<string | number> = [mode];
      for (const p of players) {
        checkWallet(p.wallet);
        if (!Number.isSafeInteger(p.place) || p.place < 1) throw new Error(`Bad place in line ${p.place}`);
        args.push(p.wallet, codec.encode(p.entry), p.place);
      }
      const keyList = [keys.queuedWallets(), keys.queueEntries(), keys.queue(mode), keys.pairing(pairingId)];
      return (await runScript(redis, RESTORE, keyList, args)) as string[];
    },

    async remove(wallet, onlyId) {
      checkWallet(wallet);
      const expected = onlyId ?? '';
      const reply = (await runScript(
        redis,
        REMOVE,
        [keys.queuedWallets(), keys.queueEntries(), keys.queueAway(), ...keys.allQueues()],
        [wallet, expected, ...modeArgs],
      )) as [string, string] | null;
      if (!reply) return { removed: false };
      return { removed: true, mode: checkMode(reply[0]), entry: codec.decode(reply[1]) };
    },

    async markAway(wallet, entryId, away) {
      checkWallet(wallet);
      await runScript(redis, MARK_AWAY, [keys.queueAway()], [wallet, entryId, away ? '1' : '0']);
    },

    async positionOf(wallet) {
      checkWallet(wallet);
      const reply = (await runScript(
        redis,
        POSITION,
        [keys.queuedWallets(), ...keys.allQueues()],
        [wallet, ...modeArgs],
      )) as [string, number] | null;
      return reply ? { mode: checkMode(reply[0]), position: Number(reply[1]) } : null;
    },

    async lengths() {
      const pipeline = redis.pipeline();
      for (const mode of GAME_MODE_IDS) pipeline.zcard(keys.queue(mode));
      const counts = await runBatch(redis, pipeline);
      return Object.fromEntries(GAME_MODE_IDS.map((mode, i) => [mode, Number(counts[i])])) as Record<
        GameModeId,
        number
      >;
    },
  };
}
