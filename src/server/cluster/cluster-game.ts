import type { Clock } from '../../common/clock.ts';
import type { Database } from '../db/database.ts';
import type { GameServer, GameServerOptions } from '../game/game-server.ts';
import { walletInPlay } from '../game/restart-settlement.ts';
import { type ClusterMatchmaker, createClusterMatchmaker } from './cluster-matchmaker.ts';
import type { ClusterNode } from './cluster-node.ts';
import { createMatchHandoff } from './match-handoff.ts';
import type { QueuedEntry } from './queued-entry-codec.ts';
import { queuedEntryCodec } from './queued-entry-codec.ts';
import { createClusterQueues } from './queues.ts';

/** How often a node reads the shared queue (lengths, its searches' places, hand-offs it missed). */
export const QUEUE_REFRESH_MS = 1_000;

/**
 * The game layer's part of cluster mode (issue 12 points 1 and 2): the shared Redis queue as the game
 * server's matchmaker, the hand-off of a match to a search another node holds (sticky routing: the player
 * moves to the match's node), and a loop every QUEUE_REFRESH_MS that refreshes the queue's lengths and
 * places and the players online on the other nodes, delivers hand-offs whose pub/sub message was lost,
 * and tries the pairing of modes where two wait (after a pairing that was put back).
 */
export function wireClusterGame(deps: {
  node: ClusterNode;
  db: Database;
  clock: Clock;
  log: (message: string, error?: unknown) => void;
}) {
  const { node, db, clock, log } = deps;
  const queues = createClusterQueues({ redis: node.redis, keys: node.keys, codec: queuedEntryCodec });
  const matchmaker: ClusterMatchmaker = createClusterMatchmaker({
    db,
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

  const option: NonNullable<GameServerOptions['cluster']> = {
    matchmaker,
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
    playing: (walletAddress) => walletInPlay(db, walletAddress),
    moved: (walletAddress) => {
      handoff.done(walletAddress).catch(() => {
        // It runs out by itself (HANDOFF_TTL_MS); a later connect is told to move to a match it is in.
      });
    },
  };

  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let running = false;
  let elsewhere = 0;

  /** Publishes this node's players online and sums the other live nodes' (each count lives 5 s). */
  const countPlayers = async (here: number) => {
    await node.redis.set(node.keys.playersOnline(node.nodeId), String(here), 'PX', 5 * QUEUE_REFRESH_MS);
    const others = (await node.liveness.liveNodes()).filter((id) => id !== node.nodeId);
    if (others.length === 0) {
      elsewhere = 0;
      return;
    }
    const counts = await node.redis.mget(others.map((id) => node.keys.playersOnline(id)));
    elsewhere = counts.reduce((sum, c) => sum + (Number(c) || 0), 0);
  };

  const refresh = async (game: GameServer, playersHere: () => number) => {
    try {
      await countPlayers(playersHere());
      await matchmaker.refresh();
      for (const entry of matchmaker.localEntries()) {
        const waiting = await handoff.waitingFor(entry.player.walletAddress);
        if (waiting?.entryId === entry.id) game.matchedElsewhere(entry.id, waiting.message);
      }
      await game.pairWaiting();
    } catch (error) {
      log('reading the shared queue failed; trying again', error);
    }
  };

  return {
    option,
    matchmaker,
    /** Players online on the other nodes, as last read. */
    playersElsewhere: () => elsewhere,
    async start(game: GameServer, playersHere: () => number): Promise<void> {
      stopListening = await handoff.listen((h) => game.matchedElsewhere(h.entryId, h.message));
      timer = setInterval(() => {
        if (running) return;
        running = true;
        void refresh(game, playersHere).finally(() => {
          running = false;
        });
      }, QUEUE_REFRESH_MS);
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await stopListening?.().catch(() => {});
    },
  };
}

export type ClusterGame = ReturnType<typeof wireClusterGame>;
