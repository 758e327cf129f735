import { ERROR_CODES, ERROR_MESSAGES, type Holding } from '../../common/protocol.ts';
import {
  DEFAULT_CHALLENGE_EXPIRY_MINUTES,
  DEFAULT_COUNTDOWN_SECONDS,
  OPPONENT_FOUND_SECONDS,
} from '../../common/rules.ts';
import type { GameMessage, PlayerLink } from './game-ports.ts';
import type { GameServerOptions } from './game-server-options.ts';
import { createHouseBots } from './house-bot/house-bots.ts';
import { liveMatchOf, noteQuality, seatedLink, seatOf, seatSignedOut } from './live-match.ts';
import type { QueueEntry } from './matchmaker.ts';
import { cancelCommand } from './node/cancel-command.ts';
import { createChallengePresence } from './node/challenge-presence.ts';
import { exitCommand } from './node/exit-command.ts';
import { findMatchCommand } from './node/find-match-command.ts';
import { heldOnConnect, interruptedMatchReport } from './node/held-report.ts';
import { houseBotCommand } from './node/house-bot-command.ts';
import { createMatchEnds } from './node/match-ends.ts';
import { createMatchStarter } from './node/match-start.ts';
import { createNodeDuties } from './node/node-duties.ts';
import { createNodeSessions } from './node/node-sessions.ts';
import { playAgainCommand } from './node/play-again-command.ts';
import { reconnectCommand } from './node/reconnect-command.ts';
import { refuseWhileStopping } from './node/refused-payment.ts';
import { closeDeclinedOffer, leftGameOver as leftGameOverOf } from './node/rematch-command.ts';
import { createRematches } from './node/rematches.ts';
import { createSearchExits } from './node/search-exits.ts';
import type { SearchPorts } from './node/search-ports.ts';
import { closeIfProtectionRefuses } from './node/self-protection.ts';
import { createStopGate, settledWithin } from './stop-gate.ts';

export type {
  EntryCloseReason,
  EntryVerifier,
  GameMessage,
  GameMoney,
  JurisdictionCheck,
  OrphanedEntry,
  PlayerLink,
} from './game-ports.ts';

export { AWAY_CLOSE_RETRY_MS } from './node/search-exits.ts';

/**
 * The game layer behind the channel: find-match rules, the queue, live matches and their seats, and the
 * record of each result. It never touches a socket; the gateway hands it PlayerLinks.
 */
