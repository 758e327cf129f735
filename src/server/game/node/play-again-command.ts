import { ERROR_CODES, ERROR_MESSAGES } from '../../../common/protocol.ts';
import type { GameMessage, PlayerLink } from '../game-ports.ts';
import { seatedLink } from '../live-match.ts';
import type { NodeSessions } from './node-sessions.ts';

/**
 * `playAgain`: the finished game is forgotten for this player (it may already be gone from memory); a match
 * still running is not left this way: exit or forceDisconnect do that.
 */
export async function playAgainCommand(
  sessions: Pick<NodeSessions, 'matches'>,
  ports: { leftGameOver: (link: PlayerLink, gameId?: string) => Promise<void> },
  link: PlayerLink,
  message: Extract<GameMessage, { type: 'playAgain' }>,
): Promise<void> {
  const seated = seatedLink(sessions.matches, link, message.gameId);
  if (seated && !seated.live.match.isOver()) {
    return link.sendError(ERROR_MESSAGES.gameInProgress, ERROR_CODES.gameInProgress);
  }
  if (seated) seated.live.links[seated.seat] = null;
  const gameId = seated?.live.match.id ?? message.gameId;
  await ports.leftGameOver(link, gameId);
  if (gameId) link.send({ type: 'gameCleanup', gameId });
}
