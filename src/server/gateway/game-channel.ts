import { performance } from 'node:perf_hooks';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Clock } from '../../common/clock.ts';
import { averageOf, connectionQuality, LATENCY_SAMPLES } from '../../common/connection-quality.ts';
import { displayNameFor } from '../../common/display-name.ts';
import {
  CLOSE_CODES,
  type ClientMessage,
  channelQuerySchema,
  type Holding,
  type ServerMessage,
} from '../../common/protocol.ts';
import type { NodeNaming } from '../game/topology.ts';
import { createRefusalCounter, type RefusalCounter, type RefusalCounts } from './channel-refusals.ts';
import { type Connection, createConnection } from './connection.ts';
import { createIpGate } from './ip-gate.ts';
import { CHANNEL_LIMITS, type ChannelLimits } from './limits.ts';
import { createPresence, type Presence } from './presence.ts';

/** The messages the game layer answers; `connect` and `ping` are the channel's own. */
export type GameMessage = Exclude<ClientMessage, { type: 'connect' | 'ping' }>;

/** What the game layer offers the channel. It sees connections only through this narrow view. */
export interface GameHandlers {
  handle(connection: Connection, message: GameMessage): void | Promise<void>;
  disconnected(connection: Connection): void | Promise<void>;
  /**
   * The socket said `connect`: a search its wallet left behind on a lost socket is taken back, and it is
   * told what the server holds (`held`), and what became of the search its page names (`holding`).
   */
  connected?(connection: Connection, holding?: Holding): void | Promise<void>;
  queueLengths(): Record<string, number>;
}

export interface PlayerSession {
  sessionId: string;
  walletAddress: string;
}

export interface PlayerSessionLookup {
  fromCookieHeader(cookieHeader: string | undefined): Promise<PlayerSession | null>;
}

/** What a refused handshake is told (HTTP status and `{ error }` body), so a client and an operator know why. */
export const HANDSHAKE_REFUSALS = {
  originNotAllowed: 'Origin not allowed',
  sessionRequired: 'Sign in with your wallet before opening the game channel',
  handshakesPerIp: 'Too many game channel connections from this address, please try again later',
  socketsPerIp: 'Too many game channel connections open from this address',
} as const;

/**
 * permessage-deflate when WS_COMPRESSION is on: the context is kept between messages, which is what
 * makes one snapshot after another small (their keys and most digits repeat), in a small window and the
 * fastest level so each socket's zlib state stays a few kilobytes. Tiny frames (pongs) are sent as they are.
 */
const COMPRESSION = {
  threshold: 64,
  serverMaxWindowBits: 10,
  clientMaxWindowBits: 10,
  zlibDeflateOptions: { level: 1, memLevel: 4 },
} as const;

export interface GameChannelOptions {
  clock: Clock;
  allowedOrigins: readonly string[];
  playerSessions: PlayerSessionLookup;
  limits?: Partial<ChannelLimits>;
  /** permessage-deflate for clients that offer it (WS_COMPRESSION; off by default). */
  compression?: boolean;
  /** A signed-in socket opened (IP tracking); must not block or throw. */
  onSocketOpen?: (connection: Connection) => void;
  /** The `connect` reply with this game node's name where several serve (the topology's); as it is by default. */
  withNode?: NodeNaming;
  /** What the game layer answers; a channel without it (tests of the socket alone) answers `connect` and `ping`. */
  handlers?: GameHandlers;
  /**
   * Who is online, made with the services (the game layer pushes queue changes through it); by default one
   * of the channel's own, over `handlers`' queue lengths.
   */
  presence?: Presence;
  /** Where its refusals are counted (made with the services); one of the channel's own by default. */
  refusals?: RefusalCounter;
}

