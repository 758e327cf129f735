import type { FastifyInstance } from 'fastify';
import type { LocalChain } from '../local/local-chain.ts';
import { createRpcHandler } from './rpc-handler.ts';

export const RPC_PATH = '/rpc';
/** Transactions are at most 1,232 bytes; a megabyte leaves room for generous batches and nothing more. */
export const RPC_BODY_LIMIT = 1024 * 1024;

/**
 * Mounts the local chain's JSON-RPC endpoint at POST /rpc. The body is read as text inside an encapsulated
 * scope (Fastify's JSON parser would lose u64 precision and answer parse errors in its own shape), so the
 * rest of the server keeps its usual parsers. JSON-RPC errors are HTTP 200, as on mainnet.
 */
export async function registerRpcRoute(app: FastifyInstance, chain: LocalChain): Promise<void> {
  const handle = createRpcHandler(chain, {
    onInternalError: (error, method) =>
      app.log.error({ err: error, method }, 'local chain RPC method failed'),
  });
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: RPC_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(RPC_PATH, { bodyLimit: RPC_BODY_LIMIT }, async (request, reply) => {
      const text = await handle(request.body as string);
      return reply.type('application/json; charset=utf-8').send(text);
    });
  });
}
