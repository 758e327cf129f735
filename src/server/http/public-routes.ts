import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface PublicRouteDeps {
  houseWallet: string;
  /** The RPC URL browsers should use: a fixed public URL, or undefined for this server's own /rpc. */
  publicRpcUrl: string | undefined;
}

/** The local chain's endpoint as the browser reaches this server (honours X-Forwarded-* behind a proxy). */
function ownRpcUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}/rpc`;
}

/** SPEC §7: GET /api/wallet-config and GET /api/quicknode-url. Neither ever carries a secret. */
export function registerPublicRoutes(app: FastifyInstance, deps: PublicRouteDeps): void {
  app.get('/api/wallet-config', async () => ({ houseWallet: deps.houseWallet }));
  app.get('/api/quicknode-url', async (request) => ({ url: deps.publicRpcUrl ?? ownRpcUrl(request) }));
}
