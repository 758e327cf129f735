import type { Clock } from '../../common/clock.ts';
import { GAME_MODE_IDS, type GameModeId } from '../../common/game-modes.ts';
import { ERROR_CODES } from '../../common/wire-codes.ts';
import { createEntryCloser } from './entry-closer.ts';
import type { CloseStatus, OpenChallenge, PaidEntry, QueueEntry, QueuePlayer } from './queue-entry.ts';
import type { AcceptResult } from './store/challenge-rows.ts';
import type { ClosedOrphan, GameStore, StoreTx } from './store/game-store.ts';
import { SETTLE_ALL, type SettleScope } from './store/game-store.ts';

export type { CloseStatus, OpenChallenge, PaidEntry, QueueEntry, QueuePlayer } from './queue-entry.ts';
export type { AcceptOutcome, AcceptResult } from './store/challenge-rows.ts';

export type JoinResult =
  | { ok: true; entry: QueueEntry; position: number }
  | { ok: false; reason: typeof ERROR_CODES.alreadySearching }
  /**
   * Cluster mode: the shared queue could not be reached. The entry's row is written but never queued: the
   * caller closes it (with its refund in full).
   */
  | { ok: false; reason: 'queue_unavailable'; entry: QueueEntry };

export interface PairOptions {
  /** Whether an entry may be paired now (a search whose socket is away waits for it); all may by default. */
  eligible?: (entry: QueueEntry) => boolean;
  /**
   * Writes that must commit with the pairing, in its database transaction (the match start): if one throws,
   * nothing is matched and both entries are still searching, in memory and in the database.
   */
  started?: (tx: StoreTx, pair: readonly [QueueEntry, QueueEntry]) => Promise<void>;
}

export interface Matchmaker {
  /** A search of the public queue; with `challenge`, a private one that only `accept` pairs. */
  join(
    player: QueuePlayer,
    mode: GameModeId,
    paid: PaidEntry | null,
    challenge?: OpenChallenge,
  ): Promise<JoinResult>;
  /**
   * Accepts `challenge` (this node's search, or another node's rebuilt from its row): the accepter's search is
   * written and both are matched to `gameId` with `started`, in one transaction (challenge-rows.ts). Throws,
   * nothing written, if the database refused it.
   */
  accept(
    challenge: QueueEntry,
    accepter: { player: QueuePlayer; paid: PaidEntry | null },
    gameId: string,
    started: NonNullable<PairOptions['started']>,
  ): Promise<AcceptResult>;
  /** The wallet's active entry in this process, if any. */
  entryOf(walletAddress: string): QueueEntry | undefined;
  /**
   * Closes an active entry. Returns the entry when this call closed it, or null when it was already gone
   * (matched, cancelled): a cancel racing a match gets exactly one of the two outcomes. `owed` runs in the
   * same database transaction as the close, so a refund is recorded if and only if the entry closed. The
   * entry leaves memory only once the database says it is closed: if the write fails, this throws and the
   * search is still there, to be cancelled again. A second close of an entry being closed shares the first.
   */
  close(
    entryId: string,
    status: CloseStatus,
    owed?: (tx: StoreTx, entry: QueueEntry) => Promise<void>,
  ): Promise<QueueEntry | null>;
  /**
   * Takes the two longest-waiting eligible entries of distinct wallets in a mode, marked matched to `gameId`
   * in one database transaction with `started`. Throws (entries still searching) if that transaction fails.
   */
  pair(mode: GameModeId, gameId: string, options?: PairOptions): Promise<[QueueEntry, QueueEntry] | null>;
  /** A new socket of the entry's wallet took the search over: messages and the seat go to this player now. */
  rebind(entryId: string, player: QueuePlayer): QueueEntry | undefined;
  /** 1 for the longest-waiting entry of its mode; 0 for one not in its queue (being paired). */
  positionOf(entry: QueueEntry): number;
  lengths(): Record<GameModeId, number>;
  /**
   * Entries left active by a previous run of the server (or, in cluster mode, by the nodes of `scope`): closed
   * as 'error' and returned, so they are refunded.
   */
  closeOrphans(tx?: StoreTx, scope?: SettleScope): Promise<ClosedOrphan[]>;
}

/** Matchmaker.rebind over a matchmaker's wallet → entry map: the entry answers to `player` now. */
export function rebindEntry<E extends QueueEntry>(
  byWallet: ReadonlyMap<string, E>,
  entryId: string,
  player: QueuePlayer,
): E | undefined {
  const entry = byWallet.get(player.walletAddress);
  if (!entry || entry.id !== entryId) return undefined;
  entry.player = player;
  return entry;
}

/**
 * One FIFO queue per mode. Every entry is a queue-session row first: the
 * database's one-active-entry-per-wallet index is what makes two sockets of one wallet get one entry, and
 * the conditional status updates (`status = 'active'`) are what make a cancel and a match exclude each
 * other. An entry being paired is out of its queue (no other pairing can take it) but still the wallet's
 * entry, so a cancel can reach the database and the database decides which of the two wins.
 */