export function createGameServer(options: GameServerOptions) {
  const { store, entryGate, clock, topology } = options;
  const { nodeId, matchmaker, peers } = topology;
  /** The node's matches, searches, waiting moves and match ends being written: their one writer. */
  const sessions = createNodeSessions();
  const { matches, searches } = sessions;
  const log = options.log ?? (() => {});
  const queueChanged = () => options.onQueueChange?.();
  let stopping = false;
  const gate = createStopGate();
  /** A rolling stop: no new match starts here; live ones play to their end. */
  let draining = false;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  const rematches = createRematches();
  const ends = createMatchEnds({
    store,
    clock,
    sessions,
    rematches,
    peers,
    analytics: options.analytics,
    money: options.money,
    sleep,
    log,
    stopping: () => stopping,
    stopped: gate.stopped,
    onResultRecorded: options.onResultRecorded,
  });

  const starter = createMatchStarter({
    store,
    clock,
    matchmaker,
    searches,
    sessions,
    countdownSeconds: options.countdownSeconds ?? DEFAULT_COUNTDOWN_SECONDS,
    leadInSeconds: options.leadInSeconds ?? OPPONENT_FOUND_SECONDS,
    finish: ends.finished,
    cancelled: ends.cancelled,
    queueChanged,
    log,
    nodeId,
    // A stopping node starts no match either: one begun after the shutdown's settlement would stay open.
    draining: () => draining || stopping,
    peers,
    withNode: topology.withNode,
    ...(options.onMatchStarted ? { matchStarted: options.onMatchStarted } : {}),
  });

  const presence = createChallengePresence(store, log);
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
    store,
    clock,
    matchmaker,
    peers,
    money: options.money,
    nodeId,
    sessions,
    startMatch: starter.start,
    queueChanged,
    log,
    sleep,
    stopping: () => stopping,
    startDraining: () => {
      draining = true;
    },
  });

  const searchPorts: SearchPorts = {
    store,
    gate: entryGate,
    clock,
    matchmaker,
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
    verifier: options.verifier,
    money: options.money,
  };

  /** A stop takes no new search (refused-payment.ts); one under way opens first, so the stop settles it. */
  const searchUnlessStopping = (link: PlayerLink, message: Extract<GameMessage, { type: 'findMatch' }>) =>
    gate.track(
      stopping
        ? refuseWhileStopping(
            { store, clock, log, verifier: options.verifier, money: options.money },
            link,
            message,
          )
        : exits
            .takeBack(link)
            .then(() =>
              link.walletAddress ? sessions.endOf(link.walletAddress)?.catch(() => {}) : undefined,
            )
            .then(() => findMatchCommand(sessions, searchPorts, link, message)),
    );
  const stopTaking = () => {
    stopping = true;
    gate.stop();
  };

  const gameOverPorts = { rematches, matchmaker, exits };
  const leftGameOver = (link: PlayerLink, gameId?: string) => leftGameOverOf(gameOverPorts, link, gameId);
  const declinedOffer = (gone: { gameId: string; opponent: string }) =>
    closeDeclinedOffer(gameOverPorts, gone).catch((error: unknown) =>
      log(`closing the rematch offer after game ${gone.gameId} failed`, error),
    );

  const bots = createHouseBots(clock);
  const houseBot = { clock, matchmaker, bots, startChallenge: starter.startChallenge, log };

  const reconnect = (link: PlayerLink, gameId: string) =>
    reconnectCommand(sessions, { peers, rematches, matchmaker, now: () => clock.now() }, link, { gameId });
  const leaving = { leftGameOver, exit: (link: PlayerLink) => exits.exit(link) };

  /** What a new socket takes back: a move to another node (its game id), a seat, or an away search. */
  async function resumeOnConnect(link: PlayerLink): Promise<string | null> {
    const wallet = link.walletAddress;
    if (wallet && !liveMatchOf(matches, wallet)) {
      // A match on another node waits for this player (its hand-off came while the socket was away, or
      // the socket came back to another node): it is told where to go.
      const move = sessions.waitingMoveOf(wallet) ?? (await peers.waitingMove(wallet));
      sessions.forgetWaitingMove(wallet);
      if (move) {
        link.send(move);
        return move.gameId;
      }
    }
    const live = wallet ? liveMatchOf(matches, wallet) : undefined;
    const owned = live ? seatOf(live, link.playerSessionId, wallet) : null;
    if (live?.told && owned && live.links[owned.seat] === null) {
      // Its socket closed while the match was being written, so the player never heard `matched` and has
      // no game id to come back with: told now, and seated, within the seat's window.
      link.send(live.told[owned.seat]);
      reconnect(link, live.match.id);
      return null;
    }
    await exits.takeBack(link);
    return null;
  }

  return {
    matchmaker,
    queueLengths: () => matchmaker.lengths(),
    /** Live matches, for the runner and tests. */
    matches: () => [...matches.values()].map((m) => m.match),

    /**
     * A socket said `connect` (SPEC §7: sent on every connection open without a stored game). Whatever it
     * is told first, it is then told what this node holds for its wallet and what became of the search its
     * page named (`held`, held-report.ts).
     */
    async connected(link: PlayerLink, holding?: Holding): Promise<void> {
      const elsewhere = await resumeOnConnect(link);
      link.send(await heldOnConnect({ sessions, store, clock, log }, link, holding, elsewhere));
    },

    async handle(link: PlayerLink, message: GameMessage): Promise<void> {
      if (message.type === 'findMatch') return searchUnlessStopping(link, message);
      if (message.type !== 'paddleMove') await exits.takeBack(link);
      switch (message.type) {
        case 'cancelSearch':
          return cancelCommand(sessions, gameOverPorts, link, message);
        case 'reconnect': {
          if (!reconnect(link, message.gameId)) return;
          // A game this node no longer holds: if a stop interrupted it, the page is told its entry's refund.
          const report = await interruptedMatchReport({ sessions, store, clock, log }, link, message.gameId);
          if (report) link.send(report);
          return;
        }
        case 'paddleMove': {
          const seated = seatedLink(matches, link, message.gameId);
          if (!seated) return link.sendError(ERROR_MESSAGES.notInGame, ERROR_CODES.notInGame);
          seated.live.match.paddleMove(seated.seat, message.position);
          return;
        }
        case 'exit':
        case 'forceDisconnect':
          return exitCommand(sessions, leaving, link, message);
        case 'playHouseBot':
          return houseBotCommand(sessions, houseBot, link, message);
        case 'playAgain':
          return playAgainCommand(sessions, leaving, link, message);
        default: {
          const unreachable: never = message;
          throw new Error(`unhandled ${JSON.stringify(unreachable)}`);
        }
      }
    },

    /** The link's socket closed: a search is kept for the reconnection window, a seat starts its grace. */
    async disconnected(link: PlayerLink): Promise<void> {
      if (stopping) return;
      // A game-over screen's seat is held a while for a reload (its rematch may still come), not left at once.
      rematches.away(link, clock.now());
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
          await closeIfProtectionRefuses({ gate: entryGate, clock, exits }, entry);
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
      await settledWithin([...sessions.endsBeingWritten(), ...gate.underWay()]);
      for (const { entry } of searches.all()) await exits.close(entry, 'restart');
      const unfinished = sessions.letGoOfMatches().filter((m) => !m.match.isOver());
      if (unfinished.length === 0) return;
      await store.settleInterrupted(
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
        for (const gone of rematches.awayTooLong(now)) void declinedOffer(gone);
        rematches.prune(now);
      }
      bots.tick(matches);
      // Over the values, not the entries: no [id, match] pair is allocated per match per tick.
      for (const live of matches.values()) {
        if (live.match.isOver()) {
          sessions.matchGone(live.match.id);
          continue;
        }
        live.match.tick();
      }
    },

    ...duties,
  };
}

export type GameServer = ReturnType<typeof createGameServer>;
