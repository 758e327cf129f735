import type { Clock } from '../../common/clock.ts';
import type { GameStore } from '../game/store/game-store.ts';
import type { NodeGame, Peers } from '../game/topology.ts';
import type { Logger } from '../logger.ts';
import { type ClusterMatchmaker, createClusterMatchmaker } from './cluster-matchmaker.ts';
import type { ClusterNode } from './cluster-node.ts';
import { createMatchHandoff } from './match-handoff.ts';
import type { QueuedEntry } from './queued-entry-codec.ts';
import { queuedEntryCodec } from './queued-entry-codec.ts';
import { createClusterQueues } from './queues.ts';

/** How often a node reads the shared queue (lengths, its searches' places, hand-offs it missed). */
export const QUEUE_REFRESH_MS = 1_000;

/**
 * The game layer's part of cluster mode: the shared Redis queue as the game
 * server's matchmaker, the hand-off of a match to a search another node holds (sticky routing: the player
 * moves to the match's node), and a loop every QUEUE_REFRESH_MS that refreshes the queue's lengths and
 * places and the players online on the other nodes, delivers hand-offs whose pub/sub message was lost,
 * and tries the pairing of modes where two wait (after a pairing that was put back).
 */
export function wireClusterGame(deps: { node: ClusterNode; store: GameStore; clock: Clock; log: Logger }) {
  const { node, store, clock, log } = deps;
  const queues = createClusterQueues({ redis: node.redis, keys: node.keys, codec: queuedEntryCodec });
  const matchmaker: ClusterMatchmaker = createClusterMatchmaker({
    store,
    clock,
    nodeId: node.nodeId,
    queues,
    log,
  });
  const handoff = createMatchHandoff({
    redis: node.redis,
    keys: node.keys,
    pubsub: node.pubsub,
    nodeId: node.nodeId,
    log,
  });

  const peers: Peers = {
    handOff(entry, message) {
      const holder = (entry as Partial<QueuedEntry>).node;
      if (!holder || holder === node.nodeId) return false;
      handoff.send({ ...entry, node: holder }, message);
      return true;
    },
    waitingMove: async (walletAddress) => {
      try {
        return (await handoff.waitingFor(walletAddress))?.message ?? null;
      } catch (error) {
        log(`cannot tell whether a match elsewhere waits for ${walletAddress}`, error);
        return null;
      }
    },
    playing: (walletAddress) => store.walletInPlay(walletAddress),
    live: async (nodeId) => (await node.liveness.liveNodes()).includes(nodeId),
    async searchesSettled(searches) {
      for (const search of searches) {
        await queues.remove(search.walletAddress, search.id).catch((error: unknown) => {
          // Left in Redis, it is dropped when a pairing finds its row closed.
          log(`the settled search of ${search.walletAddress} stays in the shared queue for now`, error);
        });
      }
    },
    moved: (walletAddress) => {
      handoff.done(walletAddress).catch(() => {
        // It runs out by itself (HANDOFF_TTL_MS); a later connect is told to move to a match it is in.
      });
    },
  };

  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  /** The refresh under way, shared by whoever asks meanwhile (one at a time). */
  let running: Promise<void> | null = null;
  let refreshOf: (() => Promise<void>) | undefined;
  let elsewhere = { players: 0, matches: 0 };
  let failing = false;

  /**
   * Publishes this node's players online and live matches, and sums the other live nodes' (each node's
   * figures live 5 s), for the lobby's players online and the admin's live figures.
   */
  const countLoad = async (here: { players: number; matches: number }) => {
    const text = `${here.players} ${here.matches}`;
    await node.redis.set(node.keys.playersOnline(node.nodeId), text, 'PX', 5 * QUEUE_REFRESH_MS);
    const others = (await node.liveness.liveNodes()).filter((id) => id !== node.nodeId);
    const figures =
      others.length > 0 ? await node.redis.mget(others.map((id) => node.keys.playersOnline(id))) : [];
    const sum = { players: 0, matches: 0 };
    for (const f of figures) {
      const [players, matches] = (f ?? '').split(' ').map(Number);
      sum.players += players || 0;
      sum.matches += matches || 0;
    }
    elsewhere = sum;
  };

  const refresh = async (game: NodeGame, playersHere: () => number) => {
    try {
      await countLoad({ players: playersHere(), matches: game.liveMatches() });
      await matchmaker.refresh();
      for (const entry of matchmaker.localEntries()) {
        const waiting = await handoff.waitingFor(entry.player.walletAddress);
        if (waiting?.entryId === entry.id) game.matchedElsewhere(entry.id, waiting.message);
      }
      await game.pairWaiting();
      if (failing) log('the shared queue answers again');
      failing = false;
    } catch (error) {
      if (!failing) log('reading the shared queue failed; trying again every second', error);
      failing = true;
    }
  };

  return {
    matchmaker,
    peers,
    /** Players online on the other nodes, as last read. */
    playersElsewhere: () => elsewhere.players,
    /** Matches under way on the other nodes, as last read. */
    matchesElsewhere: () => elsewhere.matches,
    async start(game: NodeGame, playersHere: () => number): Promise<void> {
      stopListening = await handoff.listen((h) => game.matchedElsewhere(h.entryId, h.message));
      refreshOf = () => {
        running ??= refresh(game, playersHere).finally(() => {
          running = null;
        });
        return running;
      };
      timer = setInterval(() => void refreshOf?.(), QUEUE_REFRESH_MS);
    },
    /** Refreshes now rather than at the next second (tests), or joins the refresh under way. */
    refreshNow: (): Promise<void> => refreshOf?.() ?? Promise.resolve(),
    async stop(): Promise<void> {
      clearInterval(timer);
      await stopListening?.().catch(() => {});
    },
  };
}

export type ClusterGame = ReturnType<typeof wireClusterGame>;
