import type { Clock } from '../../common/clock.ts';
import {
  ERROR_CODES,
  ERROR_MESSAGES,
  RECONNECT_REFUSAL_CODES,
  type ReconnectRefusalCode,
  type ServerMessageOf,
} from '../../common/protocol.ts';
import {
  DEFAULT_CHALLENGE_EXPIRY_MINUTES,
  DEFAULT_COUNTDOWN_SECONDS,
  HOUSE_BOT_OFFER_MS,
  OPPONENT_FOUND_SECONDS,
} from '../../common/rules.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { Bans } from '../security/bans.ts';
import type { WalletAnalytics } from './analytics-port.ts';
import { createChallengePresence } from './challenge-presence.ts';
import { settleChallengerNoShow } from './challenger-no-show.ts';
import { createFindMatch } from './find-match.ts';
import type { EntryVerifier, GameMessage, GameMoney, JurisdictionCheck, PlayerLink } from './game-ports.ts';
import { createHouseBots } from './house-bot/house-bots.ts';
import { type LiveMatch, liveMatchOf, noteQuality, seatedLink, seatOf, seatSignedOut } from './live-match.ts';
import { createMatchStarter, type MatchStarterDeps } from './match-start.ts';
import type { MatchResult } from './match-types.ts';
import type { QueueEntry } from './matchmaker.ts';
import { createNodeDuties } from './node-duties.ts';
import { recordMatchResultWithRetry } from './record-with-retry.ts';
import { refuseWhileStopping } from './refused-payment.ts';
import { createRematches } from './rematches.ts';
import { settleInterruptedMatches } from './restart-settlement.ts';
import { createSearchExits } from './search-exits.ts';
import { createSearchLinks } from './search-links.ts';
import { closeIfProtectionRefuses } from './self-protection.ts';
import { createStopGate, settledWithin } from './stop-gate.ts';
import type { Topology } from './topology.ts';

export type {
  EntryCloseReason,
  EntryVerifier,
  GameMessage,
  GameMoney,
  JurisdictionCheck,
  OrphanedEntry,
  PlayerLink,
} from './game-ports.ts';

export interface GameServerOptions {
  db: Database;
  clock: Clock;
  bans: Bans;
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
  /** SPEC §1: paid searches from a restricted jurisdiction are refused (practice stays open). */
  jurisdiction?: JurisdictionCheck;
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
  topology: Pick<Topology, 'nodeId' | 'advertisedNode' | 'matchmaker' | 'peers'>;
}

export { AWAY_CLOSE_RETRY_MS } from './search-exits.ts';

/**
 * The game layer behind the channel: find-match rules, the queue, live matches and their seats, and the
 * record of each result. It never touches a socket; the gateway hands it PlayerLinks.
 */
