import { type GameMode, getGameMode } from '../../../common/game-modes.ts';
import { ERROR_CODES, ERROR_MESSAGES } from '../../../common/protocol.ts';
import type { PlayerLink } from '../game-ports.ts';
import { liveMatchOf } from '../live-match.ts';
import type { PaidEntry } from '../matchmaker.ts';
import { type ChallengeRow, newChallengeCode } from '../store/game-store.ts';
import { acceptChallenge, acceptRefusal } from './challenge-accept.ts';
import type { NodeSessions } from './node-sessions.ts';
import { sendRefusal } from './refused-payment.ts';
import { rematchCommand } from './rematch-command.ts';
import type { EndedMatch } from './rematches.ts';
import { rematchRefusal } from './rematches.ts';
import { openSearch } from './search-open.ts';
import { type FindMatchMessage, refuse, type SearchPorts, type WalletLink } from './search-ports.ts';

/** What the checks before the payment found the search to be: public, a challenge opened, one accepted, a rematch. */
interface Asked {
  accepting: ChallengeRow | null;
  ended: EndedMatch | undefined;
}

/**
 * `findMatch` (SPEC §5): the checks in the order the SPEC gives them (banned, already searching, mode,
 * wallet, payment; a paid mode's jurisdiction and the player's own exclusion and loss limits before payment),
 * the entry fee verified on chain for a paid mode, then the search joins the queue and a pairing is tried. A
 * recorded payment ends as a search or as a refund in full, and the answer says which (RELIABILITY 28): a
 * payment that arrives with a refused search is returned; a search the queue could not take (cluster mode,
 * Redis away) is closed with its fee back in full; a queue write that fails refunds the fee. A passing
 * refusal (protocol.ts PASSING_REFUSAL_CODES) records nothing: the client comes back with the same payment.
 */
export async function findMatchCommand(
  sessions: Pick<NodeSessions, 'matches'>,
  ports: SearchPorts,
  link: PlayerLink,
  message: FindMatchMessage,
): Promise<void> {
  const mode = await checkedMode(sessions, ports, link, message);
  if (!mode) return;
  // The wallet was checked: this link is a signed-in player's.
  const walletLink = link as WalletLink & { playerSessionId: string };
  const asked = await askedFor(ports, walletLink, message, mode);
  if (!asked) return;
  const paid = await paidEntry(ports, walletLink, message, mode);
  if (paid === undefined) return;
  const player = {
    linkId: link.id,
    playerSessionId: walletLink.playerSessionId,
    walletAddress: walletLink.walletAddress,
    displayName: link.displayName,
    ip: link.ip,
    userAgent: link.userAgent,
  };
  const searcher = { player, paid, mode: mode.id };
  if (asked.accepting) return acceptChallenge(ports, walletLink, asked.accepting.entry, searcher);
  if (asked.ended) return rematchCommand(sessions, ports, walletLink, { match: asked.ended, searcher });
  const challenge =
    message.challenge === 'new'
      ? { code: newChallengeCode(), expiresAt: ports.clock.now() + ports.challengeExpiryMs }
      : undefined;
  await openSearch(ports, walletLink, searcher, challenge);
}

/**
 * The checks in SPEC §5 order before anything is looked up: banned, already searching (here, in a match of
 * this node or of another), mode, wallet. The mode asked, or null when the search was refused.
 */