export function createMatchmaker({
  store,
  clock,
  nodeId = null,
}: {
  store: GameStore;
  clock: Clock;
  /** This game node (NODE_ID), written on each entry so another node can settle it if this one is lost. */
  nodeId?: string | null;
}): Matchmaker {
  const queues = new Map<GameModeId, QueueEntry[]>(GAME_MODE_IDS.map((m) => [m, []]));
  const byWallet = new Map<string, QueueEntry>();
  const queueOf = (mode: GameModeId) => queues.get(mode)!;

  const takeOut = (entry: QueueEntry) => {
    const queue = queueOf(entry.mode);
    const index = queue.indexOf(entry);
    if (index >= 0) queue.splice(index, 1);
  };
  const isCurrent = (entry: QueueEntry) => byWallet.get(entry.player.walletAddress) === entry;
  const forget = (entry: QueueEntry) => {
    takeOut(entry);
    if (isCurrent(entry)) byWallet.delete(entry.player.walletAddress);
  };
  /** Back in its queue in order of waiting, unless it was closed meanwhile. */
  const putBack = (entry: QueueEntry) => {
    if (!isCurrent(entry)) return;
    const queue = queueOf(entry.mode);
    if (queue.includes(entry)) return;
    const later = queue.findIndex((e) => e.joinedAt > entry.joinedAt);
    queue.splice(later < 0 ? queue.length : later, 0, entry);
  };

  // Committed: closed now, or found already closed (matched, or by another process). Either way the row is
  // no longer active, and memory follows the database.
  const closeEntry = createEntryCloser<QueueEntry>(store, (entry) => forget(entry));

  return {
    async join(player, mode, paid, challenge) {
      if (byWallet.has(player.walletAddress)) return { ok: false, reason: ERROR_CODES.alreadySearching };
      const joinedAt = clock.now();
      const id = await store.insertSearch({ player, mode, paid, joinedAt, nodeId, challenge });
      if (id === null) return { ok: false, reason: ERROR_CODES.alreadySearching };
      // Another socket of the same wallet may have joined while this insert ran. The row never was a search:
      // removed, so no queue session holds its entry fee and the caller's refund of that fee goes through.
      if (byWallet.has(player.walletAddress)) {
        await store.removeUnqueuedSearch(id);
        return { ok: false, reason: ERROR_CODES.alreadySearching };
      }
      const entry: QueueEntry = { id, mode, player, joinedAt, paid, ...(challenge ? { challenge } : {}) };
      byWallet.set(player.walletAddress, entry);
      // A challenge waits for its friend, never in the public queue.
      if (challenge) return { ok: true, entry, position: 0 };
      queueOf(mode).push(entry);
      return { ok: true, entry, position: queueOf(mode).length };
    },

    async accept(challenge, accepter, gameId, started) {
      if (byWallet.has(accepter.player.walletAddress))
        return { ok: false, reason: ERROR_CODES.alreadySearching };
      const accepted = await store.acceptChallenge(nodeId, { challenge, accepter, gameId, started });
      if (accepted.ok) forget(challenge);
      return accepted;
    },

    entryOf: (walletAddress) => byWallet.get(walletAddress),

    async close(entryId, status, owed) {
      const entry = [...byWallet.values()].find((e) => e.id === entryId);
      return entry ? closeEntry(entry, status, owed) : null;
    },

    async pair(mode, gameId, options = {}) {
      const eligible = queueOf(mode).filter((e) => options.eligible?.(e) ?? true);
      const first = eligible[0];
      const second = eligible.find((e) => e.player.walletAddress !== first?.player.walletAddress);
      if (!first || !second) return null;
      const pair = [first, second] as const;
      // Out of the queue before the first await, so no other pairing can pick them.
      for (const entry of pair) takeOut(entry);
      let matched: boolean;
      try {
        matched = await store.matchPair(pair, gameId, options.started);
      } catch (error) {
        // Nothing was written: both are still searching.
        for (const entry of pair) putBack(entry);
        throw error;
      }
      if (matched) {
        for (const entry of pair) forget(entry);
        return [first, second];
      }
      // One was closed meanwhile (cancelled here or elsewhere): whoever is still active goes back.
      let still: Set<string>;
      try {
        still = await store.stillActive([first.id, second.id]);
      } catch (error) {
        // Unknown: both go back; the next pairing's conditional update finds out which is closed.
        for (const entry of pair) putBack(entry);
        throw error;
      }
      for (const entry of pair) {
        if (still.has(entry.id)) putBack(entry);
        else forget(entry);
      }
      return null;
    },

    rebind: (entryId, player) => rebindEntry(byWallet, entryId, player),

    positionOf: (entry) => queueOf(entry.mode).indexOf(entry) + 1,

    lengths() {
      return Object.fromEntries(GAME_MODE_IDS.map((m) => [m, queueOf(m).length])) as Record<
        GameModeId,
        number
      >;
    },

    closeOrphans: (tx, scope = SETTLE_ALL) => store.closeOrphans(scope, tx),
  };
}
