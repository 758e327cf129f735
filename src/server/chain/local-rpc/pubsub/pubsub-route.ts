import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { TokenBucketLimiter } from '../../../security/token-bucket-limiter.ts';
import type { LocalChain } from '../../local/local-chain.ts';
import { createPubSubHub, type PubSubHub } from './pubsub-hub.ts';
import { PUBSUB_LIMITS, type PubSubLimits } from './pubsub-limits.ts';
import { openPubSubSession } from './pubsub-session.ts';

export interface PubSubRouteOptions {
  path: string;
  /** The /rpc POST endpoint's per-IP limiter: handshakes and subscribe calls spend the same budget. */
  limiter: TokenBucketLimiter | null;
  limits?: Partial<PubSubLimits>;
  onError?: (error: unknown, context: string) => void;
}

/** Close codes (RFC 6455) this endpoint uses. */
const CLOSE = { goingAway: 1001, policyViolation: 1008 } as const;

function text(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/**
 * Mounts Solana's PubSub WebSocket at GET `path` (the JSON-RPC URL, as mainnet's endpoints pair them). The
 * server registers @fastify/websocket once, with the game channel; a server without a game channel (a
 * chain-only test server, a tool) gets it registered here. Before the upgrade: the address's request budget
 * and its open sockets. After: a subscription cap per socket, per address and overall, a send-buffer cap, a heartbeat,
 * and a close at shutdown that cannot hold the server open.
 */
export async function registerPubSubRoute(
  app: FastifyInstance,
  chain: LocalChain,
  options: PubSubRouteOptions,
): Promise<PubSubHub> {
  const limits: PubSubLimits = { ...PUBSUB_LIMITS, ...options.limits };
  const onError = options.onError ?? (() => {});
  if (!app.hasDecorator('websocketServer')) {
    await app.register(websocket, {
      options: { maxPayload: limits.maxPayloadBytes, perMessageDeflate: false, clientTracking: true },
    });
  }
  const hub = createPubSubHub(chain, { limits, onError: (error) => onError(error, 'notification') });
  const sockets = new Set<WebSocket>();
  const alive = new WeakMap<WebSocket, boolean>();
  const openPerIp = new Map<string, number>();

  const heartbeat = setInterval(() => {
    for (const socket of sockets) {
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, limits.heartbeatMs);
  heartbeat.unref();

  const refuse = (reply: FastifyReply, message: string, retryAfterMs: number) =>
    reply
      .code(429)
      .header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))))
      .send({ jsonrpc: '2.0', error: { code: 429, message }, id: null });

  /** Runs before the upgrade: a refusal is a plain HTTP answer and no socket ever opens. */
  const admitHandshake = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.ws) return;
    const ip = request.ip;
    if (options.limiter && !options.limiter.take(ip)) {
      return refuse(reply, 'Too many requests', options.limiter.retryAfterMs(ip));
    }
    const open = openPerIp.get(ip) ?? 0;
    if (open >= limits.socketsPerIp) {
      return refuse(
        reply,
        `Too many subscription sockets open from this address (at most ${limits.socketsPerIp})`,
        10_000,
      );
    }
    // The slot belongs to the TCP connection and frees when it closes, however the upgrade or the socket ends.
    const tcp = request.raw.socket;
    if (tcp.destroyed) return;
    openPerIp.set(ip, open + 1);
    tcp.once('close', () => {
      const left = (openPerIp.get(ip) ?? 1) - 1;
      if (left > 0) openPerIp.set(ip, left);
      else openPerIp.delete(ip);
    });
  };

  await app.register(async (scope) => {
    scope.addHook('preClose', (done) => {
      for (const socket of sockets) socket.close(CLOSE.goingAway, 'Server shutting down');
      // A peer that never answers the close would hold the HTTP server open for ws's 30 s close timeout.
      const pending = [...sockets];
      setTimeout(() => {
        for (const socket of pending) socket.terminate();
      }, limits.shutdownGraceMs).unref();
      done();
    });
    scope.addHook('onClose', async () => {
      clearInterval(heartbeat);
      hub.close();
    });

    scope.get(options.path, { websocket: true, preValidation: admitHandshake }, (socket, request) => {
      // Kept out of the shared server's client set: the game channel pings and drops what is in it by its own
      // bookkeeping of /ws sockets. This endpoint keeps its own heartbeat and its own close at shutdown.
      scope.websocketServer.clients.delete(socket);
      sockets.add(socket);
      alive.set(socket, true);
      socket.on('pong', () => alive.set(socket, true));
      const ip = request.ip;
      const session = openPubSubSession({
        hub,
        address: ip,
        spend: () => !options.limiter || options.limiter.take(ip),
        send(message) {
          if (socket.readyState !== socket.OPEN) return;
          if (socket.bufferedAmount > limits.sendBufferCapBytes) {
            socket.close(CLOSE.policyViolation, 'Notifications are not being read');
            return;
          }
          socket.send(message);
        },
        onInternalError: (error, method) => onError(error, method),
      });
      socket.on('message', (data) => session.handle(text(data)));
      socket.on('close', () => {
        sockets.delete(socket);
        session.close();
      });
    });
  });
  return hub;
}
