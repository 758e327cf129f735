import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Clock, systemClock } from '../../../common/clock.ts';
import { createTokenBucketLimiter } from '../../security/token-bucket-limiter.ts';
import type { LocalChain } from '../local/local-chain.ts';
import type { PubSubHub } from './pubsub/pubsub-hub.ts';
import type { PubSubLimits } from './pubsub/pubsub-limits.ts';
import { registerPubSubRoute } from './pubsub/pubsub-route.ts';
import { createRpcHandler, type RpcHandlerOptions } from './rpc-handler.ts';

export const RPC_PATH = '/rpc';
/** Transactions are at most 1,232 bytes; a megabyte leaves room for generous batches and nothing more. */
export const RPC_BODY_LIMIT = 1024 * 1024;
/** The header that marks the server's own requests to its own chain (see RpcRouteOptions.internalToken). */
export const INTERNAL_RPC_HEADER = 'x-pong-internal-rpc';

export interface RpcRouteOptions extends Pick<RpcHandlerOptions, 'maxBatch' | 'maxAirdropLamports'> {
  /**
   * HTTP requests per client IP (request.ip, so TRUST_PROXY applies): a burst of `capacity`, then
   * `refillPerMinute`. null: no limit (tests, tools).
   */
  perIp?: { capacity: number; refillPerMinute: number } | null;
  /**
   * A random secret only this process knows: its own client (payment verification, payouts) sends it in
   * INTERNAL_RPC_HEADER and is not counted against the loopback address it shares with local players.
   */
  internalToken?: string;
  /** For the per-IP limit; the wall clock unless a test injects one (a frozen chain clock would never refill). */
  clock?: Clock;
  /** The PubSub WebSocket's caps (PUBSUB_LIMITS unless a test sets its own). */
  subscriptions?: Partial<PubSubLimits>;
}

/**
 * Origins that may read the local chain from a browser page of their own: Solana Explorer, which shows a
 * transfer of this chain as a custom cluster (`?cluster=custom&customUrl=<this server>/rpc`), as the
 * history's explorer links ask it to. Only reads go through it in practice; the faucet's limits still apply.
 */
export const RPC_READER_ORIGINS: readonly string[] = ['https://explorer.solana.com'];

/** A player's page polls balances and signature statuses; this leaves room for that and bounds a flood. */
export const DEFAULT_RPC_PER_IP = { capacity: 300, refillPerMinute: 600 } as const;

/** JSON-RPC answer of a refused request, in the shape public Solana RPCs use for HTTP 429. */
const TOO_MANY_REQUESTS = { jsonrpc: '2.0', error: { code: 429, message: 'Too many requests' }, id: null };

function carriesToken(request: FastifyRequest, token: string | undefined): boolean {
  const sent = request.headers[INTERNAL_RPC_HEADER];
  if (!token || typeof sent !== 'string' || sent.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(sent), Buffer.from(token));
}

/**
 * Mounts the local chain's JSON-RPC endpoint at POST /rpc. The body is read as text inside an encapsulated
 * scope (Fastify's JSON parser would lose u64 precision and answer parse errors in its own shape), so the
 * rest of the server keeps its usual parsers. JSON-RPC errors are HTTP 200, as on mainnet. The endpoint
 * carries a faucet, so it is rate-limited per IP and its batches and airdrops are capped.
 * The same path serves Solana's PubSub WebSocket, whose handshakes and subscribe calls spend the
 * same per-IP budget; the hub it returns is what tests drive and watch.
 */
export async function registerRpcRoute(
  app: FastifyInstance,
  chain: LocalChain,
  options: RpcRouteOptions = {},
): Promise<{ subscriptions: PubSubHub }> {
  const handle = createRpcHandler(chain, {
    onInternalError: (error, method) =>
      app.log.error({ err: error, method }, 'local chain RPC method failed'),
    maxBatch: options.maxBatch,
    maxAirdropLamports: options.maxAirdropLamports,
  });
  const perIp = options.perIp === undefined ? DEFAULT_RPC_PER_IP : options.perIp;
  const limiter = perIp ? createTokenBucketLimiter({ clock: options.clock ?? systemClock, ...perIp }) : null;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: RPC_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (typeof origin === 'string' && RPC_READER_ORIGINS.includes(origin)) {
        reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
      }
    });
    // The preflight of a JSON POST from an allowed origin; any other origin gets no CORS grant.
    scope.options(RPC_PATH, async (request, reply) => {
      const origin = request.headers.origin;
      if (typeof origin !== 'string' || !RPC_READER_ORIGINS.includes(origin)) return reply.code(204).send();
      return reply
        .code(204)
        .header('access-control-allow-methods', 'POST')
        .header('access-control-allow-headers', 'content-type, solana-client')
        .header('access-control-max-age', '600')
        .send();
    });
    scope.post(RPC_PATH, { bodyLimit: RPC_BODY_LIMIT }, async (request, reply) => {
      if (limiter && !carriesToken(request, options.internalToken) && !limiter.take(request.ip)) {
        const seconds = Math.max(1, Math.ceil(limiter.retryAfterMs(request.ip) / 1000));
        return reply.code(429).header('retry-after', String(seconds)).send(TOO_MANY_REQUESTS);
      }
      const text = await handle(request.body as string);
      return reply.type('application/json; charset=utf-8').send(text);
    });
  });
  const subscriptions = await registerPubSubRoute(app, chain, {
    path: RPC_PATH,
    limiter,
    limits: options.subscriptions,
    onError: (error, context) => app.log.error({ err: error, context }, 'local chain PubSub failed'),
  });
  return { subscriptions };
}
