import type { GameModeId } from '../../../common/game-modes.ts';
import { ERROR_CODES, ERROR_MESSAGES, type ErrorCode } from '../../../common/protocol.ts';
import type { QueueEntry } from '../matchmaker.ts';
import type { ChallengeRow } from '../store/game-store.ts';
import { refundUnstartedEntry, sendRefusal } from './refused-payment.ts';
import { refuseWithRefund, type Searcher, type SearchPorts, type WalletLink } from './search-ports.ts';
import { closeIfProtectionRefuses } from './self-protection.ts';

/**
 * The accepter's verified entry and the challenge become a match at once, or nothing is written and the
 * accepter is told why, a paid entry refunded in full (the challenge was taken, cancelled or expired
 * meanwhile; the accepter searches already; the server is stopping).
 */
export async function acceptChallenge(
  ports: SearchPorts,
  link: WalletLink,
  found: ChallengeRow['entry'],
  accepter: Searcher,
): Promise<void> {
  const { store, gate, clock, matchmaker, log } = ports;
  // The accepter's own protection written while its payment was being verified (checked before it, as for
  // any paid search): refused now, its fee back in full. A search's is read again once it is attached.
  const own = accepter.paid
    ? await gate.openSearchRefusal(accepter.player.walletAddress, accepter.paid, clock.now())
    : null;
  if (own) return refuseWithRefund(ports, link, accepter, own);
  // This node's own search of the challenge (its socket is here), else the row's (another node holds it).
  const local = matchmaker.entryOf(found.player.walletAddress);
  const challenge = local?.id === found.id ? local : found;
  const holder = local?.id === found.id ? null : found.node;
  let outcome: Awaited<ReturnType<SearchPorts['startChallenge']>> | 'failed';
  try {
    // Another node's challenge whose node is lost: its challenger's socket went with it (their seat would
    // start away); the lost node's settlement refunds the challenge in full. A challenger whose own
    // protection now refuses the stake is closed instead (challengerProtected).
    outcome =
      holder && !(await ports.nodeLive(holder))
        ? ERROR_CODES.challengerAway
        : (await challengerProtected(ports, challenge, local?.id === challenge.id))
          ? 'challenge_gone'
          : await ports.startChallenge(challenge, { player: accepter.player, paid: accepter.paid, link });
  } catch (error) {
    log(`accepting the challenge ${challenge.challenge?.code} failed; nothing was matched`, error);
    outcome = 'failed';
  }
  if (outcome === 'matched') {
    ports.queueChanged();
    return;
  }
  const refusal = ACCEPT_REFUSALS[outcome];
  const money = ports.money;
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
}

/**
 * The challenger's own protection, read again at its accept: an exclusion or a lower loss limit written
 * after the challenge opened closes it (its fee back in full) rather than starting its match, whether or
 * not the close its change asked for has come yet. Held here, it is closed now; held by another node, that
 * node is asked to read the wallet's protection again.
 */
async function challengerProtected(
  ports: SearchPorts,
  challenge: QueueEntry,
  heldHere: boolean,
): Promise<boolean> {
  const { gate, clock, exits } = ports;
  if (heldHere) return closeIfProtectionRefuses({ gate, clock, exits }, challenge);
  if (!challenge.paid) return false;
  const wallet = challenge.player.walletAddress;
  const refused = await gate.openSearchRefusal(wallet, challenge.paid, clock.now());
  if (refused) ports.recheckProtectionEverywhere(wallet);
  return refused !== null;
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
