import type { Clock } from '../../common/clock.ts';
import { type GameModeId, getGameMode } from '../../common/game-modes.ts';
import { ERROR_CODES, ERROR_MESSAGES, type ErrorCode } from '../../common/protocol.ts';
import { REMATCH_WINDOW_MS } from '../../common/rules.ts';
import type { Logger } from '../logger.ts';
import type { EntryGate, EntryVerifier, GameMessage, GameMoney, PlayerLink } from './game-ports.ts';
import { type LiveMatch, liveMatchOf } from './live-match.ts';
import type { createMatchStarter } from './match-start.ts';
import type { Matchmaker, OpenChallenge, PaidEntry, QueueEntry, QueuePlayer } from './matchmaker.ts';
import { refundUnstartedEntry, refuseSearch, sendRefusal } from './refused-payment.ts';
import { type EndedMatch, type Rematches, rematchCode, rematchRefusal } from './rematches.ts';
import type { createSearchExits } from './search-exits.ts';
import { closeIfProtectionRefuses } from './self-protection.ts';
import { type ChallengeRow, newChallengeCode } from './store/challenge-rows.ts';
import type { GameStore } from './store/game-store.ts';

type FindMatchMessage = Extract<GameMessage, { type: 'findMatch' }>;

/**
 * `findMatch` (SPEC §5): the checks in the order the SPEC gives them (banned, already searching, mode,
 * wallet, payment; a paid mode's jurisdiction and the player's own exclusion and loss limits before payment), the entry fee verified on chain for a paid mode, then the search joins the queue and a
 * pairing is tried. A recorded payment ends as a search or as a refund in full, and the answer says which
 * (RELIABILITY 28): a payment that arrives with a refused search is returned; a search the queue could not
 * take (cluster mode, Redis away) is closed with its fee back in full; a queue write that fails refunds the
 * fee. A passing refusal (protocol.ts PASSING_REFUSAL_CODES) records nothing: the client comes back with the
 * same payment.
 */
