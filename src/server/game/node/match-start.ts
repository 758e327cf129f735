import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../../../common/clock.ts';
import type { PlayerIndex } from '../../../common/game/physics.ts';
import type { GameModeId } from '../../../common/game-modes.ts';
import type { ServerMessageOf } from '../../../common/protocol.ts';
import { ERROR_CODES } from '../../../common/wire-codes.ts';
import type { Logger } from '../../logger.ts';
import type { PlayerLink } from '../game-ports.ts';
import { type LiveMatch, seatInfo } from '../live-match.ts';
import { createMatch } from '../match/match.ts';
import type { MatchResult } from '../match/match-types.ts';
import type {
  AcceptOutcome,
  Matchmaker,
  PaidEntry,
  PairOptions,
  QueueEntry,
  QueuePlayer,
} from '../matchmaker.ts';
import type { GameStore } from '../store/game-store.ts';
import { type MatchStart, seedHash } from '../store/game-store.ts';
import type { NodeNaming, Peers } from '../topology.ts';
import type { NodeSessions } from './node-sessions.ts';
import type { SearchLinks } from './search-links.ts';

/** After a pairing the database refused, the same mode is tried again this long after (from the tick). */
export const PAIR_RETRY_MS = 1_000;

export interface MatchStarterDeps {
  store: Pick<GameStore, 'recordStart'>;
  clock: Clock;
  matchmaker: Matchmaker;
  searches: SearchLinks;
  sessions: Pick<NodeSessions, 'matchStarted'>;
  countdownSeconds: number;
  /** Seconds the match waits before its countdown shows (the clients' opponent-found screen). */
  leadInSeconds: number;
  finish: (live: LiveMatch, result: MatchResult) => void;
  /** A challenge's match whose challenger never joined it: no result, both entries to be refunded in full. */
  cancelled: (live: LiveMatch, at: number) => void;
  queueChanged: () => void;
  log: Logger;
  /** This game node (NODE_ID), written on the game session so another node can settle it if this one is lost. */
  nodeId?: string | null;
  /** While true (a draining node), no match starts here. */
  draining?: () => boolean;
  /** A search whose socket another node holds is handed to that node (its player then moves here). */
  peers: Pick<Peers, 'handOff'>;
  /** `matched` with this node's name where several serve (the topology's). */
  withNode: NodeNaming;
  /** After the start is committed: who plays, from which address (IP tracking counts games per pair). */
  matchStarted?: (players: ReadonlyArray<{ walletAddress: string; ip: string | null }>) => void;
}

/**
 * Pairs two searches and starts their match. The pairing and the game session row that
 * says a match is under way are one database transaction: either both entries are matched to a recorded
 * game, or nothing is matched and both are still searching, in memory and in the database. A pairing that
 * fails is tried again after PAIR_RETRY_MS, so the two are not left waiting for a third player to arrive.
 */