export function createGameServer(options: GameServerOptions) {
  const { db, clock, bans, topology } = options;
  const { nodeId, matchmaker, peers } = topology;
  /** `matched` of a search paired by another node, for a socket away when it came. */
  const movesWaiting = new Map<string, ServerMessageOf<'matched'>>();
  const matches = new Map<string, LiveMatch>();
  const searches = createSearchLinks();
  const log = options.log ?? (() => {});
  const queueChanged = () => options.onQueueChange?.();
  let stopping = false;
  const gate = createStopGate();
  /** A rolling stop: no new match starts here; live ones play to their end. */
  let draining = false;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /** Results being written: a stop waits for them, so a match that ended is paid, never settled as cut off. */
  const writing = new Set<Promise<void>>();
  /**
   * Each wallet's match result being written: its stake is released only when the result commits, so a search
   * of that wallet (a rematch asked from the game-over screen) waits for it rather than find the stake held.
   */
  const resultOf = new Map<string, Promise<void>>();
  const rematches = createRematches();
  const finish = async (live: LiveMatch, result: MatchResult) => {
    rematches.ended(live, clock.now());
    noteQuality(live);
    for (const entry of live.start.entries) peers.moved(entry.player.walletAddress);
    await recordMatchResultWithRetry(db, result, live.start, {
      analytics: options.analytics,
      hooks: options.money ? [options.money.matchEnded] : [],
      connectionQuality: live.quality,
      sleep,
      log,
      stopping: () => stopping,
      stopped: gate.stopped,
      ...(options.money ? { money: options.money } : {}),
      now: () => clock.now(),
    });
    try {
      options.onResultRecorded?.(result.id);
    } catch (error) {
      log(`after recording match ${result.id}: the result follower failed`, error);
    }
  };

  /** A match's end being written: a stop waits for it, and its players' next search waits for its commit. */
  const track = (live: LiveMatch, work: Promise<void>) => {
    const written = work.finally(() => {
      writing.delete(written);
      for (const entry of live.start.entries) {
        if (resultOf.get(entry.player.walletAddress) === written) resultOf.delete(entry.player.walletAddress);
      }
    });
    writing.add(written);
    for (const entry of live.start.entries) resultOf.set(entry.player.walletAddress, written);
  };

  const starter = createMatchStarter({
    db,
    clock,
    matchmaker,
    searches,
    matches,
    countdownSeconds: options.countdownSeconds ?? DEFAULT_COUNTDOWN_SECONDS,
    leadInSeconds: options.leadInSeconds ?? OPPONENT_FOUND_SECONDS,
    finish: (live, result) => track(live, finish(live, result)),
    cancelled: (live, at) => {
      for (const entry of live.start.entries) peers.moved(entry.player.walletAddress);
      track(
        live,
        settleChallengerNoShow(db, live, at, {
          money: options.money,
          sleep,
          stopping: () => stopping,
          stopped: gate.stopped,
          log,
        }),
      );
    },
    queueChanged,
    log,
    nodeId,
    // A stopping node starts no match either: one begun after the shutdown's settlement would stay open.
    draining: () => draining || stopping,
    peers,
    ...(topology.advertisedNode ? { node: topology.advertisedNode } : {}),
    ...(options.onMatchStarted ? { matchStarted: options.onMatchStarted } : {}),
  });

  const presence = createChallengePresence(db, log);
  const exits = createSearchExits({
    presence,
    clock,
    matchmaker,
    searches,
    money: options.money,
    startMatch: starter.start,
    queueChanged,
    playersOnline: () => options.playersOnline?.() ?? 0,
    log,
  });

  const duties = createNodeDuties({
    db,
    clock,
    matchmaker,
    peers,
    money: options.money,
    nodeId,
    matches,
    searches,
    movesWaiting,
    writing,
    startMatch: starter.start,
    queueChanged,
    log,
    sleep,
    stopping: () => stopping,
    startDraining: () => {
      draining = true;
    },
  });

  const findMatch = createFindMatch({
    db,
    clock,
    bans,
    matchmaker,
    matches,
    exits,
    startMatch: starter.start,
    startChallenge: starter.startChallenge,
    challengeExpiryMs: (options.challengeExpiryMinutes ?? DEFAULT_CHALLENGE_EXPIRY_MINUTES) * 60_000,
    rematches,
    queueChanged,
    log,
    playingElsewhere: peers.playing,
    nodeLive: peers.live,
    recheckProtectionEverywhere: options.recheckProtectionEverywhere ?? (() => {}),
    options,
  });

  /** A stop takes no new search (refused-payment.ts); one under way opens first, so the stop settles it. */
  const searchUnlessStopping = (link: PlayerLink, message: Extract<GameMessage, { type: 'findMatch' }>) =>
    gate.track(
      stopping
        ? refuseWhileStopping(
            { db, clock, log, verifier: options.verifier, money: options.money },
            link,
            message,
          )
        : exits
            .takeBack(link)
            .then(() => (link.walletAddress ? resultOf.get(link.walletAddress)?.catch(() => {}) : undefined))
            .then(() => findMatch(link, message)),
    );
  const stopTaking = () => {
    stopping = true;
    gate.stop();
  };

  /**
   * The link's player left the game-over screen of a match just over (MAIN MENU, the return after 10 s, a
   * closed socket): the opponent is told no rematch will come, and an offer of theirs closes, refunded in full.
   */
  const leftGameOver = async (link: PlayerLink, gameId?: string) => {
    for (const gone of rematches.left(link, gameId)) {
      const offer = matchmaker.entryOf(gone.opponent);
      if (offer?.challenge?.rematchOf === gone.gameId) await exits.declined(offer);
    }
  };

  const bots = createHouseBots(clock);
  /**
   * The house bot takes a Free Play search that has waited HOUSE_BOT_OFFER_MS alone in its queue: the search
   * and the bot's seat are matched at once, as a challenge accepted is (one transaction with the game's row).
   */
  const playHouseBot = async (link: PlayerLink): Promise<void> => {
    const entry = link.walletAddress ? matchmaker.entryOf(link.walletAddress) : undefined;
    const refuse = () => link.sendError(ERROR_MESSAGES.houseBotUnavailable, ERROR_CODES.houseBotUnavailable);
    if (
      entry?.mode !== 'practice' ||
      entry.challenge ||
      searches.linkOf(entry.id) !== link ||
      clock.now() - entry.joinedAt < HOUSE_BOT_OFFER_MS ||
      matchmaker.lengths().practice > 1
    ) {
      return refuse();
    }
    const bot = bots.join();
    try {
      const outcome = await starter.startChallenge(entry, bot);
      if (outcome !== 'matched') refuse();
    } catch (error) {
      log(
        `the house bot could not take the search of ${entry.player.walletAddress}; it is still open`,
        error,
      );
      refuse();
    }
  };

  const reconnect = (link: PlayerLink, gameId: string) => {
    const live = matches.get(gameId);
    const refuse = (message: string, code: ReconnectRefusalCode) =>
      link.send({ type: 'reconnectionFailed', message, clearStoredGameId: true, code });
    if (!live || live.match.isOver())
      return refuse(ERROR_MESSAGES.gameNotFound, RECONNECT_REFUSAL_CODES.gameNotFound);
    const owned = seatOf(live, link.playerSessionId, link.walletAddress);
    if (owned === null) return refuse(ERROR_MESSAGES.reconnectNotAllowed, RECONNECT_REFUSAL_CODES.notYours);
    const { seat } = owned;
    const previous = live.links[seat];
    live.links[seat] = link;
    const result = live.match.reconnected(seat);
    if (!result.ok) {
      live.links[seat] = previous;
      return refuse(result.message, RECONNECT_REFUSAL_CODES[result.reason]);
    }
    if (owned.retaken) live.signedOut?.set(seat, link.playerSessionId);
    if (link.walletAddress) peers.moved(link.walletAddress);
  };

  return {
    matchmaker,
    queueLengths: () => matchmaker.lengths(),
    /** Live matches, for the runner and tests. */
    matches: () => [...matches.values()].map((m) => m.match),

    /** A socket said `connect` (SPEC §7: sent on every connection open without a stored game). */
    async connected(link: PlayerLink): Promise<void> {
      const wallet = link.walletAddress;
      if (wallet && !liveMatchOf(matches, wallet)) {
        // A match on another node waits for this player (its hand-off came while the socket was away, or
        // the socket came back to another node): it is told where to go.
        const move = movesWaiting.get(wallet) ?? (await peers.waitingMove(wallet));
        movesWaiting.delete(wallet);
        if (move) return link.send(move);
      }
      const live = wallet ? liveMatchOf(matches, wallet) : undefined;
      const owned = live ? seatOf(live, link.playerSessionId, wallet) : null;
      if (live?.told && owned && live.links[owned.seat] === null) {
        // Its socket closed while the match was being written, so the player never heard `matched` and has
        // no game id to come back with: told now, and seated, within the seat's window.
        link.send(live.told[owned.seat]);
        return reconnect(link, live.match.id);
      }
      return exits.takeBack(link);
    },

    async handle(link: PlayerLink, message: GameMessage): Promise<void> {
      if (message.type === 'findMatch') return searchUnlessStopping(link, message);
      if (message.type !== 'paddleMove') await exits.takeBack(link);
      switch (message.type) {
        case 'cancelSearch':
          return exits.cancel(link, message);
        case 'reconnect':
          return reconnect(link, message.gameId);
        case 'paddleMove': {
          const seated = seatedLink(matches, link, message.gameId);
          if (!seated) return link.sendError(ERROR_MESSAGES.notInGame, ERROR_CODES.notInGame);
          seated.live.match.paddleMove(seated.seat, message.position);
          return;
        }
        case 'exit':
        case 'forceDisconnect': {
          const seated = seatedLink(matches, link, message.gameId);
          if (seated && seated.live.match.status().name !== 'over') {
            return seated.live.match.leave(seated.seat, message.type);
          }
          await leftGameOver(link, message.gameId);
          return exits.exit(link);
        }
        case 'playHouseBot':
          return playHouseBot(link);
        case 'playAgain': {
          // The finished game is forgotten for this player (it may already be gone from memory); a match
          // still running is not left this way: exit or forceDisconnect do that.
          const seated = seatedLink(matches, link, message.gameId);
          if (seated && !seated.live.match.isOver()) {
            return link.sendError(ERROR_MESSAGES.gameInProgress, ERROR_CODES.gameInProgress);
          }
          if (seated) seated.live.links[seated.seat] = null;
          const gameId = seated?.live.match.id ?? message.gameId;
          await leftGameOver(link, gameId);
          if (gameId) link.send({ type: 'gameCleanup', gameId });
          return;
        }
        default: {
          const unreachable: never = message;
          throw new Error(`unhandled ${JSON.stringify(unreachable)}`);
        }
      }
    },

    /** The link's socket closed: a search is kept for the reconnection window, a seat starts its grace. */
    async disconnected(link: PlayerLink): Promise<void> {
      if (stopping) return;
      for (const live of matches.values()) {
        const seat = live.links.indexOf(link);
        if (seat !== 0 && seat !== 1) continue;
        noteQuality(live);
        live.links[seat] = null;
        if (live.match.status().name !== 'over') live.match.disconnected(seat);
      }
      // A challenge is never in the public queue: its row says it is away, for an accept on any node.
      const now = clock.now();
      for (const entry of searches.lost(link, now)) {
        if (entry.challenge) void presence.away(entry, now);
        else matchmaker.searchAway(entry);
      }
      await leftGameOver(link);
    },

    /** A player session signed out: a seat it owns may be taken back by a new sign-in of its wallet. */
    signedOut(sessionId: string): void {
      for (const live of matches.values()) seatSignedOut(live, sessionId);
    },

    /**
     * The wallet's own protection changed (a self-exclusion, a loss limit; the bus brings it from whichever
     * node took it): each paid search, challenge or rematch offer of it this node holds that the protection
     * now refuses closes at once, its fee back in full, and its player is told why.
     */
    async protectionChanged(walletAddress: string): Promise<void> {
      for (const { entry } of searches.all()) {
        if (entry.player.walletAddress === walletAddress)
          await closeIfProtectionRefuses({ db, clock, exits }, entry);
      }
    },

    /** A ban closes the player's search at once. */
    async banned(match: (entry: QueueEntry) => boolean, message: string): Promise<void> {
      for (const { entry, link } of searches.all()) {
        if (match(entry)) await exits.banned(entry, link, message);
      }
    },

    /**
     * The first step of a stop: from now on no new search is taken (a findMatch is refused, its fee refunded
     * in full) and no match starts, so nothing opens after `shutdown` has settled what is open.
     */
    stopTaking,

    /** Refusals answered while the stop ran have finished their refunds (bounded): the database may close. */
    async idle(): Promise<void> {
      await settledWithin(gate.underWay());
    },

    /**
     * The server is stopping (SIGTERM): it is the operator's doing, not the players'. Searches are closed and
     * refunded in full; matches under way are interrupted and both entries refunded in full, the same
     * written policy as after a crash. Called before the sockets are closed.
     */
    async shutdown(): Promise<void> {
      stopTaking();
      // A result already being written is finished first (it stops retrying once stopping), and a search
      // already under way opens first, so it is closed below.
      await settledWithin([...writing, ...gate.underWay()]);
      for (const { entry } of searches.all()) await exits.close(entry, 'restart');
      const unfinished = [...matches.values()].filter((m) => !m.match.isOver());
      matches.clear();
      if (unfinished.length === 0) return;
      await settleInterruptedMatches(
        db,
        unfinished.map((m) => m.start),
        options.money,
        new Date(clock.now()),
      );
      for (const m of unfinished) log(`game ${m.start.id} interrupted by shutdown; entries refunded in full`);
    },

    /**
     * One fixed tick of every live match (finished ones are dropped once their last messages are out); away
     * searches whose window ended are closed, and pairings that failed are tried again.
     */
    tick(): void {
      const now = clock.now();
      if (!stopping) {
        exits.closeExpired(now);
        starter.retryDue(now);
        rematches.prune(now);
      }
      bots.tick(matches);
      // Over the values, not the entries: no [id, match] pair is allocated per match per tick.
      for (const live of matches.values()) {
        if (live.match.isOver()) {
          matches.delete(live.match.id);
          continue;
        }
        live.match.tick();
      }
    },

    ...duties,
  };
}

export type GameServer = ReturnType<typeof createGameServer>;
