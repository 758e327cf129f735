import { ERROR_CODES, ERROR_MESSAGES } from '../../../common/protocol.ts';
import { REMATCH_WINDOW_MS } from '../../../common/rules.ts';
import type { PlayerLink } from '../game-ports.ts';
import type { Matchmaker } from '../matchmaker.ts';
import { acceptChallenge } from './challenge-accept.ts';
import type { NodeSessions } from './node-sessions.ts';
import { type EndedMatch, type Rematches, rematchCode, rematchRefusal } from './rematches.ts';
import type { SearchExits } from './search-exits.ts';
import { openSearch } from './search-open.ts';
import { refuseWithRefund, type Searcher, type SearchPorts, type WalletLink } from './search-ports.ts';

/**
 * A rematch asked (a `findMatch` naming the game just over, its checks and payment passed): the opponent's
 * offer of this game is taken (both matched at once), or this player's offer opens, waiting for the opponent
 * until REMATCH_WINDOW_MS after the match ended (then, or when the opponent leaves, it closes with its fee
 * back in full). One at a time per game, so two players asking at the same moment make one offer and its
 * acceptance, not two offers.
 */
export function rematchCommand(
  _sessions: Pick<NodeSessions, 'matches'>,
  ports: SearchPorts,
  link: WalletLink,
  message: { match: EndedMatch; searcher: Searcher },
): Promise<void> {
  const { match, searcher } = message;
  return ports.rematches.inTurn(match.gameId, async () => {
    const code = rematchCode(match.gameId);
    const found = await ports.store.challengeByCode(code);
    if (found?.status === 'active' && found.entry.player.walletAddress !== link.walletAddress) {
      return acceptChallenge(ports, link, found.entry, searcher);
    }
    if (found || rematchRefusal(match, link.walletAddress, searcher.mode)) {
      return refuseWithRefund(ports, link, searcher, {
        message: ERROR_MESSAGES.rematchUnavailable,
        code: ERROR_CODES.rematchUnavailable,
      });
    }
    const expiresAt = match.endedAt + REMATCH_WINDOW_MS;
    if (await openSearch(ports, link, searcher, { code, expiresAt, rematchOf: match.gameId })) {
      ports.rematches.offered(match.gameId, link.walletAddress, { expiresAt, now: ports.clock.now() });
    }
  });
}

/**
 * The link's player left the game-over screen of a match just over (MAIN MENU, the return after 10 s, a
 * closed socket): the opponent is told no rematch will come, and an offer of theirs closes, refunded in full.
 */
export async function leftGameOver(
  ports: {
    rematches: Pick<Rematches, 'left'>;
    matchmaker: Pick<Matchmaker, 'entryOf'>;
    exits: Pick<SearchExits, 'declined'>;
  },
  link: PlayerLink,
  gameId?: string,
): Promise<void> {
  for (const gone of ports.rematches.left(link, gameId)) await closeDeclinedOffer(ports, gone);
}

/** The opponent's rematch offer of a game its other player has left closes, refunded in full. */
export async function closeDeclinedOffer(
  ports: { matchmaker: Pick<Matchmaker, 'entryOf'>; exits: Pick<SearchExits, 'declined'> },
  gone: { gameId: string; opponent: string },
): Promise<void> {
  const offer = ports.matchmaker.entryOf(gone.opponent);
  if (offer?.challenge?.rematchOf === gone.gameId) await ports.exits.declined(offer);
}
