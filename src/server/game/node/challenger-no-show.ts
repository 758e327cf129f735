import { ERROR_CODES, ERROR_MESSAGES } from '../../../common/protocol.ts';
import { REFUND_TEXTS } from '../../../common/refund-texts.ts';
import type { Logger } from '../../logger.ts';
import type { GameMoney } from '../game-ports.ts';
import type { LiveMatch } from '../live-match.ts';
import type { GameStore } from '../store/game-store.ts';

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/**
 * A challenge's (or a rematch offer's) match whose challenger never joined it: accepted in the moment their
 * socket went, or on its way to the match's node and never there (docs/rules.md 'Challenge a friend'). Their
 * stake is not forfeited to a match they were not present at the start of: it is settled as an interrupted
 * match is (restart-settlement.ts), no winner and both entries refunded in full in one transaction. A refusal
 * is tried again with backoff; if the process stops first, its next start settles the match the same way.
 * The seat that is there is then told, with its refund, and goes back to the lobby (gameCleanup).
 */
export async function settleChallengerNoShow(
  store: Pick<GameStore, 'settleInterrupted'>,
  live: LiveMatch,
  at: number,
  options: {
    money?: GameMoney | undefined;
    sleep: (ms: number) => Promise<void>;
    stopping: () => boolean;
    stopped: Promise<void>;
    log: Logger;
  },
): Promise<void> {
  const gameId = live.start.id;
  for (let delay = FIRST_RETRY_MS; ; delay = Math.min(delay * 2, MAX_RETRY_MS)) {
    try {
      await store.settleInterrupted([live.start], options.money, new Date(at));
      options.log(`game ${gameId}: its challenger never joined; called off, both entries refunded in full`);
      break;
    } catch (error) {
      if (options.stopping()) {
        options.log(`game ${gameId}: its challenger never joined; the next start settles it`, error);
        break;
      }
      options.log(`game ${gameId}: settling the challenger's no-show failed; retrying in ${delay} ms`, error);
      await Promise.race([options.sleep(delay), options.stopped]);
    }
  }
  live.links.forEach((link, seat) => {
    if (!link) return;
    const paid = live.start.entries[seat]?.paid;
    const text = ERROR_MESSAGES.challengerNeverJoined;
    link.send({
      type: 'error',
      data: paid
        ? {
            message: REFUND_TEXTS.withRefund(text, paid.lamports),
            code: ERROR_CODES.matchCancelled,
            refundLamports: paid.lamports.toString(),
          }
        : { message: text, code: ERROR_CODES.matchCancelled },
    });
    link.send({ type: 'gameCleanup', gameId });
  });
}