export function createFindMatch(deps: {
  store: GameStore;
  gate: EntryGate;
  clock: Clock;
  matchmaker: Matchmaker;
  matches: ReadonlyMap<string, LiveMatch>;
  exits: ReturnType<typeof createSearchExits>;
  startMatch: (mode: GameModeId) => Promise<void>;
  /** Accepts a challenge: both matched and the match started at once (match-start.ts). */
  startChallenge: ReturnType<typeof createMatchStarter>['startChallenge'];
  /** How long a challenge waits for its friend before it closes with its fee back in full. */
  challengeExpiryMs: number;
  /** This node's matches just over, for a rematch of theirs. */
  rematches: Rematches;
  queueChanged: () => void;
  log: Logger;
  /** Whether the wallet plays in a match under way on another node (the topology's peers). */
  playingElsewhere: (walletAddress: string) => Promise<boolean>;
  /** Whether the node named on a challenge's row still beats (a lost node's challenger is not there). */
  nodeLive: (nodeId: string) => Promise<boolean>;
  /** Asks every node to read the wallet's protection again (the bus), for a search another node holds. */
  recheckProtectionEverywhere: (walletAddress: string) => void;
  options: {
    verifier?: EntryVerifier | undefined;
    money?: GameMoney | undefined;
  };
}) {
  const { store, gate, clock, matchmaker, matches, exits, queueChanged, log, options } = deps;
  const refusalDeps = { store, clock, log, verifier: options.verifier, money: options.money };
  const refuse = (link: PlayerLink, message: FindMatchMessage, text: string, code: ErrorCode) =>
    refuseSearch(refusalDeps, link, message, { message: text, code });

  /**
   * The accepter's verified entry and the challenge become a match at once, or nothing is written and the
   * accepter is told why, a paid entry refunded in full (the challenge was taken, cancelled or expired
   * meanwhile; the accepter searches already; the server is stopping).
   */
  const accept = async (
    link: PlayerLink,
    found: ChallengeRow['entry'],
    accepter: { player: QueuePlayer; paid: PaidEntry | null; mode: GameModeId },
  ): Promise<void> => {
    // The accepter's own protection written while its payment was being verified (checked before it, as for
    // any paid search): refused now, its fee back in full. A search's is read again once it is attached.
    const own = accepter.paid
      ? await gate.openSearchRefusal(accepter.player.walletAddress, accepter.paid, clock.now())
      : null;
    if (own) return refuseWithRefund(link as PlayerLink & { walletAddress: string }, accepter, own);
    // This node's own search of the challenge (its socket is here), else the row's (another node holds it).
    const local = matchmaker.entryOf(found.player.walletAddress);
    const challenge = local?.id === found.id ? local : found;
    const holder = local?.id === found.id ? null : found.node;
    let outcome: Awaited<ReturnType<typeof deps.startChallenge>> | 'failed';
    try {
      // Another node's challenge whose node is lost: its challenger's socket went with it (their seat would
      // start away); the lost node's settlement refunds the challenge in full. A challenger whose own
      // protection now refuses the stake is closed instead (challengerProtected).
      outcome =
        holder && !(await deps.nodeLive(holder))
          ? ERROR_CODES.challengerAway
          : (await challengerProtected(challenge, local?.id === challenge.id))
            ? 'challenge_gone'
            : await deps.startChallenge(challenge, { player: accepter.player, paid: accepter.paid, link });
    } catch (error) {
      log(`accepting the challenge ${challenge.challenge?.code} failed; nothing was matched`, error);
      outcome = 'failed';
    }
    if (outcome === 'matched') {
      queueChanged();
      return;
    }
    const refusal = ACCEPT_REFUSALS[outcome];
    const money = options.money;
    if (!accepter.paid || !money) return sendRefusal(link, refusal);
    const entry = { walletAddress: accepter.player.walletAddress, mode: accepter.mode, paid: accepter.paid };
    return sendRefusal(
      link,
      await refundUnstartedEntry(
        { store, clock, log, money },
        entry,
        outcome === 'failed' ? undefined : refusal,
      ),
    );
  };

  /**
   * The challenger's own protection, read again at its accept: an exclusion or a lower loss limit written
   * after the challenge opened closes it (its fee back in full) rather than starting its match, whether or
   * not the close its change asked for has come yet. Held here, it is closed now; held by another node, that
   * node is asked to read the wallet's protection again.
   */
  const challengerProtected = async (challenge: QueueEntry, heldHere: boolean): Promise<boolean> => {
    if (heldHere) return closeIfProtectionRefuses({ gate, clock, exits }, challenge);
    if (!challenge.paid) return false;
    const wallet = challenge.player.walletAddress;
    const refused = await gate.openSearchRefusal(wallet, challenge.paid, clock.now());
    if (refused) deps.recheckProtectionEverywhere(wallet);
    return refused !== null;
  };

  /** The rematch asks of each game under way, one after the other. */
  const rematchTurns = new Map<string, Promise<void>>();

  return async (link: PlayerLink, message: FindMatchMessage): Promise<void> => {
    // SPEC §5 order: banned, already searching, mode, wallet, payment.
    const banned = await gate.banRefusal(link.walletAddress, link.ip);
    if (banned !== null) {
      return refuse(link, message, banned, ERROR_CODES.accountRestricted);
    }
    if (
      link.walletAddress &&
      (matchmaker.entryOf(link.walletAddress) ||
        liveMatchOf(matches, link.walletAddress) ||
        (await deps.playingElsewhere(link.walletAddress)))
    ) {
      return refuse(link, message, ERROR_MESSAGES.alreadySearching, ERROR_CODES.alreadySearching);
    }
    if (!message.gameMode)
      return link.sendError(ERROR_MESSAGES.gameModeRequired, ERROR_CODES.gameModeRequired);
    if (!link.walletAddress || !link.playerSessionId) {
      return link.sendError(ERROR_MESSAGES.walletRequired, ERROR_CODES.walletRequired);
    }
    const mode = getGameMode(message.gameMode);
    // A challenge accepted is looked up before its payment is: a link that no longer leads anywhere is refused
    // (a payment sent with it is refunded in full) without holding a verification slot.
    let accepting: ChallengeRow | null = null;
    if (message.challenge !== undefined && message.challenge !== 'new') {
      accepting = await store.challengeByCode(message.challenge);
      const refusal = acceptRefusal(accepting, link.walletAddress, mode.id, clock.now());
      if (refusal) return refuse(link, message, refusal.message, refusal.code);
    }
    // A rematch is asked by one of the two players of a game just over, in its mode, while both are still at it.
    const ended = message.rematch === undefined ? undefined : deps.rematches.of(message.rematch, clock.now());
    if (message.rematch !== undefined) {
      const refusal =
        message.challenge !== undefined
          ? { message: ERROR_MESSAGES.invalidMessage, code: ERROR_CODES.invalidMessage }
          : rematchRefusal(ended, link.walletAddress, mode.id);
      if (refusal) return refuse(link, message, refusal.message, refusal.code);
    }
    let paid: PaidEntry | null = null;
    if (mode.wagerLamports > 0n) {
      const restricted = gate.restrictedCountryOf(link.ip);
      if (restricted) {
        // Recorded before the answer, so what the player is told is already in the admin's events.
        await gate.jurisdictionRefused({
          walletAddress: link.walletAddress,
          ip: link.ip,
          country: restricted,
          mode: mode.id,
        });
        return refuse(
          link,
          message,
          ERROR_MESSAGES.restrictedJurisdiction,
          ERROR_CODES.restrictedJurisdiction,
        );
      }
      // The player's own protection: a self-exclusion, or a loss limit this entry could pass. Refused before
      // the payment is looked at, like the refusals above; a payment sent with it comes back in full.
      const limited = await gate.paidSearchRefusal(link.walletAddress, mode.wagerLamports, clock.now());
      if (limited) return refuse(link, message, limited.message, limited.code);
      if (!options.verifier)
        return link.sendError(ERROR_MESSAGES.paymentRequired, ERROR_CODES.paymentRequired);
      const verified = await options.verifier.verify({
        walletAddress: link.walletAddress,
        mode: mode.id,
        signature: message.paymentSignature,
        ip: link.ip,
      });
      if (!verified.ok)
        return sendRefusal(link, { ...verified, code: verified.code ?? ERROR_CODES.paymentRefused });
      paid = verified.paid;
    }
    const player = {
      linkId: link.id,
      playerSessionId: link.playerSessionId,
      walletAddress: link.walletAddress,
      displayName: link.displayName,
      ip: link.ip,
      userAgent: link.userAgent,
    };
    if (accepting) return accept(link, accepting.entry, { player, paid, mode: mode.id });
    // The wallet was checked above: this link is a signed-in player's.
    const walletLink = link as PlayerLink & { walletAddress: string };
    if (ended) return rematch(walletLink, ended, { player, paid, mode: mode.id });
    const challenge =
      message.challenge === 'new'
        ? { code: newChallengeCode(), expiresAt: clock.now() + deps.challengeExpiryMs }
        : undefined;
    await open(walletLink, { player, paid, mode: mode.id }, challenge);
  };

  /**
   * A search joins the queue (or, with `challenge`, waits as a private one), and a pairing is tried. A fee
   * recorded for a search that could not be written comes back in full, and the answer says so.
   */
  async function open(
    link: PlayerLink & { walletAddress: string },
    searcher: { player: QueuePlayer; paid: PaidEntry | null; mode: GameModeId },
    challenge?: OpenChallenge,
  ): Promise<boolean> {
    const { player, paid, mode } = searcher;
    let joined: Awaited<ReturnType<Matchmaker['join']>>;
    try {
      joined = await matchmaker.join(player, mode, paid, challenge);
    } catch (error) {
      const money = options.money;
      if (!paid || !money) throw error;
      // The fee is recorded but no search holds it: it comes back in full, and the answer says so.
      log(`the search of ${link.walletAddress} could not be queued; its entry fee is refunded`, error);
      const entry = { walletAddress: link.walletAddress, mode, paid };
      sendRefusal(link, await refundUnstartedEntry({ store, clock, log, money }, entry));
      return false;
    }
    if (!joined.ok && joined.reason === 'queue_unavailable') {
      // Cluster mode, Redis away: the entry never reached the queue. Closed, its fee back in full.
      await exits.close(joined.entry, 'restart');
      link.sendError(ERROR_MESSAGES.matchmakingUnavailable, ERROR_CODES.matchmakingUnavailable);
      return false;
    }
    if (!joined.ok) {
      const refusal = { message: ERROR_MESSAGES.alreadySearching, code: ERROR_CODES.alreadySearching };
      await refuseWithRefund(link, searcher, refusal);
      return false;
    }
    exits.started(joined.entry, link);
    queueChanged();
    // A ban written while the payment was being verified came after the check above, and its act found no
    // search to close. Looked at again now that the search is attached: a later ban's act finds the search,
    // an earlier one is seen here, so a banned wallet never keeps a search (to be closed as abandoned, 97%).
    const late = await gate.banRefusal(link.walletAddress, link.ip);
    if (late !== null) {
      await exits.banned(joined.entry, link, late);
      return false;
    }
    // The same for the player's own protection: a self-exclusion or a lower loss limit written while the
    // payment was being verified closes the search now, its fee back in full (a later one's close finds it).
    if (await closeIfProtectionRefuses({ gate, clock, exits }, joined.entry)) return false;
    await deps.startMatch(mode);
    return true;
  }

  /** A refusal after the payment was verified: a paid entry is refunded in full, and the answer says so. */
  async function refuseWithRefund(
    link: PlayerLink & { walletAddress: string },
    searcher: { paid: PaidEntry | null; mode: GameModeId },
    refusal: { message: string; code: ErrorCode },
  ): Promise<void> {
    const money = options.money;
    if (!searcher.paid || !money) return sendRefusal(link, refusal);
    const entry = { walletAddress: link.walletAddress, mode: searcher.mode, paid: searcher.paid };
    sendRefusal(link, await refundUnstartedEntry({ store, clock, log, money }, entry, refusal));
  }

  /**
   * A rematch asked: the opponent's offer of this game is taken (both matched at once), or this player's
   * offer opens, waiting for the opponent until REMATCH_WINDOW_MS after the match ended (then, or when the
   * opponent leaves, it closes with its fee back in full). One at a time per game, so two players asking
   * at the same moment make one offer and its acceptance, not two offers.
   */
  function rematch(
    link: PlayerLink & { walletAddress: string },
    match: EndedMatch,
    searcher: { player: QueuePlayer; paid: PaidEntry | null; mode: GameModeId },
  ): Promise<void> {
    const previous = rematchTurns.get(match.gameId) ?? Promise.resolve();
    const turn = previous.then(async () => {
      const code = rematchCode(match.gameId);
      const found = await store.challengeByCode(code);
      if (found?.status === 'active' && found.entry.player.walletAddress !== link.walletAddress) {
        return accept(link, found.entry, searcher);
      }
      if (found || rematchRefusal(match, link.walletAddress, searcher.mode)) {
        return refuseWithRefund(link, searcher, {
          message: ERROR_MESSAGES.rematchUnavailable,
          code: ERROR_CODES.rematchUnavailable,
        });
      }
      const expiresAt = match.endedAt + REMATCH_WINDOW_MS;
      if (await open(link, searcher, { code, expiresAt, rematchOf: match.gameId })) {
        deps.rematches.offered(match.gameId, link.walletAddress);
      }
    });
    const settled = turn.catch(() => {});
    rematchTurns.set(match.gameId, settled);
    void settled.then(() => {
      if (rematchTurns.get(match.gameId) === settled) rematchTurns.delete(match.gameId);
    });
    return turn;
  }
}

