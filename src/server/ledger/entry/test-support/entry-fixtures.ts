import {
  type Address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type KeyPairSigner,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget';
import { eq } from 'drizzle-orm';
import {
  type LocalChainServer,
  signedTransfer,
  waitForCommitment,
} from '../../../../../test/support/local-chain-server.ts';
import { walletAnalytics } from '../../../admin/analytics/refresh-wallet-analytics.ts';
import { createChainRpc } from '../../../chain/chain-rpc.ts';
import type { Database } from '../../../db/database.ts';
import { payoutJobs, transactions } from '../../../db/schema/index.ts';
import { createEntryVerifier, type EntryVerifierDeps } from '../entry-verifier.ts';
import type { LookupRpc } from '../verify-lookup.ts';

/** Test support for the entry verifier: real payments on the local chain and what the ledger holds. */

/** A real transfer, legacy or v0, sent through the chain's JSON-RPC; confirmed unless told otherwise. */
export async function pay(
  server: LocalChainServer,
  options: {
    from: KeyPairSigner;
    to: Address;
    lamports: bigint;
    version?: 'legacy' | 0;
    skipPreflight?: boolean;
    confirm?: boolean;
  },
): Promise<Signature> {
  const { value: lifetime } = await server.rpc.getLatestBlockhash().send();
  const { wire } = await signedTransfer({ ...options, lifetime });
  const signature = await server.rpc
    .sendTransaction(wire, { encoding: 'base64', skipPreflight: options.skipPreflight ?? false })
    .send();
  if (options.confirm ?? true) await waitForCommitment(server, signature, 'confirmed');
  return signature;
}

/** A successful transaction with only Compute Budget instructions: paid fees, moved no SOL. */
export async function payNothing(server: LocalChainServer, from: KeyPairSigner): Promise<Signature> {
  const { value: lifetime } = await server.rpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getSetComputeUnitLimitInstruction({ units: 10_000 }),
          getSetComputeUnitPriceInstruction({ microLamports: 10_000n }),
        ],
        m,
      ),
  );
  const wire = getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message));
  const signature = await server.rpc.sendTransaction(wire, { encoding: 'base64' }).send();
  await waitForCommitment(server, signature, 'confirmed');
  return signature;
}

/** The product's RPC client, counting getTransaction calls (RELIABILITY 9: none for a malformed signature). */
export function countingRpc(url: string): { rpc: LookupRpc; calls: () => number } {
  const inner = createChainRpc(url);
  let calls = 0;
  const rpc = {
    getTransaction: (...args: Parameters<LookupRpc['getTransaction']>) => {
      calls++;
      return inner.getTransaction(...args);
    },
  } as LookupRpc;
  return { rpc, calls: () => calls };
}

/**
 * A verifier on the chain's fake clock whose backoff waits advance that clock, so a 30 s budget passes in
 * milliseconds and a processed payment becomes confirmed while the verifier waits, as on a real cluster.
 */
export function verifierOn(
  server: LocalChainServer,
  deps: Pick<EntryVerifierDeps, 'db' | 'houseWallet'> & Partial<EntryVerifierDeps>,
) {
  const sleeps: number[] = [];
  const verifier = createEntryVerifier({
    analytics: walletAnalytics,
    rpc: createChainRpc(server.url),
    clock: server.clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      server.clock.advance(ms);
    },
    ...deps,
  });
  return { verifier, sleeps };
}

export async function ledgerRowsOf(db: Database, signature: string) {
  return db.select().from(transactions).where(eq(transactions.transactionSignature, signature));
}

export async function rowsOfWallet(db: Database, walletAddress: string) {
  return db.select().from(transactions).where(eq(transactions.walletAddress, walletAddress));
}

export async function jobsOfWallet(db: Database, walletAddress: string) {
  return db.select().from(payoutJobs).where(eq(payoutJobs.walletAddress, walletAddress));
}
