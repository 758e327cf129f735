import type { Clock } from '../../../common/clock.ts';
import { lamportsToSol } from '../../../common/format.ts';
import { ERROR_CODES, ERROR_MESSAGES, type ErrorCode, SEARCH_TEXTS } from '../../../common/protocol.ts';
import { REFUND_TEXTS } from '../../../common/refund-texts.ts';
import { CANCEL_WAIT_MS } from '../../../common/rules.ts';
import type { Logger } from '../../logger.ts';
import type { EntryCloseReason, GameMoney, PlayerLink } from '../game-ports.ts';
import type { CloseStatus, Matchmaker, QueueEntry } from '../matchmaker.ts';
import { cancelReply, challengeExpiredReply, createCancelReplies } from './cancel-replies.ts';
import type { ChallengePresence } from './challenge-presence.ts';
import type { SearchLinks } from './search-links.ts';

/** An away search whose close failed (the database refused it) is tried again this long after. */
export const AWAY_CLOSE_RETRY_MS = 1_000;

const CLOSE_STATUS: Record<EntryCloseReason, CloseStatus> = {
  player_cancel: 'cancelled',
  player_disconnect: 'disconnected',
  banned: 'cancelled',
  restart: 'error',
  challenge_expired: 'timed_out',
  self_protection: 'cancelled',
};

export interface SearchExitDeps {
  clock: Clock;
  matchmaker: Matchmaker;
  searches: SearchLinks;
  money: GameMoney | undefined;
  /** Pairs the mode again (a search taken back may complete a pair). */
  startMatch: (mode: QueueEntry['mode']) => Promise<void>;
  queueChanged: () => void;
  playersOnline: () => number;
  log: Logger;
  /** A challenge taken back is marked present again on its row. */
  presence?: Pick<ChallengePresence, 'back'>;
}

/**
 * How a search ends or carries on without its socket. One rule for leaving: a
 * paid search is left only after CANCEL_WAIT_MS, by `cancelSearch`, `exit` or `forceDisconnect` alike, with
 * 97% back and the same reply; a lost socket does not end it (see SearchLinks) until the reconnection window
 * has passed, which is always after 10 s. A close the database refused leaves the search open and says so;
 * a repeated cancel of a closed search gets the same reply again.
 */
