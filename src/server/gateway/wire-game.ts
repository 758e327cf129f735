import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../common/clock.ts';
import { CLOSE_CODES } from '../../common/protocol.ts';
import type { Database } from '../db/database.ts';
import { createGameServer, type GameServer, type GameServerOptions } from '../game/game-server.ts';
import { startMatchRunner } from '../game/match-runner.ts';
import type { SettleScope } from '../game/node-ownership.ts';
import { timePaidSearch } from '../metrics/paid-search-timing.ts';
import type { ServerMetrics } from '../metrics/server-metrics.ts';
import { BAN_MESSAGES, type BanChange, type Bans, banChangeConcerns } from '../security/bans.ts';
import { pushBanStatus } from '../security/live-ban-notices.ts';
import type { PlayerSession } from '../security/player-sessions.ts';
import {
  type GameChannel,
  type GameChannelOptions,
  type PlayerSessionLookup,
  registerGameChannel,
} from './game-channel.ts';
import type { ChannelLimits } from './limits.ts';

export interface GameWiring {
  channel: GameChannel;
  game: GameServer;
  /** Starts the 60 Hz runner; returns its stop function. */
  startRunner(): () => void;
  /** Acts on a ban change on this node: its searches closed, its sockets told (SPEC §6: a ban acts at once), then closed. */
  actOnBan(change: BanChange): void;
  /** A player session ended (sign-out): this node's sockets opened with it are closed. */
  actOnSignOut(ended: PlayerSession): void;
}

/** The close reasons sent with the session-ending close codes (at most 123 bytes each). */
export const SESSION_END_REASONS = { signedOut: 'Signed out' } as const;

/**
 * Joins the game channel (sockets) to the game layer (rules, queue, matches) and to live bans: the two never
 * import each other, so this is where a message from a socket becomes a call on the game server.
 */
export async function wireGame(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    bans: Bans;
    playerSessions: PlayerSessionLookup;
    allowedOrigins: readonly string[];
    /** permessage-deflate on the game channel (WS_COMPRESSION). */
    compression?: boolean;
    limits?: Partial<ChannelLimits>;
    game?: Partial<
      Pick<
        GameServerOptions,
        | 'verifier'
        | 'countdownSeconds'
        | 'leadInSeconds'
        | 'money'
        | 'jurisdiction'
        | 'onMatchStarted'
        | 'cluster'
      >
    >;
    /** IP tracking of every socket (issue 10 point 5). */
    onSocketOpen?: GameChannelOptions['onSocketOpen'];
    /** Tick timings and the paid-search path (issue 11). */
    metrics?: Pick<ServerMetrics, 'ticks' | 'paidSearchJoined'>;
    /** This process's NODE_ID, written on the searches and matches it holds (issue 12). */
    nodeId?: string;
    /** What the start-up settlement may close: everything open unless this is one node of several. */
    recoverScope?: SettleScope;
    /**
     * Cluster mode: a ban changed through this node goes here (to every node) instead of being acted on
     * directly; every node then acts on it with `actOnBan`.
     */
    broadcastBan?: (change: BanChange) => void;
    /** Cluster mode: players online on the other nodes. */
    playersElsewhere?: () => number;
  },
): Promise<GameWiring> {
  const { metrics } = deps;
  const channel = await registerGameChannel(app, {
    clock: deps.clock,
    allowedOrigins: deps.allowedOrigins,
    playerSessions: deps.playerSessions,
    ...(deps.limits ? { limits: deps.limits } : {}),
    ...(deps.compression ? { compression: true } : {}),
    ...(deps.onSocketOpen ? { onSocketOpen: deps.onSocketOpen } : {}),
    // Cluster mode: each socket learns its node, so a client can tell whether its match is elsewhere.
    ...(deps.game?.cluster && deps.nodeId ? { nodeId: deps.nodeId } : {}),
    ...(deps.playersElsewhere ? { playersElsewhere: deps.playersElsewhere } : {}),
  });
  const game = createGameServer({
    db: deps.db,
    clock: deps.clock,
    bans: deps.bans,
    ...deps.game,
    ...(deps.nodeId ? { nodeId: deps.nodeId } : {}),
    onQueueChange: () => channel.presence.changed(),
    playersOnline: () => channel.presence.playersOnline(),
    log: (message, error) => (error ? app.log.error({ err: error }, message) : app.log.warn(message)),
  });
  channel.setHandlers({
    handle: (connection, message) =>
      metrics && message.type === 'findMatch' && message.paymentSignature
        ? timePaidSearch(connection, () => game.handle(connection, message), metrics.paidSearchJoined)
        : game.handle(connection, message),
    disconnected: (connection) => game.disconnected(connection),
    connected: (connection) => game.connected(connection),
    queueLengths: () => game.queueLengths(),
  });
  const actOnBan = (change: BanChange) => {
    const act = async () => {
      if (change.banned) {
        const message = change.kind === 'wallet' ? BAN_MESSAGES.wallet : BAN_MESSAGES.ip;
        await game.banned(
          (entry) => banChangeConcerns(change, entry.player.walletAddress, entry.player.ip),
          message,
        );
      }
      // Issue 10 point 6: the player's open sockets are told, searching or not, so the lobby changes at once.
      await pushBanStatus(deps.bans, change, channel.presence.all());
      if (!change.banned) return;
      // Then they close (the ban ended their sessions): a seat in a live match starts its ordinary
      // reconnection window, which a banned player cannot use, and nothing of theirs can be matched.
      const message = change.kind === 'wallet' ? BAN_MESSAGES.wallet : BAN_MESSAGES.ip;
      channel.closeWhere(
        (c) => banChangeConcerns(change, c.walletAddress, c.ip),
        CLOSE_CODES.restricted,
        message,
      );
    };
    void act().catch((error: unknown) => app.log.error({ err: error }, 'acting on a ban change failed'));
  };
  deps.bans.onChange(deps.broadcastBan ?? actOnBan);
  // The session is gone (its cookie no longer opens a socket): the sockets it opened go too, so a signed-out
  // browser cannot be matched; a search it held is away for its window, a seat has its reconnection window.
  const actOnSignOut = (ended: PlayerSession) => {
    game.signedOut(ended.sessionId);
    channel.closeWhere(
      (c) => c.playerSessionId === ended.sessionId,
      CLOSE_CODES.signedOut,
      SESSION_END_REASONS.signedOut,
    );
  };
  await game.recoverAfterRestart(deps.recoverScope);
  return {
    channel,
    game,
    actOnBan,
    actOnSignOut,
    startRunner: () =>
      startMatchRunner({
        clock: deps.clock,
        tick: () => game.tick(),
        ...(metrics ? { observer: metrics.ticks } : {}),
      }),
  };
}
