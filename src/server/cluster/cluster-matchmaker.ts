import { randomUUID } from 'node:crypto';
import type { Clock } from '../../common/clock.ts';
import { GAME_MODE_IDS, type GameModeId } from '../../common/game-modes.ts';
import { ERROR_CODES } from '../../common/wire-codes.ts';
import { createEntryCloser } from '../game/entry-closer.ts';
import { type Matchmaker, type PairOptions, type QueueEntry, rebindEntry } from '../game/matchmaker.ts';
import type { GameStore } from '../game/store/game-store.ts';
import { SETTLE_ALL } from '../game/store/game-store.ts';
import type { Logger } from '../logger.ts';
import { createAwayMarks } from './away-marks.ts';
import type { QueuedEntry } from './queued-entry-codec.ts';
import type { ClusterQueues, QueuedPlayer } from './queues.ts';

/**
 * The matchmaker of cluster mode: one FIFO queue per mode shared by every game node in Redis,
 * with the database still the judge of each search's fate.
 * - A search is a queue-session row first (one active per wallet across all nodes), then a Redis entry
 *   naming the node that holds its socket. If Redis cannot take it, the search is refused
 *   ('queue_unavailable') and the caller closes its row with a refund in full.
 * - A pairing takes the two longest-waiting searches of the mode out of Redis atomically (any node's), then
 *   marks both rows matched in one database transaction with the match start. If one was closed meanwhile
 *   (cancelled, settled as a lost node's), the other goes back to its old place in line.
 * - A close (cancel, ban, disconnect) is the conditional row update; the Redis entry goes after it, and
 *   only if it is still that search (never a newer search of the wallet on another node).
 * - A search whose socket is away (within its reconnection window) is marked so in Redis by its node, which
 *   alone knows it; no node pairs it until a socket of the wallet takes it back. If that node dies, the
 *   lost-node settlement refunds the search and takes it out of the queue, mark and all.
 * - If Redis loses its data, each node finds the queue's epoch changed at its next refresh and puts its
 *   own searches that the database still holds active back at their places, marks and all.
 * This node keeps only the searches whose sockets it holds; their places and the queue lengths it shows
 * are refreshed from Redis (`refresh`).
 */
export type ClusterMatchmaker = Matchmaker & {
  /** Reads the queue lengths and this node's searches' places from Redis (called every second). */
  refresh(): Promise<void>;
  /** A search of this node was paired by another node: it is no longer this node's to close. */
  pairedElsewhere(entryId: string): QueueEntry | undefined;
  /** The searches whose sockets this node holds. */
  localEntries(): QueuedEntry[];
  /** The socket of this node's search is gone, within its window: no node pairs it until `rebind`. */
  searchAway(entry: QueueEntry): void;
};