export function createSearchExits(deps: SearchExitDeps) {
  const { clock, matchmaker, searches, log } = deps;
  const replies = createCancelReplies(clock);

  /** The entry closed by this call (or by one it joined), null if it was already gone; throws if not written. */
  const close = async (entry: QueueEntry, why: EntryCloseReason): Promise<QueueEntry | null> => {
    const money = deps.money;
    const closed = await matchmaker.close(
      entry.id,
      CLOSE_STATUS[why],
      money ? (tx, e) => money.entryClosed(tx, e, why, new Date(clock.now())) : undefined,
    );
    // A match that won the race drops its own searches, once it has read their links.
    if (closed || matchmaker.entryOf(entry.player.walletAddress) === undefined) searches.drop(entry.id);
    if (!closed) return null;
    deps.queueChanged();
    return closed;
  };

  const answerClosed = (link: PlayerLink, paymentSignature?: string) => {
    const again = link.walletAddress ? replies.recall(link.walletAddress, paymentSignature) : undefined;
    if (again) return link.send(again);
    link.sendError(ERROR_MESSAGES.notSearching, ERROR_CODES.notSearching);
  };

  const leave = async (link: PlayerLink, entry: QueueEntry, why: EntryCloseReason): Promise<void> => {
    if (entry.paid && clock.now() - entry.joinedAt < CANCEL_WAIT_MS) {
      return link.sendError(ERROR_MESSAGES.cancelTooEarly, ERROR_CODES.cancelTooEarly);
    }
    let closed: QueueEntry | null;
    try {
      closed = await close(entry, why);
    } catch (error) {
      log(`closing the search of ${entry.player.walletAddress} failed; it is still open`, error);
      return link.sendError(ERROR_MESSAGES.cancelFailed, ERROR_CODES.cancelFailed);
    }
    if (!closed) return answerClosed(link);
    const reply = cancelReply(closed);
    replies.remember(closed, reply);
    link.send(reply);
  };

  /**
   * The reconnection window of an away search ended: closed as disconnected (97% back: it is past 10 s). A
   * challenge nobody accepted in time is closed with its fee back in full, and its socket, if any, is told.
   */
  const closeAway = async (entry: QueueEntry) => {
    try {
      const why = entry.challenge ? 'challenge_expired' : 'player_disconnect';
      const link = searches.linkOf(entry.id);
      const closed = await close(entry, why);
      if (!closed) return;
      const reply = closed.challenge ? challengeExpiredReply(closed) : cancelReply(closed);
      replies.remember(closed, reply, { whileAway: link === null });
      link?.send(reply);
      log(
        closed.challenge
          ? `the challenge of ${closed.player.walletAddress} expired unaccepted; its fee is refunded in full`
          : `the search of ${closed.player.walletAddress} closed: its socket did not come back in time`,
      );
    } catch (error) {
      searches.retryAt(entry.id, clock.now() + AWAY_CLOSE_RETRY_MS);
      log(`closing the away search of ${entry.player.walletAddress} failed; trying again`, error);
    }
  };

  return {
    close,
    leave,
    /** No search to leave: a repeat of a cancel already answered gets its reply again, else 'not searching'. */
    answerClosed,

    /**
     * The opponent left the game-over screen: a rematch offer of that game can no longer be taken. Closed with
     * its fee back in full, and its player told (now, or when back).
     */
    async declined(entry: QueueEntry): Promise<void> {
      const link = searches.linkOf(entry.id);
      try {
        const closed = await close(entry, 'challenge_expired');
        if (!closed) return;
        const reply = challengeExpiredReply(closed, 'declined');
        replies.remember(closed, reply, { whileAway: link === null });
        link?.send(reply);
      } catch (error) {
        // Still open: it closes at its expiry, its fee back in full all the same.
        log(`closing the declined rematch offer of ${entry.player.walletAddress} failed`, error);
      }
    },

    /** A ban ends the search at once (its fee back in full), and the player is told why. */
    async banned(entry: QueueEntry, link: PlayerLink | null | undefined, message: string): Promise<void> {
      if (!(await close(entry, 'banned'))) return;
      link?.sendError(message, ERROR_CODES.accountRestricted);
      link?.send({ type: 'cancelSearch', success: true, message });
    },

    /**
     * The player's own protection (a self-exclusion, a loss limit lowered below the stake) ends the search,
     * challenge or rematch offer at once, its fee back in full, and its socket is told why (now, or once back).
     * False when it had closed already; throws when the close could not be written (it is still open).
     */
    async selfProtected(entry: QueueEntry, refusal: { message: string; code: ErrorCode }): Promise<boolean> {
      const link = searches.linkOf(entry.id);
      const closed = await close(entry, 'self_protection');
      if (!closed) return false;
      const lamports = closed.paid?.lamports;
      const message =
        lamports === undefined ? refusal.message : REFUND_TEXTS.withRefund(refusal.message, lamports);
      const refund =
        lamports === undefined
          ? {}
          : { refundLamports: lamports.toString(), refundAmount: lamportsToSol(lamports) };
      const reply = { type: 'cancelSearch', success: true, message, ...refund } as const;
      replies.remember(closed, reply, { whileAway: link === null });
      // The error (with its code) ends the search screen with the reason; the reply answers repeated cancels.
      const owed = lamports === undefined ? {} : { refundLamports: lamports.toString() };
      link?.send({ type: 'error', data: { message, code: refusal.code, ...owed } });
      link?.send(reply);
      log(
        `the search of ${closed.player.walletAddress} closed: ${refusal.code}; its fee is refunded in full`,
      );
      return true;
    },

    /** `exit` or `forceDisconnect` from the search's own socket, outside a match. */
    async exit(link: PlayerLink): Promise<void> {
      const entry = link.walletAddress ? matchmaker.entryOf(link.walletAddress) : undefined;
      if (entry && searches.linkOf(entry.id) === link) await leave(link, entry, 'player_disconnect');
    },

    /** A new search answers to this link; an older reply no longer answers the wallet's cancels. */
    started(entry: QueueEntry, link: PlayerLink): void {
      replies.forget(entry.player.walletAddress);
      searches.attach(entry, link);
      sendSearching(link, entry);
    },

    /**
     * A new socket of a wallet whose search lost its socket takes the search back (SPEC §9 reconnection
     * window): it is told it is still searching, and the match, when found, is its. A search closed while the
     * wallet was away is reported to it once instead.
     */
    async takeBack(link: PlayerLink): Promise<void> {
      if (!link.walletAddress || !link.playerSessionId) return;
      const away = searches.awayOf(link.walletAddress);
      if (!away) {
        const closed = replies.takeUnseen(link.walletAddress);
        if (closed) link.send(closed);
        return;
      }
      const entry = matchmaker.rebind(away.id, {
        ...away.player,
        linkId: link.id,
        playerSessionId: link.playerSessionId,
        displayName: link.displayName,
        ip: link.ip,
        userAgent: link.userAgent,
      });
      if (!entry) return;
      searches.attach(entry, link);
      await deps.presence?.back(entry);
      sendSearching(link, entry);
      await deps.startMatch(entry.mode);
    },

    /** Closes the away searches whose window has ended by `now`, and expired challenges; called from the tick. */
    closeExpired(now: number): void {
      for (const entry of searches.expired(now)) void closeAway(entry);
    },
  };

  function sendSearching(link: PlayerLink, entry: QueueEntry) {
    link.send({
      type: 'findMatch',
      status: 'searching',
      gameMode: entry.mode,
      searchId: entry.id,
      message: entry.challenge?.rematchOf
        ? SEARCH_TEXTS.rematchWaiting
        : entry.challenge
          ? SEARCH_TEXTS.challengeWaiting
          : SEARCH_TEXTS.searching,
      ...(entry.challenge?.rematchOf
        ? {
            rematch: {
              gameId: entry.challenge.rematchOf,
              expiresAt: entry.challenge.expiresAt,
              msLeft: Math.max(0, entry.challenge.expiresAt - clock.now()),
            },
          }
        : entry.challenge
          ? { challenge: { code: entry.challenge.code, expiresAt: entry.challenge.expiresAt } }
          : {}),
    });
    link.send({
      type: 'joinQueue',
      queueType: entry.mode,
      queuePosition: matchmaker.positionOf(entry),
      playersOnline: deps.playersOnline(),
    });
  }
}

export type SearchExits = ReturnType<typeof createSearchExits>;
