import { GAME_MODE_IDS, type GameModeId } from '../../common/game-modes.ts';

/**
 * Every Redis key and pub/sub channel of cluster mode, named in this one place: no other module
 * builds a key string. All share one prefix (default `pong:`), so a test or a second deployment on the same
 * Redis uses its own prefix and never touches another's keys. The prefix is wrapped in a hash tag
 * (`{pong}:`), so every key lands in one slot and a Lua script may touch any of them even on Redis Cluster.
 */
export interface RedisKeys {
  /** The prefix every key and channel starts with (delete `${prefix}*` to remove them all). */
  readonly prefix: string;
  /** Sorted set of the wallets searching in a mode, scored by their place in line (oldest first). */
  queue(mode: GameModeId): string;
  /** Every mode's queue key, in GAME_MODE_IDS order (for scripts that must name all of them). */
  allQueues(): string[];
  /** Hash wallet → mode of every queued wallet: one field per wallet, so a wallet is in one queue at most. */
  queuedWallets(): string;
  /** Hash wallet → encoded queue entry. */
  queueEntries(): string;
  /** What a pairing took out of a queue, kept a while under the pairing's id (a retry gets the same pair). */
  pairing(pairingId: string): string;
  /** Counter handing out places in line. */
  queueSequence(): string;
  /** Hash wallet → id of its search while that search's socket is away: no pairing takes it meanwhile. */
  queueAway(): string;
  /**
   * A random value written once by the first node to find it missing: a node that reads another value than
   * the one it last read knows Redis lost its data (FLUSHALL, a restart without persistence) and puts its
   * searches back.
   */
  queueEpoch(): string;
  /** A node's heartbeat: present while the node is alive. */
  nodeHeartbeat(nodeId: string): string;
  /** Set of the nodes that ever beat (live or not yet pruned). */
  nodes(): string;
  /** A match started on another node that the wallet's player is to move to (sticky routing's hand-off). */
  handoff(walletAddress: string): string;
  /** A node's players online and live matches, "players matches" (expires with the node's silence). */
  playersOnline(nodeId: string): string;
  /** A pub/sub channel. */
  channel(name: string): string;
  /** Sorted set of an admin login throttle's counted attempts (by time) for one address, account or pair. */
  loginAttempts(scope: 'ip' | 'account' | 'pair', id: string): string;
}

export const DEFAULT_KEY_PREFIX = 'pong';

/** REDIS_KEY_PREFIX, as the configuration and `npm run cluster` check it too. */
export const REDIS_KEY_PREFIX_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

export function createRedisKeys(prefix: string = DEFAULT_KEY_PREFIX): RedisKeys {
  if (!REDIS_KEY_PREFIX_PATTERN.test(prefix)) {
    throw new Error(`Redis key prefix must be 1 to 64 characters of A-Z a-z 0-9 _ . : - (got ${prefix})`);
  }
  const root = `{${prefix}}:`;
  const queue = (mode: GameModeId) => `${root}queue:${mode}`;
  return {
    prefix: root,
    queue,
    allQueues: () => GAME_MODE_IDS.map(queue),
    queuedWallets: () => `${root}queued`,
    queueEntries: () => `${root}entries`,
    queueSequence: () => `${root}queue-seq`,
    queueAway: () => `${root}away`,
    queueEpoch: () => `${root}queue-epoch`,
    pairing: (pairingId) => `${root}pairing:${pairingId}`,
    nodeHeartbeat: (nodeId) => `${root}node:${nodeId}`,
    nodes: () => `${root}nodes`,
    handoff: (walletAddress) => `${root}handoff:${walletAddress}`,
    playersOnline: (nodeId) => `${root}online:${nodeId}`,
    channel: (name) => `${root}channel:${name}`,
    loginAttempts: (scope, id) => `${root}login:${scope}:${id}`,
  };
}
