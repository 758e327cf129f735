import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  createSolanaRpc,
  createTransactionMessage,
  devnet,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  type KeyPairSigner,
  type Lamports,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget';
import { getTransferSolInstruction } from '@solana-program/system';
import Fastify, { type FastifyInstance } from 'fastify';
import { createFakeClock, type FakeClock } from '../../src/common/clock.ts';
import { createLocalChain, type LocalChain } from '../../src/server/chain/local/local-chain.ts';
import type { PubSubHub } from '../../src/server/chain/local-rpc/pubsub/pubsub-hub.ts';
import type { PubSubLimits } from '../../src/server/chain/local-rpc/pubsub/pubsub-limits.ts';
import { registerRpcRoute } from '../../src/server/chain/local-rpc/rpc-route.ts';

/** Test support: the product's path (Fastify route + Kit client) over a fresh or reopened chain folder. */
export interface LocalChainServer {
  dataDir: string;
  clock: FakeClock;
  chain: LocalChain;
  app: FastifyInstance;
  url: string;
  /** The same /rpc as a WebSocket URL: Solana's PubSub endpoint. */
  wsUrl: string;
  /** The PubSub hub behind wsUrl, to watch what it does. */
  subscriptions: PubSubHub;
  /**
   * Moves the chain clock by whole slots and lets the PubSub hub see it at once, as its timer would within
   * a fraction of a slot: notifications become due exactly when a test says so.
   */
  advanceSlots(slots: number): void;
  /** Typed as a test cluster (Kit's devnet brand) so requestAirdrop is available. */
  rpc: ReturnType<typeof createSolanaRpc<ReturnType<typeof devnet>>>;
  /** Stops the HTTP server; `closeChain: false` abandons the chain as a killed process would. */
  stop(options?: { closeChain?: boolean }): Promise<void>;
}

/** The local chain's default slot length. */
export const SLOT_MS = 400;

export async function makeDataDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'pong-chain-'));
}

export async function removeDataDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

export async function startLocalChainServer(
  options: {
    dataDir?: string;
    clock?: FakeClock;
    snapshotEvery?: number;
    /** The /rpc per-IP limit (none unless given) and the PubSub caps (the product's unless given). */
    perIp?: { capacity: number; refillPerMinute: number };
    subscriptionLimits?: Partial<PubSubLimits>;
  } = {},
): Promise<LocalChainServer> {
  const dataDir = options.dataDir ?? (await makeDataDir());
  const clock = options.clock ?? createFakeClock();
  const chain = await createLocalChain({ dataDir, clock, snapshotEvery: options.snapshotEvery });
  const app = Fastify();
  // Tests fund wallets generously and poll fast: the product's /rpc limits are tested on their own.
  const { subscriptions } = await registerRpcRoute(app, chain, {
    perIp: options.perIp ?? null,
    maxAirdropLamports: 1_000_000n * 1_000_000_000n,
    subscriptions: options.subscriptionLimits,
    clock,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/rpc`;
  return {
    dataDir,
    clock,
    chain,
    app,
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    subscriptions,
    advanceSlots(slots) {
      clock.advance(slots * SLOT_MS);
      subscriptions.tick();
    },
    rpc: createSolanaRpc(devnet(url)),
    async stop({ closeChain = true } = {}) {
      await app.close();
      if (closeChain) await chain.close();
    },
  };
}

/** Polls like product code does, moving the fake clock one slot between polls instead of sleeping. */
export async function waitForCommitment(
  server: LocalChainServer,
  signature: Signature,
  wanted: 'confirmed' | 'finalized',
): Promise<void> {
  for (let poll = 0; poll < 100; poll++) {
    const { value } = await server.rpc.getSignatureStatuses([signature]).send();
    const status = value[0]?.confirmationStatus;
    if (status === wanted || status === 'finalized') return;
    server.clock.advance(400);
  }
  throw new Error(`${signature} never reached ${wanted}`);
}

export async function airdropTo(server: LocalChainServer, lamports: bigint): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner();
  const signature = await server.rpc.requestAirdrop(signer.address, lamports as Lamports).send();
  await waitForCommitment(server, signature, 'confirmed');
  return signer;
}

/** The product's entry payment: a System transfer with compute unit price 10,000 micro-lamports. */
export async function signedTransfer(options: {
  from: KeyPairSigner;
  to: Address;
  lamports: bigint;
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint };
  version?: 'legacy' | 0;
}) {
  const message = pipe(
    createTransactionMessage({ version: options.version ?? 'legacy' }),
    (m) => setTransactionMessageFeePayerSigner(options.from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(options.lifetime, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getSetComputeUnitPriceInstruction({ microLamports: 10_000n }),
          getTransferSolInstruction({
            source: options.from,
            destination: options.to,
            amount: options.lamports,
          }),
        ],
        m,
      ),
  );
  const transaction = await signTransactionMessageWithSigners(message);
  return { transaction, wire: getBase64EncodedWireTransaction(transaction) };
}
