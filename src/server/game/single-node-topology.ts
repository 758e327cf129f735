import type { Clock } from '../../common/clock.ts';
import { createMatchmaker } from './matchmaker.ts';
import type { GameStore } from './store/game-store.ts';
import { SETTLE_ALL } from './store/game-store.ts';
import type { NodeActs, Topology } from './topology.ts';

/**
 * One process alone on its database: the queue in memory (each entry a row first), no peers (every search's
 * socket is here, no player moves), a bus that acts at once in process, nothing elsewhere, a start-up
 * settlement of everything a previous run left open, and no drain (a stop settles at once).
 */
export function singleNodeTopology<Notice = unknown>(deps: {
  store: GameStore;
  clock: Clock;
  /** Written on every search and match (NODE_ID); none by default. */
  nodeId?: string | null;
}): Topology<Notice> {
  const nodeId = deps.nodeId ?? null;
  /** This process's own acts: what each publish reaches, once the node has started. */
  const subscribers = new Set<NodeActs<Notice>>();
  return {
    nodeId,
    withNode: (message) => message,
    matchmaker: {
      ...createMatchmaker({ store: deps.store, clock: deps.clock, nodeId }),
      pairedElsewhere: () => undefined,
      searchAway: () => {},
    },
    peers: {
      handOff: () => false,
      waitingMove: async () => null,
      moved: () => {},
      playing: async () => false,
      live: async () => true,
      searchesSettled: async () => {},
    },
    bus: {
      banChanged: (change) => {
        for (const acts of subscribers) acts.ban(change);
      },
      signedOut: (ended) => {
        for (const acts of subscribers) acts.signOut(ended);
      },
      notify: (notice) => {
        for (const acts of subscribers) acts.notice(notice);
      },
      protectionChanged: (walletAddress) => {
        for (const acts of subscribers) acts.protection(walletAddress);
      },
    },
    elsewhere: { players: () => 0, matches: () => 0 },
    startupScope: SETTLE_ALL,
    drainMs: 0,
    async start(node) {
      subscribers.add(node.acts);
    },
    async drain() {},
    async quiesce() {},
    async stop() {
      subscribers.clear();
    },
  };
}
