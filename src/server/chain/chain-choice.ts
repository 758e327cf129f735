import type { Cluster } from '../../common/api/player-api.ts';
import type { ChainConfig } from '../config.ts';

/** A remote chain as configured (SOLANA_RPC_URL and its companions). */
export type RemoteChain = Extract<ChainConfig, { kind: 'remote' }>;

/**
 * What to do with each chain the server can run on: the embedded one (LiteSVM behind the server's own /rpc,
 * without SOLANA_RPC_URL) or a remote one. The one place that tells them apart is `byChain`; the server
 * (open-chain.ts), reconciliation and what browsers are told each give both ways and never test the kind.
 */
export interface ChainWays<T> {
  embedded(): T;
  remote(chain: RemoteChain): T;
}

export function byChain<T>(chain: ChainConfig, ways: ChainWays<T>): T {
  return chain.kind === 'remote' ? ways.remote(chain) : ways.embedded();
}

/** What browsers, wallets and the operator are told of the chain the server uses, whichever it is. */
export interface ChainFace {
  /** The cluster the pages and the sign-in message name: `localnet` for the embedded chain. */
  cluster: Cluster;
  /** The RPC URL browsers use: the remote chain's public one; undefined for the server's own /rpc. */
  publicRpcUrl: string | undefined;
  /** Origins beyond the page's own that browsers reach for RPC (the security headers allow them). */
  rpcOrigins: string[];
  /**
   * Which chain this server moves money on, said loudly at start: a production deployment that forgot
   * SOLANA_RPC_URL must not look like one that has it. The RPC URL itself is never printed (it holds a key).
   */
  banner(servedAt: string): string;
}

export function chainFaceOf(chain: ChainConfig): ChainFace {
  return byChain<ChainFace>(chain, {
    embedded: () => ({
      cluster: 'localnet',
      publicRpcUrl: undefined,
      rpcOrigins: [],
      banner: (servedAt) => {
        const rule = '!'.repeat(78);
        return [
          rule,
          `!!! Chain: LOCAL TEST CHAIN (embedded LiteSVM), served to anyone at ${servedAt}/rpc with a faucet.`,
          '!!! Its SOL is not real money. For devnet or mainnet set SOLANA_RPC_URL, PUBLIC_RPC_URL and',
          '!!! HOUSE_WALLET_KEYPAIR; with NODE_ENV=production the local chain needs LOCAL_CHAIN=1.',
          rule,
        ].join('\n');
      },
    }),
    remote: (remote) => ({
      cluster: remote.cluster,
      publicRpcUrl: remote.publicRpcUrl,
      rpcOrigins: [new URL(remote.publicRpcUrl).origin],
      banner: () => `Chain: ${remote.cluster} through SOLANA_RPC_URL (browsers use PUBLIC_RPC_URL)`,
    }),
  });
}
