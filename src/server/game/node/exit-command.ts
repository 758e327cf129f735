import type { GameMessage, PlayerLink } from '../game-ports.ts';
import { seatedLink } from '../live-match.ts';
import type { NodeSessions } from './node-sessions.ts';

/**
 * `exit` and `forceDisconnect`: a seat in a match under way leaves it (the match decides what that costs);
 * otherwise the player leaves the game-over screen and whatever search it holds.
 */
export async function exitCommand(
  sessions: Pick<NodeSessions, 'matches'>,
  ports: {
    leftGameOver: (link: PlayerLink, gameId?: string) => Promise<void>;
    exit: (link: PlayerLink) => Promise<void>;
  },
  link: PlayerLink,
  message: Extract<GameMessage, { type: 'exit' | 'forceDisconnect' }>,
): Promise<void> {
  const seated = seatedLink(sessions.matches, link, message.gameId);
  if (seated && seated.live.match.status().name !== 'over') {
    return seated.live.match.leave(seated.seat, message.type);
  }
  await ports.leftGameOver(link, message.gameId);
  return ports.exit(link);
}
