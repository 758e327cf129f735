import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../../common/clock.ts';
import { lamportsToSol, lamportsToSolString } from '../../common/format.ts';
import { DEFAULT_COUNTDOWN_SECONDS } from '../../common/game/constants.ts';
import type { PlayerIndex } from '../../common/game/physics.ts';
import { type GameModeId, getGameMode } from '../../common/game-modes.ts';
import { ERROR_MESSAGES } from '../../common/protocol.ts';
import type { Database } from '../db/database.ts';
import type { Bans } from '../security/bans.ts';
import type { EntryCloseReason, EntryVerifier, GameMessage, GameMoney, PlayerLink } from './game-ports.ts';
import { type LiveMatch, liveMatchOf, noteQuality, seatedLink, seatInfo, seatOf } from './live-match.ts';
import { createMatch } from './match.ts';
import { type MatchStart, recordMatchStart, seedHash } from './match-recorder.ts';
import type { MatchResult } from './match-types.ts';
import { type CloseStatus, createMatchmaker, type PaidEntry, type QueueEntry } from './matchmaker.ts';
import { recordMatchResultWithRetry } from './record-with-retry.ts';
import { refundRefusedPayment } from './refused-payment.ts';
import { settleAfterRestart, settleInterruptedMatches, UNUSED_ENTRY_GRACE_MS } from './restart-settlement.ts';

export type {
  EntryCloseReason,
  EntryVerifier,
  GameMessage,
  GameMoney,
  OrphanedEntry,
  PlayerLink,
} from './game-ports.ts';

export interface GameServerOptions {
  db: Database;
  clock: Clock;
  bans: Bans;
  /** Paid modes are open only with a verifier; practice needs none. */
  verifier?: EntryVerifier;
  countdownSeconds?: number;
  money?: GameMoney;
  /** Called whenever a queue length changes, so presence can push queueUpdate. */
  onQueueChange?: () => void;
  /** Players online, for joinQueue. */
  playersOnline?: () => number;
  log?: (message: string, error?: unknown) => void;
  /** Waits between retries of a result the database refused; tests may shorten it. */
  sleep?: (ms: number) => Promise<void>;
}

export const CANCEL_WAIT_MS = 10_000;

/**
 * The game layer behind the channel: find-match rules, the queue, live matches and their seats, and the
 * record of each result. It never touches a socket; the gateway hands it PlayerLinks.
 */