/** Why an accept that did not start a match was refused (a failed write: the refund's own answer says it). */
const ACCEPT_REFUSALS = {
  challenge_gone: { message: ERROR_MESSAGES.challengeNotOpen, code: ERROR_CODES.challengeNotOpen },
  challenger_away: { message: ERROR_MESSAGES.challengerAway, code: ERROR_CODES.challengerAway },
  already_searching: { message: ERROR_MESSAGES.alreadySearching, code: ERROR_CODES.alreadySearching },
  draining: { message: ERROR_MESSAGES.serverStopping, code: ERROR_CODES.serverStopping },
  failed: { message: ERROR_MESSAGES.serverBusy, code: ERROR_CODES.challengeNotStarted },
} as const;

/** Why a challenge's link cannot be accepted by this wallet in this mode now, or null when it can. */
export function acceptRefusal(
  found: ChallengeRow | null,
  walletAddress: string,
  mode: GameModeId,
  now: number,
): { message: string; code: ErrorCode } | null {
  const expiresAt = found?.entry.challenge?.expiresAt ?? 0;
  if (found?.status !== 'active' || expiresAt <= now) {
    return { message: ERROR_MESSAGES.challengeNotOpen, code: ERROR_CODES.challengeNotOpen };
  }
  if (found.entry.player.walletAddress === walletAddress) {
    return { message: ERROR_MESSAGES.ownChallenge, code: ERROR_CODES.ownChallenge };
  }
  if (found.entry.mode !== mode) {
    return { message: ERROR_MESSAGES.challengeModeMismatch, code: ERROR_CODES.challengeModeMismatch };
  }
  if (found.away) return { message: ERROR_MESSAGES.challengerAway, code: ERROR_CODES.challengerAway };
  return null;
}
