import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Cluster, RpcUrlAnswer, WalletConfigAnswer } from '../../common/api/player-api.ts';
import type { Replies } from './contract-reply.ts';

/** The chain this server moves money on; 'localnet' is its own embedded chain (where the Local Wallet exists). */
export type ServedCluster = Cluster;

export interface PublicRouteDeps {
  houseWallet: string;
  cluster: ServedCluster;
  /** The RPC URL browsers should use: a fixed public URL, or undefined for this server's own /rpc. */
  publicRpcUrl: string | undefined;
}

/** The local chain's endpoint as the browser reaches this server (honours X-Forwarded-* behind a proxy). */
function ownRpcUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}/rpc`;
}

/** SPEC §7: GET /api/wallet-config and GET /api/quicknode-url. Neither ever carries a secret. */
export function registerPublicRoutes(app: FastifyInstance, deps: PublicRouteDeps): void {
  app.get<{ Reply: Replies<WalletConfigAnswer> }>('/api/wallet-config', async () => ({
    houseWallet: deps.houseWallet,
    cluster: deps.cluster,
  }));
  app.get<{ Reply: Replies<RpcUrlAnswer> }>('/api/quicknode-url', async (request) => ({
    url: deps.publicRpcUrl ?? ownRpcUrl(request),
  }));
}
