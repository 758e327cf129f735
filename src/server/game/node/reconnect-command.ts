import {
  ERROR_MESSAGES,
  RECONNECT_REFUSAL_CODES,
  type ReconnectRefusalCode,
} from '../../../common/protocol.ts';
import type { GameMessage, PlayerLink } from '../game-ports.ts';
import { seatOf } from '../live-match.ts';
import type { Matchmaker } from '../matchmaker.ts';
import type { Peers } from '../topology.ts';
import type { NodeSessions } from './node-sessions.ts';
import type { Rematches } from './rematches.ts';

export interface ReconnectPorts {
  peers: Pick<Peers, 'moved'>;
  /** The matches just over, whose game-over screen a reload may take back while its rematch may come. */
  rematches: Pick<Rematches, 'rejoin'>;
  /** Whether the opponent's rematch offer of that game is open. */
  matchmaker: Pick<Matchmaker, 'entryOf'>;
  now(): number;
}

/**
 * `reconnect`: the link takes its seat back in a live match of this node (its own seat, or one its wallet's
 * new sign-in may take back), or its game-over screen of a match just over (its rematch still possible), or
 * is told it cannot, its stored game id to be forgotten. True when this node holds no such game (the caller
 * may tell what became of it).
 */
export function reconnectCommand(
  sessions: Pick<NodeSessions, 'matches'>,
  ports: ReconnectPorts,
  link: PlayerLink,
  message: Pick<Extract<GameMessage, { type: 'reconnect' }>, 'gameId'>,
): boolean {
  const live = sessions.matches.get(message.gameId);
  const refuse = (text: string, code: ReconnectRefusalCode) =>
    link.send({ type: 'reconnectionFailed', message: text, clearStoredGameId: true, code });
  if (live?.match.isOver()) {
    // A seat that lost by not coming back within its window is told so (SPEC: 'The reconnection window has
    // expired'), not taken back to a game-over screen it never saw.
    const owned = seatOf(live, link.playerSessionId, link.walletAddress);
    const refusal = owned ? live.match.reconnected(owned.seat) : null;
    if (refusal && !refusal.ok && refusal.reason === 'windowExpired') {
      refuse(refusal.message, RECONNECT_REFUSAL_CODES.windowExpired);
      return false;
    }
  }
  if (!live || live.match.isOver()) {
    if (rejoinGameOver(ports, link, message.gameId)) return false;
    refuse(ERROR_MESSAGES.gameNotFound, RECONNECT_REFUSAL_CODES.gameNotFound);
    return true;
  }
  const owned = seatOf(live, link.playerSessionId, link.walletAddress);
  if (owned === null) {
    refuse(ERROR_MESSAGES.reconnectNotAllowed, RECONNECT_REFUSAL_CODES.notYours);
    return false;
  }
  const { seat } = owned;
  const previous = live.links[seat];
  live.links[seat] = link;
  const result = live.match.reconnected(seat);
  if (!result.ok) {
    live.links[seat] = previous;
    refuse(result.message, RECONNECT_REFUSAL_CODES[result.reason]);
    return false;
  }
  if (owned.retaken) live.signedOut?.set(seat, link.playerSessionId);
  if (link.walletAddress) ports.peers.moved(link.walletAddress);
  return false;
}

/**
 * Back at the game-over screen of a match just over: its final state, what it was played for and against
 * whom, and where its rematch stands (the opponent's open offer, or the opponent gone). False when there is
 * no such screen to take back (not this session's seat, left already, or past its window).
 */
function rejoinGameOver(ports: ReconnectPorts, link: PlayerLink, gameId: string): boolean {
  const back = ports.rematches.rejoin(gameId, link, ports.now());
  if (!back) return false;
  // A seat that lost by not coming back within its window is told so (SPEC: 'The reconnection window has
  // expired'), not taken back to a game-over screen it never saw.
  const refusal = back.live.match.reconnected(back.seat);
  if (!refusal.ok && refusal.reason === 'windowExpired') {
    link.send({
      type: 'reconnectionFailed',
      message: refusal.message,
      clearStoredGameId: true,
      code: RECONNECT_REFUSAL_CODES.windowExpired,
    });
    return true;
  }
  const offer = ports.matchmaker.entryOf(back.opponent);
  const status = back.opponentLeft ? 'declined' : offer?.challenge?.rematchOf === gameId ? 'offered' : 'open';
  const success = back.live.match.rejoinedOver(back.seat, status);
  if (!success) return false;
  const closesAt = status === 'offered' ? offer?.challenge?.expiresAt : undefined;
  link.send(
    closesAt === undefined
      ? success
      : { ...success, rematchCloses: { expiresAt: closesAt, msLeft: Math.max(0, closesAt - ports.now()) } },
  );
  return true;
}
