import type { Clock } from '../../common/clock.ts';
import type { Logger } from '../logger.ts';
import type { WalletAnalytics } from './analytics-port.ts';
import type { EntryGate, EntryVerifier, GameMoney } from './game-ports.ts';
import type { MatchStarterDeps } from './node/match-start.ts';
import type { GameStore } from './store/game-store.ts';
import type { Topology } from './topology.ts';

/** What the game server is built from (game-server.ts): its ports, its clock, its node's topology, its timings. */
export interface GameServerOptions {
  /** The game's persistence (game/store): searches, challenges, matches and what commits with them. */
  store: GameStore;
  /** What a search must pass before its payment is looked at: bans, jurisdiction, the player's own protection. */
  entryGate: EntryGate;
  clock: Clock;
  /** Told inside each result's transaction (the back-office's wallet analytics). */
  analytics: WalletAnalytics;
  /** Paid modes are open only with a verifier; practice needs none. */
  verifier?: EntryVerifier;
  countdownSeconds?: number;
  /** How long a challenge waits for its friend (CHALLENGE_EXPIRY_MINUTES; default 10). */
  challengeExpiryMinutes?: number;
  /** Seconds between `matched` and the countdown showing (default OPPONENT_FOUND_SECONDS, SPEC §9). */
  leadInSeconds?: number;
  money?: GameMoney;
  /** Called whenever a queue length changes, so presence can push queueUpdate. */
  onQueueChange?: () => void;
  /** Players online, for joinQueue. */
  playersOnline?: () => number;
  log?: Logger;
  /** Waits between retries of a result the database refused; tests may shorten it. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * A match's result has been written (its settlement and payout job with it): the risk pass queues the
   * game. Called after, never awaited; what it throws is caught and logged, so it cannot hold up a payout.
   */
  onResultRecorded?: (gameId: string) => void;
  /** A match started: tracking counts a game for each player's wallet and address. */
  onMatchStarted?: MatchStarterDeps['matchStarted'];
  /**
   * Asks every node to read a wallet's own protection again (the topology's bus), when an accept found its
   * challenger's protection refusing a challenge another node holds. None: nothing is asked.
   */
  recheckProtectionEverywhere?: (walletAddress: string) => void;
  /**
   * Where this node stands (game/topology.ts): its queue, its peers, its node id. The game server uses its
   * queue and peers; the topology drives the server's node duties (node-duties.ts).
   */
  topology: Pick<Topology, 'nodeId' | 'withNode' | 'matchmaker' | 'peers'>;
}
