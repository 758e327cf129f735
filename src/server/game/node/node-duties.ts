import type { Clock } from '../../../common/clock.ts';
import type { GameModeId } from '../../../common/game-modes.ts';
import type { GameMoney } from '../game-ports.ts';
import type { GameStore } from '../store/game-store.ts';
import { SETTLE_ALL, type SettleScope } from '../store/game-store.ts';
import type { NodeGame, Peers, TopologyMatchmaker } from '../topology.ts';
import type { NodeSessions } from './node-sessions.ts';

/** How often a draining node looks whether its matches are all over. */
const DRAIN_POLL_MS = 250;

/** The game server's state these duties read and change (game-server.ts owns it). */
export interface NodeState {
  store: Pick<GameStore, 'settleOpen'>;
  clock: Clock;
  matchmaker: TopologyMatchmaker;
  peers: Peers;
  money: GameMoney | undefined;
  nodeId: string | null;
  /** `matched` of a search paired by another node, for a socket away when it came. */
  /** Results being written. */
  /** The node's matches, searches, waiting moves and ends being written (their one writer). */
  sessions: NodeSessions;
  startMatch(mode: GameModeId): Promise<void>;
  queueChanged(): void;
  log(message: string, error?: unknown): void;
  sleep(ms: number): Promise<void>;
  stopping(): boolean;
  /** From now on no new match starts here. */
  startDraining(): void;
}

/**
 * What the game server does for the node's topology (game/topology.ts `NodeGame`), and at its start: the
 * settlement of what a previous run, or a lost node, left open; the pairing of searches waiting; a search
 * paired by another node; the rolling stop. Alone, the topology calls none but the start-up settlement.
 */
export function createNodeDuties(state: NodeState) {
  const { store, clock, matchmaker, log } = state;
  const { matches, searches } = state.sessions;

  const duties: NodeGame & { recoverAfterRestart(scope?: SettleScope): Promise<void> } = {
    liveMatches: () => [...matches.values()].filter((m) => !m.match.isOver()).length,

    async pairWaiting(): Promise<void> {
      state.queueChanged();
      const lengths = matchmaker.lengths();
      for (const mode of Object.keys(lengths) as Array<keyof typeof lengths>) {
        if (!state.stopping() && lengths[mode] >= 2) await state.startMatch(mode);
      }
    },

    /**
     * Another node paired a search this node holds and started its match there. The search is no longer
     * this node's; its socket is told `matched` (naming that node, where the player moves), or, if away,
     * told when a socket of the wallet comes back. A second delivery of the same hand-off finds nothing
     * left to do.
     */
    matchedElsewhere(entryId, message): void {
      const entry = matchmaker.pairedElsewhere(entryId);
      if (!entry) return;
      const link = searches.linkOf(entryId);
      searches.drop(entryId);
      state.queueChanged();
      if (link) link.send(message);
      else state.sessions.moveWaits(entry.player.walletAddress, message);
    },

    /**
     * The rolling stop (SIGTERM, SHUTDOWN_DRAIN_SECONDS): this node starts no new match, and its live matches
     * play on to their end. Its searches stay in the shared queue meanwhile, where other nodes may pair them
     * (the players then move there). Resolves when no match is left here, or at `until`; then `shutdown`
     * settles what remains, as always (searches and unfinished matches refunded in full).
     */
    async drain(until: number): Promise<void> {
      state.startDraining();
      while (clock.now() < until && [...matches.values()].some((m) => !m.match.isOver())) {
        await state.sleep(DRAIN_POLL_MS);
      }
      await Promise.allSettled(state.sessions.endsBeingWritten());
    },

    /**
     * At start: what a previous run left open. Alone on the database, everything open; one node of several
     * (`scope`), this node's own rows, those of nodes no longer beating and those of no node.
     */
    async recoverAfterRestart(scope: SettleScope = SETTLE_ALL): Promise<void> {
      const at = new Date(clock.now());
      const settled = await store.settleOpen(matchmaker, state.money, at, scope, state.nodeId ?? undefined);
      for (const orphan of settled.orphans) {
        const what = orphan.gameId ? `game ${orphan.gameId}` : 'search';
        log(`after a restart: ${what} of ${orphan.walletAddress} settled`);
      }
      for (const id of settled.gameIds) log(`game ${id} was under way at a restart: marked interrupted`);
    },

    /**
     * Game nodes that stopped beating left searches and matches open; they are settled as after a restart
     * (interrupted matches and searches refunded in full), each row once however many nodes try.
     */
    async settleLostNodes(nodeIds) {
      const at = new Date(clock.now());
      const scope: SettleScope = { kind: 'nodes', nodeIds, unowned: false };
      const settled = await store.settleOpen(matchmaker, state.money, at, scope, state.nodeId ?? undefined);
      const closed = settled.orphans.filter((o) => o.gameId === null);
      const searches = closed.length;
      await state.peers.searchesSettled(
        closed.map((o) => ({ id: o.queueSessionId, walletAddress: o.walletAddress })),
      );
      if (settled.gameIds.length > 0 || searches > 0) {
        log(
          `game node(s) ${nodeIds.join(', ')} lost: ${settled.gameIds.length} match(es) interrupted, ` +
            `${searches} search(es) closed, entries refunded in full`,
        );
      }
      return { games: settled.gameIds.length, searches };
    },
  };
  return duties;
}
