import { CLOSE_CODES } from '../../common/protocol.ts';
import type { GameServer } from '../game/game-server.ts';
import type { NodeActs } from '../game/topology.ts';
import type { MovementNotice } from '../ledger/money-notice.ts';
import { timePaidSearch } from '../metrics/paid-search-timing.ts';
import type { ServerMetrics } from '../metrics/server-metrics.ts';
import { BAN_MESSAGES, type BanChange, type Bans, banChangeConcerns } from '../security/bans.ts';
import { pushBanStatus } from '../security/live-ban-notices.ts';
import type { PlayerSession } from '../security/player-sessions.ts';
import type { GameChannel, GameHandlers } from './game-channel.ts';
import { createNotifier } from './notifications.ts';
import type { Presence } from './presence.ts';

/** The game channel (sockets) and the game layer (rules, queue, matches) of a running server. */
export interface GameWiring {
  channel: GameChannel;
  game: GameServer;
}

/** The close reasons sent with the session-ending close codes (at most 123 bytes each). */
export const SESSION_END_REASONS = { signedOut: 'Signed out' } as const;

/**
 * Where a message from a socket becomes a call on the game server: the channel and the game layer never
 * import each other. A paid search is timed from its message to its answer.
 */
export function gameHandlers(
  game: GameServer,
  metrics?: Pick<ServerMetrics, 'paidSearchJoined'>,
): GameHandlers {
  return {
    handle: (connection, message) =>
      metrics && message.type === 'findMatch' && message.paymentSignature
        ? timePaidSearch(connection, () => game.handle(connection, message), metrics.paidSearchJoined)
        : game.handle(connection, message),
    disconnected: (connection) => game.disconnected(connection),
    connected: (connection, holding) => game.connected(connection, holding),
    queueLengths: () => game.queueLengths(),
  };
}

/**
 * This node's own acts on what its topology's bus carries: a ban change (its searches closed, its sockets
 * told, SPEC §6: a ban acts at once, then closed), a sign-out (the session's sockets closed), a ledger
 * movement (the wallet's sockets told) and a player's protection change (its refused searches closed).
 */
export function nodeActs(deps: {
  game: Pick<GameServer, 'banned' | 'signedOut' | 'protectionChanged'>;
  bans: Bans;
  presence: Presence;
  log: (message: string, error?: unknown) => void;
}): NodeActs<MovementNotice> {
  const { game, presence } = deps;
  const ban = (change: BanChange) => {
    const act = async () => {
      if (change.banned) {
        const message = change.kind === 'wallet' ? BAN_MESSAGES.wallet : BAN_MESSAGES.ip;
        await game.banned(
          (entry) => banChangeConcerns(change, entry.player.walletAddress, entry.player.ip),
          message,
        );
      }
      // The player's open sockets are told, searching or not, so the lobby changes at once.
      await pushBanStatus(deps.bans, change, presence.all());
      if (!change.banned) return;
      // Then they close (the ban ended their sessions): a seat in a live match starts its ordinary
      // reconnection window, which a banned player cannot use, and nothing of theirs can be matched.
      const message = change.kind === 'wallet' ? BAN_MESSAGES.wallet : BAN_MESSAGES.ip;
      presence.closeWhere(
        (c) => banChangeConcerns(change, c.walletAddress, c.ip),
        CLOSE_CODES.restricted,
        message,
      );
    };
    void act().catch((error: unknown) => deps.log('acting on a ban change failed', error));
  };
  // The session is gone (its cookie no longer opens a socket): the sockets it opened go too, so a signed-out
  // browser cannot be matched; a search it held is away for its window, a seat has its reconnection window.
  const signOut = (ended: PlayerSession) => {
    game.signedOut(ended.sessionId);
    presence.closeWhere(
      (c) => c.playerSessionId === ended.sessionId,
      CLOSE_CODES.signedOut,
      SESSION_END_REASONS.signedOut,
    );
  };
  // The player's own protection changed: what it now refuses closes here, its fee back in full (SPEC §6 as for
  // a ban: at once), and the player's socket is told why; the sockets stay open (practice is still theirs).
  const protection = (walletAddress: string) => {
    game
      .protectionChanged(walletAddress)
      .catch((error: unknown) =>
        deps.log(`acting on the protection change of ${walletAddress} failed`, error),
      );
  };
  return { ban, signOut, notice: createNotifier(presence), protection };
}
