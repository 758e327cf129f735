import {
  ERROR_MESSAGES,
  RECONNECT_REFUSAL_CODES,
  type ReconnectRefusalCode,
} from '../../../common/protocol.ts';
import type { GameMessage, PlayerLink } from '../game-ports.ts';
import { seatOf } from '../live-match.ts';
import type { Peers } from '../topology.ts';
import type { NodeSessions } from './node-sessions.ts';

/**
 * `reconnect`: the link takes its seat back in a live match of this node (its own seat, or one its wallet's
 * new sign-in may take back), or is told it cannot, its stored game id to be forgotten.
 */
export function reconnectCommand(
  sessions: Pick<NodeSessions, 'matches'>,
  ports: { peers: Pick<Peers, 'moved'> },
  link: PlayerLink,
  message: Pick<Extract<GameMessage, { type: 'reconnect' }>, 'gameId'>,
): void {
  const live = sessions.matches.get(message.gameId);
  const refuse = (text: string, code: ReconnectRefusalCode) =>
    link.send({ type: 'reconnectionFailed', message: text, clearStoredGameId: true, code });
  if (!live || live.match.isOver()) {
    refuse(ERROR_MESSAGES.gameNotFound, RECONNECT_REFUSAL_CODES.gameNotFound);
    return;
  }
  const owned = seatOf(live, link.playerSessionId, link.walletAddress);
  if (owned === null) {
    refuse(ERROR_MESSAGES.reconnectNotAllowed, RECONNECT_REFUSAL_CODES.notYours);
    return;
  }
  const { seat } = owned;
  const previous = live.links[seat];
  live.links[seat] = link;
  const result = live.match.reconnected(seat);
  if (!result.ok) {
    live.links[seat] = previous;
    refuse(result.message, RECONNECT_REFUSAL_CODES[result.reason]);
    return;
  }
  if (owned.retaken) live.signedOut?.set(seat, link.playerSessionId);
  if (link.walletAddress) ports.peers.moved(link.walletAddress);
}
