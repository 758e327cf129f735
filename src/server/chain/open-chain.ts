import { randomBytes } from 'node:crypto';
import type { KeyPairSigner } from '@solana/kit';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../common/clock.ts';
import type { Config } from '../config.ts';
import { type Logger, standaloneLog } from '../logger.ts';
import { loadHouseWallet } from './house-wallet.ts';
import { createLocalChain, type LocalChain } from './local/local-chain.ts';
import { INTERNAL_RPC_HEADER, type RpcRouteOptions, registerRpcRoute } from './local-rpc/rpc-route.ts';

/** What the composition root needs from the chain side, whichever chain is configured. */
export type OpenedChain = {
  houseWallet: KeyPairSigner;
  /**
   * Mounts POST /rpc and its PubSub WebSocket for the embedded chain; nothing for a remote one. After the
   * game channel, whose @fastify/websocket registration the WebSocket route reuses.
   */
  registerRoutes(app: FastifyInstance): Promise<void>;
  /** Snapshots and closes the embedded chain; nothing to do for a remote one. Safe to call twice. */
  close(): Promise<void>;
  /** Headers the server's own RPC client sends (the local /rpc does not count it against its per-IP limit). */
  internalRpcHeaders: Record<string, string>;
} & ({ kind: 'local'; localChain: LocalChain } | { kind: 'remote'; rpcUrl: string });

/**
 * Without SOLANA_RPC_URL the server runs its own chain (LiteSVM, kept under DATA_DIR/chain) and a house
 * wallet funded on it; with it, the house keypair comes from HOUSE_WALLET_KEYPAIR and nothing is served.
 */
export async function openChain({
  config,
  clock,
  rpcLimits,
  log = standaloneLog('local chain'),
}: {
  config: Config;
  clock: Clock;
  /** Tests and benchmarks only: other /rpc limits than the defaults. */
  rpcLimits?: Omit<RpcRouteOptions, 'internalToken'>;
  /** The server's logger, scoped to the local chain. */
  log?: Logger;
}): Promise<OpenedChain> {
  if (config.chain.kind === 'remote') {
    const houseWallet = await loadHouseWallet({ chain: 'remote', secret: config.chain.houseWalletKeypair });
    return {
      kind: 'remote',
      rpcUrl: config.chain.rpcUrl,
      houseWallet,
      registerRoutes: async () => {},
      close: async () => {},
      internalRpcHeaders: {},
    };
  }

  const localChain = await createLocalChain({
    dataDir: config.dataDir,
    clock,
    // The transaction is already durable in the log; a failed snapshot only lengthens the next replay.
    onSnapshotError: (error) => log('snapshot not written, will retry', error),
  });
  try {
    const houseWallet = await loadHouseWallet({
      chain: 'local',
      dataDir: config.dataDir,
      faucet: localChain,
      secret: config.houseWalletKeypair,
    });
    const internalToken = randomBytes(32).toString('base64url');
    return {
      kind: 'local',
      localChain,
      houseWallet,
      registerRoutes: async (app) => {
        await registerRpcRoute(app, localChain, { ...rpcLimits, internalToken });
      },
      close: () => localChain.close(),
      internalRpcHeaders: { [INTERNAL_RPC_HEADER]: internalToken },
    };
  } catch (error) {
    await localChain.close();
    throw error;
  }
}
