import type { Clock } from '../../../common/clock.ts';
import { ERROR_CODES, ERROR_MESSAGES } from '../../../common/protocol.ts';
import { HOUSE_BOT_OFFER_MS } from '../../../common/rules.ts';
import type { Logger } from '../../logger.ts';
import type { GameMessage, PlayerLink } from '../game-ports.ts';
import type { HouseBots } from '../house-bot/house-bots.ts';
import type { Matchmaker } from '../matchmaker.ts';
import type { createMatchStarter } from './match-start.ts';
import type { NodeSessions } from './node-sessions.ts';

/**
 * `playHouseBot`: the house bot takes a Free Play search that has waited HOUSE_BOT_OFFER_MS alone in its
 * queue: the search and the bot's seat are matched at once, as a challenge accepted is (one transaction with
 * the game's row). Anything else is refused, the search left as it is.
 */
export async function houseBotCommand(
  sessions: Pick<NodeSessions, 'searches'>,
  ports: {
    clock: Clock;
    matchmaker: Pick<Matchmaker, 'entryOf' | 'lengths'>;
    bots: Pick<HouseBots, 'join'>;
    startChallenge: ReturnType<typeof createMatchStarter>['startChallenge'];
    log: Logger;
  },
  link: PlayerLink,
  _message: Extract<GameMessage, { type: 'playHouseBot' }>,
): Promise<void> {
  const { clock, matchmaker } = ports;
  const entry = link.walletAddress ? matchmaker.entryOf(link.walletAddress) : undefined;
  const refuse = () => link.sendError(ERROR_MESSAGES.houseBotUnavailable, ERROR_CODES.houseBotUnavailable);
  if (
    entry?.mode !== 'practice' ||
    entry.challenge ||
    sessions.searches.linkOf(entry.id) !== link ||
    clock.now() - entry.joinedAt < HOUSE_BOT_OFFER_MS ||
    matchmaker.lengths().practice > 1
  ) {
    return refuse();
  }
  const bot = ports.bots.join();
  try {
    const outcome = await ports.startChallenge(entry, bot);
    if (outcome !== 'matched') refuse();
  } catch (error) {
    ports.log(
      `the house bot could not take the search of ${entry.player.walletAddress}; it is still open`,
      error,
    );
    refuse();
  }
}
