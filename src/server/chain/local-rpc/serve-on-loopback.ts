import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { LocalChain } from '../local/local-chain.ts';
import { registerRpcRoute } from './rpc-route.ts';

/**
 * A local chain's JSON-RPC on a private loopback port, for a tool that reads a chain no server is serving
 * (reconcile while the server is stopped). No per-IP limit: nobody else can reach it. Closing stops the
 * endpoint, not the chain.
 */
export async function serveOnLoopback(chain: LocalChain): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify();
  try {
    await registerRpcRoute(app, chain, { perIp: null });
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await app.close();
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/rpc`, close: () => app.close() };
}
