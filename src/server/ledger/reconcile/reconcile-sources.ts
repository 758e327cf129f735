import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Address } from '@solana/kit';
import { systemClock } from '../../../common/clock.ts';
import { byChain } from '../../chain/chain-choice.ts';
import { createChainRpc } from '../../chain/chain-rpc.ts';
import { parseHouseWalletSecret } from '../../chain/house-wallet.ts';
import { readKeypairFile } from '../../chain/keypair-secret.ts';
import { createLocalChain } from '../../chain/local/local-chain.ts';
import { serveOnLoopback } from '../../chain/local-rpc/serve-on-loopback.ts';
import type { Config } from '../../config.ts';
import type { ReconcileRpc } from './reconcile-chain.ts';

/** Why reconciliation cannot run; the CLI prints the message and exits 2. */
export class ReconcileSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReconcileSetupError';
  }
}

/** Where the house wallet's history is read from, and what to close afterwards. */
export interface ChainSource {
  rpc: ReconcileRpc;
  /** Where it came from, for the report's first line. */
  description: string;
  /** Incoming transfers from these need no ledger row (the local faucet). */
  fundingAddresses: string[];
  /** True when the running server answers: its embedded database is then in use. */
  serverRunning: boolean;
  close(): Promise<void>;
}

/** The house wallet's address, from the same secret or file the server uses; nothing is created. */
export async function houseAddress(config: Config): Promise<Address> {
  return byChain(config.chain, {
    remote: async (remote) => (await parseHouseWalletSecret(remote.houseWalletKeypair)).address,
    embedded: () => embeddedHouseAddress(config),
  });
}

async function embeddedHouseAddress(config: Config): Promise<Address> {
  if (config.houseWalletKeypair) return (await parseHouseWalletSecret(config.houseWalletKeypair)).address;
  const file = path.join(config.dataDir, 'house-wallet.json');
  try {
    return (await readKeypairFile(file, { fixMode: false })).address;
  } catch {
    throw new ReconcileSetupError(
      `no house wallet at ${file}: has the server ever run with DATA_DIR=${config.dataDir}?`,
    );
  }
}

async function localGenesis(
  dataDir: string,
): Promise<{ genesisHash: string; faucetAddress: string } | undefined> {
  try {
    const text = await readFile(path.join(dataDir, 'chain', 'genesis.json'), 'utf8');
    return JSON.parse(text) as { genesisHash: string; faucetAddress: string };
  } catch {
    return undefined;
  }
}

async function answersAs(url: string, genesisHash: string): Promise<boolean> {
  try {
    const hash = await createChainRpc(url)
      .getGenesisHash()
      .send({ abortSignal: AbortSignal.timeout(2_000) });
    return hash === genesisHash;
  } catch {
    return false;
  }
}

/**
 * `--rpc-url`, else SOLANA_RPC_URL, else the embedded chain of DATA_DIR: through the running server's /rpc
 * when it answers with this chain's genesis hash, otherwise opened here (only safe while the server is
 * stopped: the chain's files have one writer) and served on a private port for the time of the run.
 */
export async function openChainSource(config: Config, rpcUrl: string | undefined): Promise<ChainSource> {
  if (rpcUrl) return remoteSource(rpcUrl);
  return byChain(config.chain, {
    remote: async (remote) => remoteSource(remote.rpcUrl),
    embedded: () => embeddedSource(config),
  });
}

const nothing = async () => {};

function remoteSource(url: string): ChainSource {
  return {
    rpc: createChainRpc(url),
    description: url,
    fundingAddresses: [],
    serverRunning: false,
    close: nothing,
  };
}

async function embeddedSource(config: Config): Promise<ChainSource> {
  const genesis = await localGenesis(config.dataDir);
  if (!genesis)
    throw new ReconcileSetupError(
      `no local chain in ${config.dataDir}/chain and no --rpc-url or SOLANA_RPC_URL`,
    );
  const funding = [genesis.faucetAddress];
  const serverUrl = `http://127.0.0.1:${config.port}/rpc`;
  if (await answersAs(serverUrl, genesis.genesisHash)) {
    return {
      rpc: createChainRpc(serverUrl),
      description: `the running server's local chain at ${serverUrl}`,
      fundingAddresses: funding,
      serverRunning: true,
      close: nothing,
    };
  }

  const chain = await createLocalChain({ dataDir: config.dataDir, clock: systemClock });
  // Reconcile's own private endpoint on loopback: no per-IP limit to meet.
  let endpoint: Awaited<ReturnType<typeof serveOnLoopback>>;
  try {
    endpoint = await serveOnLoopback(chain);
  } catch (error) {
    await chain.close();
    throw error;
  }
  return {
    rpc: createChainRpc(endpoint.url),
    description: `the local chain in ${config.dataDir}/chain (server stopped)`,
    fundingAddresses: funding,
    serverRunning: false,
    async close() {
      await endpoint.close();
      await chain.close();
    },
  };
}
