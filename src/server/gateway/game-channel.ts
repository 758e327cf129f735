import { performance } from 'node:perf_hooks';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Clock } from '../../common/clock.ts';
import { averageOf, connectionQuality, LATENCY_SAMPLES } from '../../common/connection-quality.ts';
import { CLOSE_CODES, type ClientMessage, type ServerMessage } from '../../common/protocol.ts';
import { type Connection, createConnection, displayNameFor } from './connection.ts';
import { CHANNEL_LIMITS, type ChannelLimits } from './limits.ts';
import { createPresence, type Presence } from './presence.ts';

/** The messages the game layer answers; `connect` and `ping` are the channel's own. */
export type GameMessage = Exclude<ClientMessage, { type: 'connect' | 'ping' }>;

/** What the game layer offers the channel. It sees connections only through this narrow view. */
export interface GameHandlers {
  handle(connection: Connection, message: GameMessage): void | Promise<void>;
  disconnected(connection: Connection): void | Promise<void>;
  queueLengths(): Record<string, number>;
}

export interface PlayerSessionLookup {
  fromCookieHeader(
    cookieHeader: string | undefined,
  ): Promise<{ sessionId: string; walletAddress: string } | null>;
}

export interface GameChannelOptions {
  clock: Clock;
  allowedOrigins: readonly string[];
  playerSessions: PlayerSessionLookup;
  limits?: Partial<ChannelLimits>;
}

export interface GameChannel {
  presence: Presence;
  /** Sockets of one wallet (for transaction notifications and live bans). */
  connectionsOf(walletAddress: string): Connection[];
  /** Set once the game layer exists (it needs the channel to deliver, the channel needs it to dispatch). */
  setHandlers(handlers: GameHandlers): void;
  broadcast(message: ServerMessage): void;
}

/**
 * The game channel at `/ws` (SPEC §7): Origin checked at the handshake, the wallet taken from the sign-in
 * session cookie, no per-message compression, a 16 KB frame cap, a heartbeat that drops half-open sockets.
 */
export async function registerGameChannel(
  app: FastifyInstance,
  options: GameChannelOptions,
): Promise<GameChannel> {
  const limits: ChannelLimits = { ...CHANNEL_LIMITS, ...options.limits };
  let handlers: GameHandlers | undefined;
  const presence = createPresence({
    intervalMs: limits.presenceBroadcastMs,
    queueLengths: () => handlers?.queueLengths() ?? {},
  });
  const alive = new WeakMap<WebSocket, boolean>();
  // Round trips of the heartbeat's pings: the server's own measure of each player's connection quality.
  const pingSentAt = new WeakMap<WebSocket, number>();
  const roundTrips = new WeakMap<WebSocket, number[]>();

  await app.register(websocket, {
    options: { maxPayload: limits.maxPayloadBytes, perMessageDeflate: false, clientTracking: true },
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

  app.get(
    '/ws',
    {
      websocket: true,
      preValidation: async (request, reply) => {
        const origin = request.headers.origin;
        if (origin !== undefined && !options.allowedOrigins.includes(origin)) {
          return reply.code(403).send({ error: 'Origin not allowed' });
        }
      },
    },
    async (socket, request) => {
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
      // Hold frames that arrive while the session is looked up, so none is lost or handled without its
      // wallet; pausing the socket bounds them to what has already been read.
      const early: Array<[Buffer, boolean]> = [];
      const buffer = (data: Buffer, isBinary: boolean) => early.push([data, isBinary]);
      socket.on('message', buffer);
      socket.pause();
      const session = await options.playerSessions
        .fromCookieHeader(request.headers.cookie)
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'player session lookup failed');
          return null;
        });
      socket.off('message', buffer);
      // Gone while we looked: it never joins presence, so it cannot linger in the counts.
      if (socket.readyState !== socket.OPEN) return;
      const query = request.query as { sessionId?: unknown };

      const connection = createConnection({
        socket,
        identity: {
          playerSessionId: session?.sessionId ?? null,
          walletAddress: session?.walletAddress ?? null,
          ip: request.ip ?? null,
          userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
        },
        sessionId: typeof query.sessionId === 'string' ? query.sessionId : undefined,
        clock: options.clock,
        limits,
        connectionQuality: () => {
          const average = averageOf(roundTrips.get(socket) ?? []);
          return average === null ? null : connectionQuality(average);
        },
        onError: (error) => request.log.error({ err: error }, 'game channel handler failed'),
        onMessage: (conn, message) => {
          switch (message.type) {
            case 'connect':
              conn.displayName = displayNameFor(conn.walletAddress, message.displayName);
              conn.send({
                type: 'connect',
                id: conn.id,
                sessionId: conn.sessionId,
                playersOnline: presence.playersOnline(),
              });
              conn.send({
                type: 'queueUpdate',
                queueLengths: handlers?.queueLengths() ?? {},
                playersOnline: presence.playersOnline(),
              });
              return;
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
      socket.once('close', () => {
        presence.remove(connection);
        presence.changed();
      });
      for (const [data, isBinary] of early) socket.emit('message', data, isBinary);
      socket.resume();
    },
  );

  return {
    presence,
    connectionsOf: (walletAddress) => [...presence.all()].filter((c) => c.walletAddress === walletAddress),
    setHandlers(next) {
      handlers = next;
    },
    broadcast: presence.broadcast,
  };
}