export function createGameServer(options: GameServerOptions) {
  const { db, clock, bans } = options;
  const matchmaker = createMatchmaker({ db, clock });
  const matches = new Map<string, LiveMatch>();
  const searchLinks = new Map<string, PlayerLink>(); // queue entry id → link
  const log = options.log ?? (() => {});
  const queueChanged = () => options.onQueueChange?.();
  let stopping = false;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  const CLOSE_STATUS: Record<EntryCloseReason, CloseStatus> = {
    player_cancel: 'cancelled',
    player_disconnect: 'disconnected',
    banned: 'cancelled',
    restart: 'error',
  };
  const closeEntry = async (entry: QueueEntry, why: EntryCloseReason) => {
    const money = options.money;
    const closed = await matchmaker.close(
      entry.id,
      CLOSE_STATUS[why],
      money ? (tx, e) => money.entryClosed(tx, e, why, new Date(clock.now())) : undefined,
    );
    if (!closed) return null;
    searchLinks.delete(entry.id);
    queueChanged();
    return closed;
  };

  const startMatch = async (mode: GameModeId) => {
    const gameId = randomUUID();
    const pair = await matchmaker.pair(mode, gameId);
    if (!pair) return;
    queueChanged();
    const seed = randomBytes(16).toString('hex');
    const start: MatchStart = { id: gameId, entries: pair, seedHash: seedHash(seed), startedAt: clock.now() };
    await recordMatchStart(db, start);
    const links: LiveMatch['links'] = [
      searchLinks.get(pair[0].id) ?? null,
      searchLinks.get(pair[1].id) ?? null,
    ];
    for (const entry of pair) searchLinks.delete(entry.id);
    const countdownSeconds = options.countdownSeconds ?? DEFAULT_COUNTDOWN_SECONDS;
    const live: LiveMatch = {
      start,
      links,
      quality: [null, null],
      match: createMatch({
        id: gameId,
        mode,
        seats: [seatInfo(pair[0]), seatInfo(pair[1])],
        seed,
        countdownSeconds,
        clock,
        send: (index, message) => live.links[index]?.send(message),
        onEnd: (result) => void finish(live, result),
      }),
    };
    matches.set(gameId, live);
    pair.forEach((_, index) => {
      const opponent = pair[index === 0 ? 1 : 0];
      links[index]?.send({
        type: 'matched',
        gameId,
        playerIndex: index as PlayerIndex,
        data: {
          opponentName: opponent.player.displayName,
          gameMode: mode,
          seedHash: start.seedHash,
          countdownTime: countdownSeconds,
        },
      });
    });
  };

  const finish = async (live: LiveMatch, result: MatchResult) => {
    noteQuality(live);
    await recordMatchResultWithRetry(db, result, live.start, {
      hooks: options.money ? [options.money.matchEnded] : [],
      connectionQuality: live.quality,
      sleep,
      log,
      stopping: () => stopping,
    });
  };

  const returnRefusedPayment = (link: PlayerLink, message: Extract<GameMessage, { type: 'findMatch' }>) =>
    refundRefusedPayment({ db, clock, log, verifier: options.verifier, money: options.money }, link, message);

  const findMatch = async (link: PlayerLink, message: Extract<GameMessage, { type: 'findMatch' }>) => {
    // SPEC §5 order: banned, already searching, mode, wallet, payment.
    const ban = await bans.status(link.walletAddress, link.ip);
    if (ban.banned) {
      link.sendError(ban.message ?? 'Your account has been restricted', 'account_restricted');
      return returnRefusedPayment(link, message);
    }
    if (
      link.walletAddress &&
      (matchmaker.entryOf(link.walletAddress) || liveMatchOf(matches, link.walletAddress))
    ) {
      link.sendError(ERROR_MESSAGES.alreadySearching, 'already_searching');
      return returnRefusedPayment(link, message);
    }
    if (!message.gameMode) return link.sendError(ERROR_MESSAGES.gameModeRequired, 'game_mode_required');
    if (!link.walletAddress || !link.playerSessionId) {
      return link.sendError(ERROR_MESSAGES.walletRequired, 'wallet_required');
    }
    const mode = getGameMode(message.gameMode);
    let paid: PaidEntry | null = null;
    if (mode.wagerLamports > 0n) {
      if (!options.verifier) return link.sendError(ERROR_MESSAGES.paymentRequired, 'payment_required');
      const verified = await options.verifier.verify({
        walletAddress: link.walletAddress,
        mode: mode.id,
        signature: message.paymentSignature,
      });
      if (!verified.ok) return link.sendError(verified.message, 'payment_refused');
      paid = verified.paid;
    }
    const joined = await matchmaker.join(
      {
        linkId: link.id,
        playerSessionId: link.playerSessionId,
        walletAddress: link.walletAddress,
        displayName: link.displayName,
        ip: link.ip,
        userAgent: link.userAgent,
      },
      mode.id,
      paid,
    );
    if (!joined.ok) {
      const money = options.money;
      if (paid && money) {
        const entry = { walletAddress: link.walletAddress, mode: mode.id, paid };
        await db.transaction((tx) => money.refundUnusedEntry(tx, entry, new Date(clock.now())));
      }
      return link.sendError(ERROR_MESSAGES.alreadySearching, 'already_searching');
    }
    searchLinks.set(joined.entry.id, link);
    link.send({
      type: 'findMatch',
      status: 'searching',
      gameMode: mode.id,
      message: 'Searching for an opponent',
    });
    link.send({
      type: 'joinQueue',
      queueType: mode.id,
      queuePosition: joined.position,
      playersOnline: options.playersOnline?.() ?? 0,
    });
    queueChanged();
    await startMatch(mode.id);
  };

  const cancelSearch = async (link: PlayerLink) => {
    const entry = link.walletAddress ? matchmaker.entryOf(link.walletAddress) : undefined;
    if (!entry) return link.sendError(ERROR_MESSAGES.notSearching, 'not_searching');
    if (entry.paid && clock.now() - entry.joinedAt < CANCEL_WAIT_MS) {
      return link.sendError(ERROR_MESSAGES.cancelTooEarly, 'cancel_too_early');
    }
    const closed = await closeEntry(entry, 'player_cancel');
    if (!closed) return link.sendError(ERROR_MESSAGES.notSearching, 'not_searching');
    if (!closed.paid) return link.send({ type: 'cancelSearch', success: true, message: 'Search cancelled' });
    const refund = (closed.paid.lamports * 97n) / 100n;
    link.send({
      type: 'cancelSearch',
      success: true,
      message: `Search cancelled: ${lamportsToSolString(refund)} SOL (97%) will be refunded`,
      refundLamports: refund.toString(),
      refundAmount: lamportsToSol(refund),
    });
  };

  const reconnect = (link: PlayerLink, gameId: string) => {
    const live = matches.get(gameId);
    const refuse = (message: string) =>
      link.send({ type: 'reconnectionFailed', message, clearStoredGameId: true });
    if (!live || live.match.status().name === 'over') return refuse(ERROR_MESSAGES.gameNotFound);
    const seat = seatOf(live, link.playerSessionId);
    if (seat === null) return refuse(ERROR_MESSAGES.reconnectNotAllowed);
    const previous = live.links[seat];
    live.links[seat] = link;
    const result = live.match.reconnected(seat);
    if (!result.ok) {
      live.links[seat] = previous;
      return refuse(result.message);
    }
  };

  return {
    matchmaker,
    queueLengths: () => matchmaker.lengths(),
    /** Live matches, for the runner and tests. */
    matches: () => [...matches.values()].map((m) => m.match),

    async handle(link: PlayerLink, message: GameMessage): Promise<void> {
      switch (message.type) {
        case 'findMatch':
          return findMatch(link, message);
        case 'cancelSearch':
          return cancelSearch(link);
        case 'reconnect':
          return reconnect(link, message.gameId);
        case 'paddleMove': {
          const seated = seatedLink(matches, link, message.gameId);
          if (!seated) return link.sendError(ERROR_MESSAGES.notInGame, 'not_in_game');
          seated.live.match.paddleMove(seated.seat, message.position);
          return;
        }
        case 'exit':
        case 'forceDisconnect': {
          const seated = seatedLink(matches, link, message.gameId);
          if (seated) return seated.live.match.leave(seated.seat, message.type);
          const entry = link.walletAddress ? matchmaker.entryOf(link.walletAddress) : undefined;
          if (entry && searchLinks.get(entry.id) === link) await closeEntry(entry, 'player_disconnect');
          return;
        }
        case 'playAgain': {
          // The finished game is forgotten for this player (it may already be gone from memory); a match
          // still running is not left this way: exit or forceDisconnect do that.
          const seated = seatedLink(matches, link, message.gameId);
          if (seated && seated.live.match.status().name !== 'over') {
            return link.sendError(ERROR_MESSAGES.gameInProgress, 'game_in_progress');
          }
          if (seated) seated.live.links[seated.seat] = null;
          const gameId = seated?.live.match.id ?? message.gameId;
          if (gameId) link.send({ type: 'gameCleanup', gameId });
          return;
        }
        default: {
          const unreachable: never = message;
          throw new Error(`unhandled ${JSON.stringify(unreachable)}`);
        }
      }
    },

    /** The link's socket closed: a search ends, a seat starts its grace. */
    async disconnected(link: PlayerLink): Promise<void> {
      if (stopping) return;
      for (const live of matches.values()) {
        const seat = live.links.indexOf(link);
        if (seat !== 0 && seat !== 1) continue;
        noteQuality(live);
        live.links[seat] = null;
        if (live.match.status().name !== 'over') live.match.disconnected(seat);
      }
      for (const [entryId, searching] of searchLinks) {
        if (searching !== link || !link.walletAddress) continue;
        const entry = matchmaker.entryOf(link.walletAddress);
        if (entry?.id === entryId) await closeEntry(entry, 'player_disconnect');
      }
    },

    /** SPEC §6, game-server issue point 8: a ban closes the player's search at once. */
    async banned(match: (entry: QueueEntry) => boolean, message: string): Promise<void> {
      for (const [entryId, link] of searchLinks) {
        const entry = link.walletAddress ? matchmaker.entryOf(link.walletAddress) : undefined;
        if (!entry || entry.id !== entryId || !match(entry)) continue;
        if (await closeEntry(entry, 'banned')) {
          link.sendError(message, 'account_restricted');
          link.send({ type: 'cancelSearch', success: true, message });
        }
      }
    },

    /**
     * The server is stopping (SIGTERM): it is the operator's doing, not the players'. Searches are closed and
     * refunded in full; matches under way are interrupted and both entries refunded in full, the same
     * written policy as after a crash. Called before the sockets are closed.
     */
    async shutdown(): Promise<void> {
      stopping = true;
      for (const [entryId, link] of [...searchLinks]) {
        const entry = link.walletAddress ? matchmaker.entryOf(link.walletAddress) : undefined;
        if (entry?.id === entryId) await closeEntry(entry, 'restart');
      }
      const unfinished = [...matches.values()].filter((m) => m.match.status().name !== 'over');
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

    /** One fixed tick of every live match; finished ones are dropped once their last messages are out. */
    tick(): void {
      for (const [id, live] of matches) {
        if (live.match.status().name === 'over') {
          matches.delete(id);
          continue;
        }
        live.match.tick();
      }
    },

    /** Entries and matches a previous run left open (game-server issue, point 4; RELIABILITY 25). */
    /** Refunds verified entry fees that never became an entry (see GameMoney.sweepUnusedEntries). */
    async sweepUnusedEntries(): Promise<void> {
      const money = options.money;
      if (!money) return;
      const now = clock.now();
      const swept = await db.transaction((tx) =>
        money.sweepUnusedEntries(tx, new Date(now - UNUSED_ENTRY_GRACE_MS), new Date(now)),
      );
      if (swept > 0) log(`${swept} verified entry fee(s) that never became an entry are being refunded`);
    },

    async recoverAfterRestart(): Promise<void> {
      const settled = await settleAfterRestart(db, matchmaker, options.money, new Date(clock.now()));
      for (const orphan of settled.orphans) {
        const what = orphan.gameId ? `game ${orphan.gameId}` : 'search';
        log(`after a restart: ${what} of ${orphan.walletAddress} settled`);
      }
      for (const id of settled.gameIds) log(`game ${id} was under way at a restart: marked interrupted`);
    },
  };
}

export type GameServer = ReturnType<typeof createGameServer>;
