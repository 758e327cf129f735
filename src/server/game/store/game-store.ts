import type { Logger } from '../../logger.ts';
import type { WalletAnalytics } from '../analytics-port.ts';
import type { GameMoney, OrphanedEntry } from '../game-ports.ts';
import type { MatchResult } from '../match/match-types.ts';
import type { CloseStatus, PaidEntry, QueueEntry, QueuePlayer } from '../queue-entry.ts';
import type { AcceptResult, ChallengeRow } from './challenge-rows.ts';
import type { MatchStart, ResultHook } from './match-recorder.ts';
import type { EntryRow } from './queue-rows.ts';
import type { SearchOutcome, SearchRef } from './search-outcome.ts';
import type { SettleScope } from './store-keys.ts';
import type { StoreTx } from './store-tx.ts';

export type { AcceptOutcome, ChallengeRow } from './challenge-rows.ts';
export type { MatchStart } from './match-recorder.ts';
export type { RefundRecord, SearchOutcome, SearchRef } from './search-outcome.ts';
export {
  newChallengeCode,
  REMATCH_CODE_PREFIX,
  SETTLE_ALL,
  type SettleScope,
  seedHash,
} from './store-keys.ts';
export type { StoreTx } from './store-tx.ts';

/** An active search closed as 'error' by a settlement, to be refunded. */
export interface ClosedOrphan {
  id: string;
  walletAddress: string;
  mode: QueueEntry['mode'];
  transactionId: string | null;
}

/** The matchmaker's close of the searches a settlement finds open (its memory follows the store). */
export interface OrphanCloser {
  closeOrphans(tx: StoreTx, scope: SettleScope): Promise<ClosedOrphan[]>;
}

/** How a match's result is written: retried while the store may take it, settled if it never will. */
export interface ResultWriteOptions {
  analytics: WalletAnalytics;
  hooks: readonly ResultHook[];
  connectionQuality: readonly [string | null, string | null];
  sleep: (ms: number) => Promise<void>;
  log: Logger;
  stopping: () => boolean;
  stopped?: Promise<void>;
  money?: GameMoney;
  now?: () => number;
}

/**
 * Everything the game asks of its persistence: the searches' rows (the judge of each search's fate: one
 * live stake per wallet, conditional closes so a cancel and a match exclude each other), challenges, the
 * matches' start and result rows with the money that commits with them, and what a restart or a lost node
 * leaves open. One Drizzle implementation (drizzle-game-store.ts) over PGlite and PostgreSQL, and one in
 * memory (memory-game-store.ts) for session rules; game-store.contract.ts holds both to the same semantics.
 */
export interface GameStore {
  /**
   * A new active search's id, or null when the wallet already has a live stake (an active search, or a match
   * in play) or its entry fee was already refunded. Inside `tx`, only its own part rolls back if refused.
   */
  insertSearch(row: EntryRow, tx?: StoreTx): Promise<string | null>;
  /** A row that never became a search (another socket of the wallet joined meanwhile): gone, fee unheld. */
  removeUnqueuedSearch(id: string): Promise<void>;
  /**
   * Closes the search if it is still active, with what the close owes (`owed`) in the same transaction:
   * whether this call closed it. Throws, nothing written, if the write fails.
   */
  closeSearch<E extends QueueEntry>(
    entry: E,
    status: CloseStatus,
    owed?: (tx: StoreTx, entry: E) => Promise<void>,
  ): Promise<boolean>;
  /**
   * Both searches marked matched to `gameId` with `started` in one transaction: true when both were still
   * active; false, nothing written, when one was closed meanwhile. Throws, nothing written, on a failure.
   */
  matchPair(
    pair: readonly [QueueEntry, QueueEntry],
    gameId: string,
    started?: (tx: StoreTx, pair: readonly [QueueEntry, QueueEntry]) => Promise<void>,
  ): Promise<boolean>;
  /** Which of these searches are still active. */
  stillActive(ids: readonly string[]): Promise<Set<string>>;
  /** Active searches of the scope's nodes, closed as 'error' (closed by a restart) and returned. */
  closeOrphans(scope: SettleScope, tx?: StoreTx): Promise<ClosedOrphan[]>;
  /** A challenge accepted in one transaction (challenge-rows.ts): the accepter's search, both matched, `started`. */
  acceptChallenge(
    nodeId: string | null,
    request: {
      challenge: QueueEntry;
      accepter: { player: QueuePlayer; paid: PaidEntry | null };
      gameId: string;
      started: (tx: StoreTx, pair: readonly [QueueEntry, QueueEntry]) => Promise<void>;
    },
  ): Promise<AcceptResult>;
  /** A challenge's row by its code, or null. */
  challengeByCode(code: string): Promise<ChallengeRow | null>;
  /** The challenger's socket went (`at`) or came back (null); a closed challenge is left as it is. */
  markChallengeAway(entryId: string, at: number | null): Promise<void>;
  /** A match's start, in the pairing's transaction. */
  recordStart(tx: StoreTx, start: MatchStart): Promise<void>;
  /** A match's result with its hooks (the money), retried and settled as record-with-retry.ts says. */
  recordResult(result: MatchResult, start: MatchStart, options: ResultWriteOptions): Promise<void>;
  /** Matches this process was running when it stopped: interrupted, entries refunded, in one transaction. */
  settleInterrupted(starts: readonly MatchStart[], money: GameMoney | undefined, at: Date): Promise<void>;
  /** What a run that is gone left open, for `scope` (restart-settlement.ts). */
  settleOpen(
    matchmaker: OrphanCloser,
    money: GameMoney | undefined,
    at: Date,
    scope: SettleScope,
    settledBy?: string,
  ): Promise<{ orphans: OrphanedEntry[]; gameIds: string[] }>;
  /**
   * A verified payment that did not become a search, refunded in full by `money` in one transaction: false,
   * nothing written, when a search holds it after all.
   */
  refundUnusedEntry(
    money: GameMoney,
    entry: { walletAddress: string; mode: QueueEntry['mode']; paid: PaidEntry },
    at: Date,
  ): Promise<boolean>;
  /** Whether the wallet plays in a match under way (on any node). */
  walletInPlay(walletAddress: string): Promise<boolean>;
  /** The game nodes named by open searches and matches. */
  ownersOfOpenRows(): Promise<string[]>;
  /**
   * What became of the wallet's own search `ref` names (by id or by its entry's signature), with its refund;
   * null when the wallet has no such search. Another wallet's rows are never read.
   */
  searchOutcome(walletAddress: string, ref: SearchRef): Promise<SearchOutcome | null>;
  /**
   * The wallet's own entry into `gameId` when a server stop interrupted that game, with its refund (status
   * `interrupted`); null otherwise. Another wallet's rows are never read.
   */
  interruptedMatchEntry(walletAddress: string, gameId: string): Promise<SearchOutcome | null>;
}