export interface GameChannel {
  presence: Presence;
  /** Sockets of one wallet (for transaction notifications and live bans). */
  connectionsOf(walletAddress: string): Connection[];
  /** Closes this node's sockets that `concerns` picks (Presence.closeWhere). */
  closeWhere: Presence['closeWhere'];
  broadcast(message: ServerMessage): void;
  /** How many times each defence has turned a client away since start. */
  refusals(): RefusalCounts;
}

/**
 * The game channel at `/ws` (SPEC §7). At the handshake, before any upgrade: the Origin, the client address's
 * handshake rate and open sockets, and a signed-in session (its cookie gives the wallet). Then per-message
 * compression only if configured, a 16 KB frame cap, message rates per socket and per address, and a heartbeat that drops
 * half-open sockets.
 */
export async function registerGameChannel(
  app: FastifyInstance,
  options: GameChannelOptions,
): Promise<GameChannel> {
  const limits: ChannelLimits = { ...CHANNEL_LIMITS, ...options.limits };
  const { handlers } = options;
  const withNode: NodeNaming = options.withNode ?? ((message) => message);
  const presence =
    options.presence ??
    createPresence({
      intervalMs: limits.presenceBroadcastMs,
      queueLengths: () => handlers?.queueLengths() ?? {},
    });
  const alive = new WeakMap<WebSocket, boolean>();
  // Round trips of the heartbeat's pings: the server's own measure of each player's connection quality.
  const pingSentAt = new WeakMap<WebSocket, number>();
  const roundTrips = new WeakMap<WebSocket, number[]>();
  const refusals = options.refusals ?? createRefusalCounter();
  const ipGate = createIpGate(options.clock, limits);
  /** The session proven at the handshake, for the socket the upgrade then opens. */
  const sessions = new WeakMap<FastifyRequest, PlayerSession>();

  await app.register(websocket, {
    options: {
      maxPayload: limits.maxPayloadBytes,
      perMessageDeflate: options.compression ? COMPRESSION : false,
      clientTracking: true,
    },
    // On a protocol error (frame too big: 1009, bad UTF-8: 1007) ws has already started the close with the
    // right code; the plugin's default terminate() could cut that close frame off. Only a socket still
    // open (an error thrown by the handler below) is dropped here.
    errorHandler(error, socket, request) {
      request.log.debug({ err: error }, 'game channel socket error');
      if (socket.readyState === socket.OPEN) socket.terminate();
    },
    // Replaces the plugin's default, which closes every socket without a code before ours could say why.
    preClose(done) {
      const sockets = [...this.websocketServer.clients];
      for (const socket of sockets) socket.close(CLOSE_CODES.serverShutdown, 'Server shutting down');
      this.websocketServer.close();
      // A peer that never answers the close (stalled, half-open) would hold the HTTP server open for ws's
      // 30 s close timeout, past the process's 15 s shutdown deadline.
      setTimeout(() => {
        for (const socket of sockets) socket.terminate();
      }, limits.shutdownGraceMs).unref();
      done();
    },
  });

  // A socket that has not answered the previous ping by now is half-open: no close frame would get through.
  const heartbeat = setInterval(() => {
    for (const socket of app.websocketServer.clients) {
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      pingSentAt.set(socket, performance.now());
      socket.ping();
    }
  }, limits.heartbeatMs);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    presence.close();
  });

  const refuse = (reply: FastifyReply, status: number, kind: keyof typeof HANDSHAKE_REFUSALS) => {
    refusals.count(kind);
    return reply.code(status).send({ error: HANDSHAKE_REFUSALS[kind] });
  };

  /** Runs before the upgrade: a refusal is a plain HTTP answer and no socket ever opens. */
  const admitHandshake = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !options.allowedOrigins.includes(origin)) {
      return refuse(reply, 403, 'originNotAllowed');
    }
    // A plain GET opens no socket (the route answers 404): it holds no slot of a keep-alive connection.
    if (!request.ws) return;
    // Before the session lookup, so a flood of handshakes costs no database query.
    const admission = ipGate.admit(request.ip);
    if (!admission.ok) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(admission.retryAfterMs / 1000))));
      return refuse(reply, 429, admission.kind);
    }
    // The slot is the TCP connection's: it frees when that closes, however it ends (refused below, an upgrade
    // that fails, or the socket closing later), and only once.
    const tcp = request.raw.socket;
    if (tcp.destroyed) return admission.release();
    tcp.once('close', admission.release);
    const session = await options.playerSessions
      .fromCookieHeader(request.headers.cookie)
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'player session lookup failed');
        return null;
      });
    if (!session) {
      admission.release();
      return refuse(reply, 401, 'sessionRequired');
    }
    sessions.set(request, session);
  };

  app.get('/ws', { websocket: true, preValidation: admitHandshake }, (socket, request) => {
    const session = sessions.get(request);
    // Not reachable: the handshake hook refuses a request without one. Guarded all the same.
    if (!session) return socket.close(CLOSE_CODES.policyViolation, HANDSHAKE_REFUSALS.sessionRequired);
    alive.set(socket, true);
    socket.on('pong', () => {
      alive.set(socket, true);
      const sent = pingSentAt.get(socket);
      if (sent === undefined) return;
      pingSentAt.delete(socket);
      const samples = roundTrips.get(socket) ?? [];
      samples.push(performance.now() - sent);
      roundTrips.set(socket, samples.slice(-LATENCY_SAMPLES));
    });
    const query = channelQuerySchema.parse(request.query);

    const connection = createConnection({
      socket,
      identity: {
        playerSessionId: session.sessionId,
        walletAddress: session.walletAddress,
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
      },
      sessionId: query.sessionId,
      clock: options.clock,
      limits,
      connectionQuality: () => {
        const average = averageOf(roundTrips.get(socket) ?? []);
        return average === null ? null : connectionQuality(average);
      },
      onError: (error) => request.log.error({ err: error }, 'game channel handler failed'),
      ipBudget: (kind) => ipGate.takeMessage(request.ip, kind),
      onRefusal: refusals.count,
      onMessage: (conn, message) => {
        switch (message.type) {
          case 'connect':
            conn.displayName = displayNameFor(conn.walletAddress, message.displayName);
            conn.send(
              withNode({
                type: 'connect',
                id: conn.id,
                sessionId: conn.sessionId,
                playersOnline: presence.playersOnline(),
              }),
            );
            conn.send({
              type: 'queueUpdate',
              queueLengths: handlers?.queueLengths() ?? {},
              playersOnline: presence.playersOnline(),
            });
            return handlers?.connected?.(conn, message.holding);
          case 'ping':
            conn.send({ type: 'pong', timestamp: message.timestamp, serverTime: options.clock.now() });
            return;
          case 'reconnect':
          case 'findMatch':
          case 'cancelSearch':
          case 'paddleMove':
          case 'playAgain':
          case 'exit':
          case 'forceDisconnect':
          case 'playHouseBot':
            if ('displayName' in message && message.displayName !== undefined) {
              conn.displayName = displayNameFor(conn.walletAddress, message.displayName);
            }
            return handlers?.handle(conn, message);
          default: {
            const unreachable: never = message;
            throw new Error(`unhandled message ${JSON.stringify(unreachable)}`);
          }
        }
      },
      // After the messages already accepted from it, so a search it started is found and closed.
      onClose: (conn) => handlers?.disconnected(conn),
    });
    presence.add(connection);
    presence.changed();
    options.onSocketOpen?.(connection);
    socket.once('close', () => {
      presence.remove(connection);
      presence.changed();
    });
  });

  return gameChannelOver(presence, refusals);
}

/** The channel as the services see it: who is online, what reaches them, and what was refused. */
export function gameChannelOver(presence: Presence, refusals: RefusalCounter): GameChannel {
  return {
    presence,
    connectionsOf: presence.connectionsOf,
    closeWhere: presence.closeWhere,
    broadcast: presence.broadcast,
    refusals: refusals.snapshot,
  };
}
