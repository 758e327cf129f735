import { ERROR_CODES, ERROR_MESSAGES } from '../../../common/protocol.ts';
import type { Matchmaker, OpenChallenge } from '../matchmaker.ts';
import { refundUnstartedEntry, sendRefusal } from './refused-payment.ts';
import { refuseWithRefund, type Searcher, type SearchPorts, type WalletLink } from './search-ports.ts';
import { closeIfProtectionRefuses } from './self-protection.ts';

/**
 * A search joins the queue (or, with `challenge`, waits as a private one), and a pairing is tried. A fee
 * recorded for a search that could not be written comes back in full, and the answer says so. True when
 * the search is open.
 */
export async function openSearch(
  ports: SearchPorts,
  link: WalletLink,
  searcher: Searcher,
  challenge?: OpenChallenge,
): Promise<boolean> {
  const { store, gate, clock, matchmaker, exits, log } = ports;
  const { player, paid, mode } = searcher;
  let joined: Awaited<ReturnType<Matchmaker['join']>>;
  try {
    joined = await matchmaker.join(player, mode, paid, challenge);
  } catch (error) {
    const money = ports.money;
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
    await refuseWithRefund(ports, link, searcher, refusal);
    return false;
  }
  exits.started(joined.entry, link);
  ports.queueChanged();
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
  await ports.startMatch(mode);
  return true;
}