export function createMatchStarter(deps: MatchStarterDeps) {
  const { clock, matchmaker, searches, sessions } = deps;
  const retryAt = new Map<GameModeId, number>();

  /** How two entries are taken for a match: the public queue's pairing, or a challenge accepted. */
  type Take = (
    gameId: string,
    started: NonNullable<PairOptions['started']>,
  ) => Promise<readonly [QueueEntry, QueueEntry] | null>;

  /**
   * Takes a pair with `take` and, when the pairing and the game's row committed together, starts the match.
   * Whether a match started; throws (nothing matched) when the database refused the pairing.
   */
  const pairAndStart = async (mode: GameModeId, take: Take): Promise<boolean> => {
    const gameId = randomUUID();
    const seed = randomBytes(16).toString('hex');
    let begun: { start: MatchStart; links: LiveMatch['links'] } | undefined;
    const pair = await take(gameId, async (tx, entries) => {
      const start = {
        id: gameId,
        entries,
        seedHash: seedHash(seed),
        startedAt: clock.now(),
        nodeId: deps.nodeId ?? null,
      };
      await deps.store.recordStart(tx, start);
      // Read before the commit: a cancel that loses the race learns it only after the commit.
      begun = { start, links: [searches.linkOf(entries[0].id), searches.linkOf(entries[1].id)] };
    });
    if (!pair || !begun) return false;
    launch(mode, gameId, seed, begun);
    return true;
  };

  const start = async (mode: GameModeId): Promise<void> => {
    if (deps.draining?.()) return;
    try {
      await pairAndStart(mode, (gameId, started) =>
        matchmaker.pair(mode, gameId, { eligible: (entry) => !searches.isAway(entry.id), started }),
      );
    } catch (error) {
      retryAt.set(mode, clock.now() + PAIR_RETRY_MS);
      deps.log(`pairing in ${mode} failed: both players are still searching; trying again shortly`, error);
    }
  };

  /**
   * A challenge accepted: the accepter's search is written, both are matched and the game recorded, in one
   * transaction, and the match starts. The answer says what happened; throws when the database refused it
   * (nothing written: the challenge is still open).
   */
  const startChallenge = async (
    challenge: QueueEntry,
    accepter: { player: QueuePlayer; paid?: PaidEntry | null; link: PlayerLink },
  ): Promise<AcceptOutcome | 'draining'> => {
    if (deps.draining?.()) return 'draining';
    // This node's challenge whose socket is gone: no match starts with the challenger's seat away.
    if (searches.isAway(challenge.id)) return ERROR_CODES.challengerAway;
    let outcome = 'challenge_gone' as AcceptOutcome;
    let written: QueueEntry | undefined;
    try {
      await pairAndStart(challenge.mode, async (gameId, started) => {
        const taker = { player: accepter.player, paid: accepter.paid ?? null };
        const accepted = await matchmaker.accept(challenge, taker, gameId, async (tx, pair) => {
          // The accepter's socket answers for its search from now on, so a close while this commits is seen.
          written = pair[1];
          searches.attach(pair[1], accepter.link);
          await started(tx, pair);
        });
        outcome = accepted.ok ? 'matched' : accepted.reason;
        return accepted.ok ? accepted.pair : null;
      });
    } finally {
      if (written && outcome !== 'matched') searches.drop(written.id);
    }
    return outcome;
  };

  const launch = (
    mode: GameModeId,
    gameId: string,
    seed: string,
    begun: { start: MatchStart; links: LiveMatch['links'] },
  ) => {
    const { start: matchStart } = begun;
    const entries = matchStart.entries;
    const links = linksAfterCommit(begun.links, entries);
    for (const entry of entries) searches.drop(entry.id);
    deps.queueChanged();
    deps.matchStarted?.(
      entries.map((entry) => ({ walletAddress: entry.player.walletAddress, ip: entry.player.ip })),
    );
    // A challenge's or a rematch offer's (never a public search's, nor a house bot's player's).
    const challengerSeat = entries.findIndex((entry) => entry.challenge !== undefined);
    const live: LiveMatch = {
      start: matchStart,
      links,
      quality: [null, null],
      match: createMatch({
        id: gameId,
        mode,
        seats: [seatInfo(entries[0]), seatInfo(entries[1])],
        seed,
        countdownSeconds: deps.countdownSeconds,
        leadInSeconds: deps.leadInSeconds,
        clock,
        send: (index, message) => live.links[index]?.send(message),
        onEnd: (result) => deps.finish(live, result),
        ...(challengerSeat === 0 || challengerSeat === 1
          ? { challengerSeat, onCancel: (at: number) => deps.cancelled(live, at) }
          : {}),
      }),
    };
    const matchedOf = (index: PlayerIndex): ServerMessageOf<'matched'> =>
      deps.withNode({
        type: 'matched',
        gameId,
        playerIndex: index,
        data: {
          opponentName: entries[index === 0 ? 1 : 0]!.player.displayName,
          gameMode: mode,
          seedHash: matchStart.seedHash,
          countdownTime: deps.countdownSeconds,
        },
      });
    live.told = [matchedOf(0), matchedOf(1)];
    sessions.matchStarted(live);
    links.forEach((link: PlayerLink | null, index) => {
      const entry = entries[index]!;
      const matched = live.told![index as PlayerIndex];
      if (link) {
        link.send(matched);
        return;
      }
      // Held by another node, the player moves here (not one of their disconnects); a socket lost while the
      // pairing was written comes back. Either way the seat starts away, under the match's own window, and
      // has not joined the match until its player comes.
      const moving = deps.peers.handOff(entry, matched);
      live.match.disconnected(index as PlayerIndex, { moving, beforeJoining: true });
    });
  };

  /**
   * The links read inside the pairing transaction, brought up to date: a socket that closed while it was
   * being committed was seen by `disconnected` as its search's (the seat did not exist yet), so the search is
   * away now and its seat starts away, under its grace and window, and the opponent is told. A socket that
   * took the search back meanwhile is the seat's. A search gone from the links (a cancel that lost the race
   * dropped it) keeps the link read before the commit.
   */
  const linksAfterCommit = (read: LiveMatch['links'], entries: MatchStart['entries']): LiveMatch['links'] => {
    const now = (index: 0 | 1) => {
      const id = entries[index].id;
      return searches.isAway(id) ? null : (searches.linkOf(id) ?? read[index]);
    };
    return [now(0), now(1)];
  };

  return {
    start,
    startChallenge,
    /** Starts again the pairings that failed and are due by `now`; called from the tick. */
    retryDue(now: number): void {
      for (const [mode, at] of retryAt) {
        if (at > now) continue;
        retryAt.delete(mode);
        void start(mode);
      }
    },
  };
}