export function createClusterMatchmaker(deps: {
  store: GameStore;
  clock: Clock;
  nodeId: string;
  queues: ClusterQueues<QueuedEntry>;
  log: Logger;
}): ClusterMatchmaker {
  const { store, clock, nodeId, queues, log } = deps;
  const byWallet = new Map<string, QueuedEntry>();
  const positions = new Map<string, number>();
  let lengths = Object.fromEntries(GAME_MODE_IDS.map((m) => [m, 0])) as Record<GameModeId, number>;
  /** Each search's place in line (the counter's), to put it back at the same place if Redis loses it. */
  const places = new Map<string, number>();
  let highestPlace = 0;
  const marks = createAwayMarks(queues, log);
  const { inTurn } = marks;
  /** This node's searches taken out of Redis by a pairing of this node, not yet matched or put back. */
  const beingPaired = new Set<string>();
  /** The queue's epoch as last read; another value means Redis lost the queue. */
  let epoch: string | null = null;

  const isCurrent = (entry: QueueEntry) => byWallet.get(entry.player.walletAddress)?.id === entry.id;
  const forget = (entry: QueueEntry) => {
    if (isCurrent(entry)) byWallet.delete(entry.player.walletAddress);
    positions.delete(entry.id);
    places.delete(entry.id);
    marks.forget(entry.id);
  };

  const closeEntry = createEntryCloser<QueuedEntry>(store, async (entry, closedHere) => {
    forget(entry);
    if (!closedHere) return;
    await queues.remove(entry.player.walletAddress, entry.id).catch((error: unknown) => {
      // Left in Redis, it is dropped when a pairing finds its row closed.
      log(`the closed search of ${entry.player.walletAddress} stays in the shared queue for now`, error);
    });
  });

  const enqueue = async (entry: QueuedEntry) => {
    const wallet = entry.player.walletAddress;
    const first = await queues.enqueue(entry.mode, wallet, entry, highestPlace);
    if (first.ok) return first;
    // The database holds one active search per wallet, and it is this one: whatever Redis still holds for
    // the wallet is stale (a search closed while its Redis entry stayed, e.g. a lost node's).
    await queues.remove(wallet);
    const second = await queues.enqueue(entry.mode, wallet, entry, highestPlace);
    if (!second.ok) throw new Error(`the queue still holds another search of ${wallet}`);
    return second;
  };

  /** Puts back this node's searches that the database holds active and Redis does not (it lost them). */
  const recover = async () => {
    const mine = [...byWallet.values()].filter((e) => places.has(e.id));
    if (mine.length === 0) return;
    const active = await store.stillActive(mine.map((e) => e.id));
    const back = await inTurn(() =>
      queues.putBack(
        mine
          .filter((e) => active.has(e.id) && isCurrent(e) && !beingPaired.has(e.id) && places.has(e.id))
          .map((e) => ({
            mode: e.mode,
            wallet: e.player.walletAddress,
            id: e.id,
            entry: e,
            place: places.get(e.id)!,
            away: marks.isAway(e.id),
          })),
      ),
    );
    if (back.length > 0)
      log(`${back.length} search(es) of this node put back in the shared queue (it had lost them)`);
  };

  const putBack = async (
    mode: GameModeId,
    gameId: string,
    players: ReadonlyArray<QueuedPlayer<QueuedEntry>>,
  ) => {
    try {
      await queues.restore(mode, gameId, players);
    } catch (error) {
      // Their rows are still active: the node holding each search puts it back at its next refresh.
      log(`putting ${players.length} search(es) back in the ${mode} queue failed`, error);
    }
  };

  return {
    async join(player, mode, paid, challenge) {
      if (byWallet.has(player.walletAddress)) return { ok: false, reason: ERROR_CODES.alreadySearching };
      const joinedAt = clock.now();
      const id = await store.insertSearch({ player, mode, paid, joinedAt, nodeId, challenge });
      if (id === null) return { ok: false, reason: ERROR_CODES.alreadySearching };
      const entry: QueuedEntry = {
        id,
        mode,
        player,
        joinedAt,
        paid,
        node: nodeId,
        ...(challenge ? { challenge } : {}),
      };
      if (challenge) {
        // A challenge waits for its friend, never in the shared queue: whichever node the friend's socket is on
        // accepts it by its row (`accept`), and hands the match to this node's socket.
        byWallet.set(player.walletAddress, entry);
        return { ok: true, entry, position: 0 };
      }
      let position: number;
      try {
        const queued = await enqueue(entry);
        position = queued.position;
        places.set(id, queued.place);
        highestPlace = Math.max(highestPlace, queued.place);
      } catch (error) {
        log(`the shared queue refused the search of ${player.walletAddress}`, error);
        // Kept as this node's, so the caller's close (and its refund) finds it.
        byWallet.set(player.walletAddress, entry);
        return { ok: false, reason: 'queue_unavailable', entry };
      }
      byWallet.set(player.walletAddress, entry);
      positions.set(id, position);
      lengths = { ...lengths, [mode]: Math.max(lengths[mode], position) };
      return { ok: true, entry, position };
    },

    entryOf: (walletAddress) => byWallet.get(walletAddress),

    async close(entryId, status, owed) {
      const entry = [...byWallet.values()].find((e) => e.id === entryId);
      return entry ? closeEntry(entry, status, owed) : null;
    },

    async accept(challenge, accepter, gameId, started) {
      if (byWallet.has(accepter.player.walletAddress))
        return { ok: false, reason: ERROR_CODES.alreadySearching };
      const accepted = await store.acceptChallenge(nodeId, { challenge, accepter, gameId, started });
      // This node's own challenge is forgotten here; another node's learns it from the match's hand-off.
      if (accepted.ok && isCurrent(challenge)) {
        forget(challenge);
        // A public search taken this way (the house bot's) leaves the shared queue too; left there, it is
        // dropped when a pairing finds its row closed.
        if (!challenge.challenge) {
          await queues.remove(challenge.player.walletAddress, challenge.id).catch((error: unknown) => {
            log(`the search of ${challenge.player.walletAddress} stays in the shared queue for now`, error);
          });
        }
      }
      return accepted;
    },

    async pair(mode, gameId, options = {}) {
      const taken = await takePair(mode, gameId, options);
      if (!taken) return null;
      try {
        return await matchPair(mode, gameId, taken, options);
      } finally {
        for (const p of taken) beingPaired.delete(p.entry.id);
      }
    },

    rebind(entryId, player) {
      const entry = rebindEntry(byWallet, entryId, player);
      if (entry) marks.back(entry);
      return entry;
    },

    searchAway(entry) {
      if (isCurrent(entry)) marks.away(entry);
    },

    positionOf: (entry) => positions.get(entry.id) ?? 0,

    lengths: () => lengths,

    closeOrphans: (tx, scope = SETTLE_ALL) => store.closeOrphans(scope, tx),

    pairedElsewhere(entryId) {
      const entry = [...byWallet.values()].find((e) => e.id === entryId);
      if (entry) forget(entry);
      return entry;
    },

    localEntries: () => [...byWallet.values()],

    async refresh() {
      const now = await queues.epoch(randomUUID());
      if (now !== epoch || marks.state.resync) {
        marks.state.resync = false;
        try {
          await recover();
        } catch (error) {
          marks.state.resync = true;
          throw error;
        }
        epoch = now;
      }
      lengths = await queues.lengths();
      for (const entry of byWallet.values()) {
        const place = await queues.positionOf(entry.player.walletAddress);
        if (place) positions.set(entry.id, place.position);
      }
    },
  };

  /**
   * The two longest-waiting searches of the mode that may be paired. A search of this node found away after
   * Redis gave it out (its mark had not reached Redis) goes back with the other, and the pairing is tried
   * once more with the mark written.
   */
  async function takePair(
    mode: GameModeId,
    gameId: string,
    options: PairOptions,
  ): Promise<[QueuedPlayer<QueuedEntry>, QueuedPlayer<QueuedEntry>] | null> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const taken = await inTurn(async () => {
        const got = await queues.pair(mode, gameId);
        for (const p of got ?? []) beingPaired.add(p.entry.id);
        return got;
      });
      if (!taken) return null;
      const unseen = taken.filter((p) => marks.isAway(p.entry.id) || !(options.eligible?.(p.entry) ?? true));
      if (unseen.length === 0) return taken;
      for (const p of taken) beingPaired.delete(p.entry.id);
      for (const p of unseen) if (isCurrent(p.entry)) marks.away(p.entry);
      await putBack(mode, gameId, taken);
    }
    return null;
  }

  async function matchPair(
    mode: GameModeId,
    gameId: string,
    taken: [QueuedPlayer<QueuedEntry>, QueuedPlayer<QueuedEntry>],
    options: PairOptions,
  ): Promise<[QueuedEntry, QueuedEntry] | null> {
    const pair: [QueuedEntry, QueuedEntry] = [taken[0].entry, taken[1].entry];
    let matched: boolean;
    try {
      matched = await store.matchPair(pair, gameId, options.started);
    } catch (error) {
      await putBack(mode, gameId, taken);
      throw error;
    }
    if (matched) {
      for (const entry of pair) if (entry.node === nodeId) forget(entry);
      return pair;
    }
    const active = await store.stillActive(pair.map((e) => e.id));
    const back = taken.filter((p) => active.has(p.entry.id));
    if (back.length > 0) await putBack(mode, gameId, back);
    return null;
  }
}
