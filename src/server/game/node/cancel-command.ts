import type { GameMessage, PlayerLink } from '../game-ports.ts';
import type { Matchmaker } from '../matchmaker.ts';
import type { NodeSessions } from './node-sessions.ts';
import type { Rematches } from './rematches.ts';
import type { SearchExits } from './search-exits.ts';

/**
 * `cancelSearch`: the wallet's search is left by the one leaving rule (search-exits.ts `leave`: a paid
 * search only after CANCEL_WAIT_MS, 97% back); with no search open, a repeat of a cancel already answered
 * gets the same reply again (no second refund), anything else 'not searching'. A rematch offer withdrawn so
 * tells the opponent no rematch will come ('declined'), as leaving the game-over screen does: their screen,
 * which waits for the offer's deadline, stops waiting for it.
 */
export function cancelCommand(
  _sessions: Pick<NodeSessions, 'searches'>,
  ports: {
    matchmaker: Pick<Matchmaker, 'entryOf'>;
    exits: Pick<SearchExits, 'leave' | 'answerClosed'>;
    rematches: Pick<Rematches, 'left'>;
  },
  link: PlayerLink,
  message: Extract<GameMessage, { type: 'cancelSearch' }>,
): Promise<void> | void {
  const wallet = link.walletAddress;
  const entry = wallet ? ports.matchmaker.entryOf(wallet) : undefined;
  if (!wallet || !entry) return ports.exits.answerClosed(link, message.paymentSignature);
  const rematchOf = entry.challenge?.rematchOf;
  if (!rematchOf) return ports.exits.leave(link, entry, 'player_cancel');
  return ports.exits.leave(link, entry, 'player_cancel').then(() => {
    // Left only if it closed (not refused as too early, nor failed).
    if (ports.matchmaker.entryOf(wallet) !== entry) ports.rematches.left(link, rematchOf);
  });
}
