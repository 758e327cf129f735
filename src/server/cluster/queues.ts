import type { Redis } from 'ioredis';
import type { z } from 'zod';
import { GAME_MODE_IDS, type GameModeId } from '../../common/game-modes.ts';
import { luaScript, runScript } from './lua-script.ts';
import { checkMatchId } from './redis-checks.ts';
import { runBatch } from './redis-connection.ts';
import type { RedisKeys } from './redis-keys.ts';

/**
 * The per-mode FIFO search queues of cluster mode (issue 12), shared by every node through Redis. Each
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
  | { ok: true; position: number }
  | { ok: false; reason: 'already_queued'; mode: GameModeId };

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

export interface ClusterQueues<E> {
  enqueue(mode: GameModeId, wallet: string, entry: E): Promise<EnqueueResult>;
  /**
   * The two longest-waiting wallets of the mode, out of the queue, oldest first; null if fewer wait.
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
  /** The wallet's mode and position (1 = longest waiting), or null when it is not queued. */
  positionOf(wallet: string): Promise<{ mode: GameModeId; position: number } | null>;
  lengths(): Promise<Record<GameModeId, number>>;
}

// KEYS: queued wallets, entries, sequence, the mode's queue. ARGV: wallet, mode, encoded entry.
const ENQUEUE = luaScript(`
local current = redis.call('HGET', KEYS[1], ARGV[1])
if current then return {0, current} end
local place = redis.call('INCR', KEYS[3])
redis.call('ZADD', KEYS[4], place, ARGV[1])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
return {1, redis.call('ZRANK', KEYS[4], ARGV[1]) + 1}
`);

/** How long a pairing's result is kept for a retry under the same pairing id. */
export const PAIRING_RECORD_TTL_MS = 10 * 60_000;

// KEYS: queued wallets, entries, the mode's queue, the pairing record. ARGV: record ttl in ms.
// Returns wallet, entry, place of the two oldest (or of the pair this pairing id already took), or nil.
const PAIR = luaScript(`
local done = redis.call('GET', KEYS[4])
if done then return cjson.decode(done) end
local oldest = redis.call('ZRANGE', KEYS[3], 0, 1, 'WITHSCORES')
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

// KEYS: queued wallets, entries, then every mode's queue. ARGV: wallet, the expected entry id ('' for any),
// then the mode ids in that order.
const REMOVE = luaScript(`
local mode = redis.call('HGET', KEYS[1], ARGV[1])
if not mode then return nil end
if ARGV[2] ~= '' then
  local ok, queued = pcall(cjson.decode, redis.call('HGET', KEYS[2], ARGV[1]))
  if not ok or type(queued) ~= 'table' or queued.id ~= ARGV[2] then return nil end
end
for i = 3, #ARGV do
  if ARGV[i] == mode then redis.call('ZREM', KEYS[i], ARGV[1]) end
end
local entry = redis.call('HGET', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
return {mode, entry}
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

const WALLET_PATTERN = /^[A-Za-z0-9]{1,64}$/;

function checkWallet(wallet: string): void {
  if (!WALLET_PATTERN.test(wallet)) {
    throw new Error(`A queued wallet must be 1 to 64 letters or digits (got ${JSON.stringify(wallet)})`);
  }
}

function checkMode(mode: string): GameModeId {
  if (!(GAME_MODE_IDS as readonly string[]).includes(mode)) {
    throw new Error(
      `Unknown game mode ${JSON.stringify(mode)} (expected one of ${GAME_MODE_IDS.join(', ')})`,
    );
  }
  return mode as GameModeId;
}

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
    async enqueue(mode, wallet, entry) {
      checkMode(mode);
      checkWallet(wallet);
      const keyList = [keys.queuedWallets(), keys.queueEntries(), keys.queueSequence(), keys.queue(mode)];
      const [ok, value] = (await runScript(redis, ENQUEUE, keyList, [wallet, mode, codec.encode(entry)])) as [
        number,
        string | number,
      ];
      if (ok === 1) return { ok: true, position: Number(value) };
      return { ok: false, reason: 'already_queued', mode: checkMode(String(value)) };
    },

    async pair(mode, pairingId) {
      checkMode(mode);
      checkMatchId(pairingId);
      const keyList = [keys.queuedWallets(), keys.queueEntries(), keys.queue(mode), keys.pairing(pairingId)];
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
        [keys.queuedWallets(), keys.queueEntries(), ...keys.allQueues()],
        [wallet, expected, ...modeArgs],
      )) as [string, string] | null;
      if (!reply) return { removed: false };
      return { removed: true, mode: checkMode(reply[0]), entry: codec.decode(reply[1]) };
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
