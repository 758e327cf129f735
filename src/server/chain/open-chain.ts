import { randomBytes } from 'node:crypto';
import type { KeyPairSigner } from '@solana/kit';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../common/clock.ts';
import type { Config } from '../config.ts';
import { type Logger, standaloneLog } from '../logger.ts';
import { byChain } from './chain-choice.ts';
import { loadHouseWallet } from './house-wallet.ts';
import { createLocalChain, type LocalChain } from './local/local-chain.ts';
import { INTERNAL_RPC_HEADER, type RpcRouteOptions, registerRpcRoute } from './local-rpc/rpc-route.ts';

/**
 * The chain as a port: what the composition root needs from the chain side, whichever chain is configured.
 * Its users ask it; none of them tells the embedded chain from a remote one (chain-choice.ts does, once).
 */
export interface ChainPort {
  houseWallet: KeyPairSigner;
  /** Where the server itself reaches the chain over HTTP: the remote RPC, or its own /rpc on loopback. */
  ownRpcUrl: string;
  /** Incoming transfers from these are no player's payment (the embedded chain's faucet; none remotely). */
  fundingAddresses: string[];
  /**
   * Mounts POST /rpc and its PubSub WebSocket for the embedded chain; nothing for a remote one. After the
   * game channel, whose @fastify/websocket registration the WebSocket route reuses.
   */
  registerRoutes(app: FastifyInstance): Promise<void>;
  /** Snapshots and closes the embedded chain; nothing to do for a remote one. Safe to call twice. */
  close(): Promise<void>;
  /** Headers the server's own RPC client sends (the local /rpc does not count it against its per-IP limit). */
  internalRpcHeaders: Record<string, string>;
}

/** The port as opened: its own test still reaches the embedded chain behind it. */
export type OpenedChain = ChainPort &
  ({ kind: 'local'; localChain: LocalChain } | { kind: 'remote'; rpcUrl: string });

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
  return byChain(config.chain, {
    remote: async (remote) => ({
      kind: 'remote',
      rpcUrl: remote.rpcUrl,
      houseWallet: await loadHouseWallet({ chain: 'remote', secret: remote.houseWalletKeypair }),
      ownRpcUrl: remote.rpcUrl,
      fundingAddresses: [],
      registerRoutes: async () => {},
      close: async () => {},
      internalRpcHeaders: {},
    }),
    embedded: () => openEmbeddedChain(config, clock, log, rpcLimits),
  });
}

/** The server's own chain (LiteSVM under DATA_DIR/chain), served at /rpc with a house wallet funded on it. */
async function openEmbeddedChain(
  config: Config,
  clock: Clock,
  log: Logger,
  rpcLimits: Omit<RpcRouteOptions, 'internalToken'> | undefined,
): Promise<OpenedChain> {
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
      // The server reaches the chain over HTTP even when it serves the chain itself.
      ownRpcUrl: `http://127.0.0.1:${config.port}/rpc`,
      fundingAddresses: [localChain.faucetAddress],
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