async function checkedMode(
  sessions: Pick<NodeSessions, 'matches'>,
  ports: SearchPorts,
  link: PlayerLink,
  message: FindMatchMessage,
): Promise<GameMode | null> {
  const banned = await ports.gate.banRefusal(link.walletAddress, link.ip);
  if (banned !== null) {
    await refuse(ports, link, message, { message: banned, code: ERROR_CODES.accountRestricted });
    return null;
  }
  if (
    link.walletAddress &&
    (ports.matchmaker.entryOf(link.walletAddress) ||
      liveMatchOf(sessions.matches, link.walletAddress) ||
      (await ports.playingElsewhere(link.walletAddress)))
  ) {
    const refusal = { message: ERROR_MESSAGES.alreadySearching, code: ERROR_CODES.alreadySearching };
    await refuse(ports, link, message, refusal);
    return null;
  }
  if (!message.gameMode) {
    link.sendError(ERROR_MESSAGES.gameModeRequired, ERROR_CODES.gameModeRequired);
    return null;
  }
  if (!link.walletAddress || !link.playerSessionId) {
    link.sendError(ERROR_MESSAGES.walletRequired, ERROR_CODES.walletRequired);
    return null;
  }
  return getGameMode(message.gameMode);
}

/**
 * A challenge accepted is looked up before its payment is: a link that no longer leads anywhere is refused
 * (a payment sent with it is refunded in full) without holding a verification slot. A rematch is asked by
 * one of the two players of a game just over, in its mode, while both are still at it. Null when refused.
 */
async function askedFor(
  ports: SearchPorts,
  link: WalletLink,
  message: FindMatchMessage,
  mode: GameMode,
): Promise<Asked | null> {
  const { clock } = ports;
  let accepting: ChallengeRow | null = null;
  if (message.challenge !== undefined && message.challenge !== 'new') {
    accepting = await ports.store.challengeByCode(message.challenge);
    const refusal = acceptRefusal(accepting, link.walletAddress, mode.id, clock.now());
    if (refusal) {
      await refuse(ports, link, message, refusal);
      return null;
    }
  }
  const ended = message.rematch === undefined ? undefined : ports.rematches.of(message.rematch, clock.now());
  if (message.rematch !== undefined) {
    const refusal =
      message.challenge !== undefined
        ? { message: ERROR_MESSAGES.invalidMessage, code: ERROR_CODES.invalidMessage }
        : rematchRefusal(ended, link.walletAddress, mode.id);
    if (refusal) {
      await refuse(ports, link, message, refusal);
      return null;
    }
  }
  return { accepting, ended };
}

/**
 * The paid path: a paid mode's restricted jurisdiction (recorded before the answer) and the player's own
 * protection are refused before the payment is looked at; then the entry fee is verified. Null for a free
 * mode, the verified entry for a paid one, undefined when the search was refused.
 */
async function paidEntry(
  ports: SearchPorts,
  link: WalletLink,
  message: FindMatchMessage,
  mode: GameMode,
): Promise<PaidEntry | null | undefined> {
  const { gate, clock } = ports;
  if (mode.wagerLamports === 0n) return null;
  const restricted = gate.restrictedCountryOf(link.ip);
  if (restricted) {
    // Recorded before the answer, so what the player is told is already in the admin's events.
    await gate.jurisdictionRefused({
      walletAddress: link.walletAddress,
      ip: link.ip,
      country: restricted,
      mode: mode.id,
    });
    const refusal = {
      message: ERROR_MESSAGES.restrictedJurisdiction,
      code: ERROR_CODES.restrictedJurisdiction,
    };
    await refuse(ports, link, message, refusal);
    return undefined;
  }
  // The player's own protection: a self-exclusion, or a loss limit this entry could pass. Refused before
  // the payment is looked at, like the refusals above; a payment sent with it comes back in full.
  const limited = await gate.paidSearchRefusal(link.walletAddress, mode.wagerLamports, clock.now());
  if (limited) {
    await refuse(ports, link, message, limited);
    return undefined;
  }
  if (!ports.verifier) {
    link.sendError(ERROR_MESSAGES.paymentRequired, ERROR_CODES.paymentRequired);
    return undefined;
  }
  const verified = await ports.verifier.verify({
    walletAddress: link.walletAddress,
    mode: mode.id,
    signature: message.paymentSignature,
    ip: link.ip,
  });
  if (!verified.ok) {
    sendRefusal(link, { ...verified, code: verified.code ?? ERROR_CODES.paymentRefused });
    return undefined;
  }
  return verified.paid;
}
