import type { ServerMessageOf } from '../../common/protocol.ts';
import type { BanChange, EndedSession } from './game-ports.ts';
import type { Matchmaker, QueueEntry } from './matchmaker.ts';
import type { SettleScope } from './store/game-store.ts';

/**
 * What a game node needs from its surroundings, declared once (in the spirit of Colyseus' `Presence`): the
 * queue its searches join, its peers (hand-offs of a match to a search another node holds, and the moves
 * of players to their match's node), a bus for what every node must act on (bans, sign-outs, wallet
 * notices, player protection changes), what runs elsewhere (players and matches on other nodes), and its lifecycle (start, drain, stop).
 *
 * Two implementations: one process alone (`single-node-topology.ts`), and several nodes sharing Redis and
 * PostgreSQL (`cluster/cluster-topology.ts`). The game server, the gateway and the HTTP routes speak to this
 * port only; which one runs is chosen once, where the services are built.
 */
export interface Topology<Notice = unknown> {
  /** This node's name (NODE_ID), written on every search and match it holds; null for a bare test server. */
  readonly nodeId: string | null;
  /**
   * A message to a client (the `connect` reply, `matched`) with this node's name in it where several serve,
   * so a client can tell whether its match is elsewhere; as it is when this process is alone.
   */
  readonly withNode: NodeNaming;
  /** The queue every search of this node joins. */
  readonly matchmaker: TopologyMatchmaker;
  readonly peers: Peers;
  readonly bus: NodeBus<Notice>;
  /** What runs on the other nodes, as last read (0 when alone). */
  readonly elsewhere: Elsewhere;
  /** What the start-up settlement may close: everything open when alone, this node's own rows otherwise. */
  readonly startupScope: SettleScope;
  /** How long a stop lets this node's live matches play to their end first (0: none). */
  readonly drainMs: number;
  /** Once the node's services exist: this topology starts driving them (loops, hand-offs, bus, watch). */
  start(node: NodeDriven<Notice>): Promise<void>;
  /** The first step of a stop: live matches play to their end, at most `drainMs`. */
  drain(): Promise<void>;
  /** Before the game settles its searches and matches: no loop drives the node any more. */
  quiesce(): Promise<void>;
  /** The last step: the bus is left, the node leaves the live set, connections close. Safe to call twice. */
  stop(): Promise<void>;
}

/** Adds the node's name (`node`) to a message told to clients, or adds nothing; the one reader of the name. */
export type NodeNaming = <M extends object>(message: M) => M & { node?: string };

/** The queue's extras a topology gives: a search paired by another node, and a search whose socket is away. */
export interface TopologyMatchmaker extends Matchmaker {
  /** The entry another node paired (its hand-off came): out of this node's searches, or undefined. */
  pairedElsewhere(entryId: string): QueueEntry | undefined;
  /** The search's socket is away: no node may pair it until a socket of the wallet takes it back. */
  searchAway(entry: QueueEntry): void;
}

export interface Peers {
  /** Tells the node holding the entry's socket of its match here; false when this node holds it. */
  handOff(entry: QueueEntry, message: ServerMessageOf<'matched'>): boolean;
  /** A match elsewhere that the wallet's player is to move to, if any. */
  waitingMove(walletAddress: string): Promise<ServerMessageOf<'matched'> | null>;
  /** The wallet's player is in its match here, or the match is over: no move waits any more. */
  moved(walletAddress: string): void;
  /** Whether the wallet plays in a match under way on another node (a second search is refused). */
  playing(walletAddress: string): Promise<boolean>;
  /** Whether the node still beats (alone: always; it settles what it left at its next start). */
  live(nodeId: string): Promise<boolean>;
  /** Searches of lost nodes were settled: out of the shared queue with them. */
  searchesSettled(searches: ReadonlyArray<{ id: string; walletAddress: string }>): Promise<void>;
}

/**
 * What every node must act on. Each publish reaches the handlers every node gave at start, this node's
 * included (alone: at once, in process).
 */
export interface NodeBus<Notice> {
  banChanged(change: BanChange): void;
  signedOut(ended: EndedSession): void;
  notify(notice: Notice): void;
  /** A wallet's own protection (self-exclusion, loss limits) changed: every node reads it again. */
  protectionChanged(walletAddress: string): void;
}

export interface Elsewhere {
  players(): number;
  matches(): number;
}

/** This node's own acts on what the bus carries. */
export interface NodeActs<Notice> {
  /** A ban changed: this node's searches closed, its sockets told, then closed. */
  ban(change: BanChange): void;
  /** A player session ended: this node's sockets of that session closed. */
  signOut(ended: EndedSession): void;
  /** A ledger movement: this node's sockets of the wallet told. */
  notice(notice: Notice): void;
  /** A wallet's protection changed: this node's searches of it that it now refuses closed, in full. */
  protection(walletAddress: string): void;
}

/** What a topology drives on its node: the game server's node duties, its players and its own acts. */
export interface NodeDriven<Notice> {
  game: NodeGame;
  /** Distinct players on this node's sockets. */
  playersHere(): number;
  acts: NodeActs<Notice>;
}

/** The game server's duties toward its topology (game/node/node-duties.ts). */
export interface NodeGame {
  /** Matches under way on this node. */
  liveMatches(): number;
  /** Tries the pairing of every mode where two or more wait (a pairing put back, say). */
  pairWaiting(): Promise<void>;
  /** Another node paired a search this node holds: its socket is told, or told when it comes back. */
  matchedElsewhere(entryId: string, message: ServerMessageOf<'matched'>): void;
  /** Lost nodes' searches and matches are settled as after a restart; returns how many this call settled. */
  settleLostNodes(nodeIds: readonly string[]): Promise<{ games: number; searches: number }>;
  /** No new match starts here; resolves when no match is left here, or at `until`. */
  drain(until: number): Promise<void>;
}
