import { randomUUID } from 'node:crypto';
import type { Address, KeyPairSigner } from '@solana/kit';
import { and, eq, sql } from 'drizzle-orm';
import {
  type LocalChainServer,
  signedTransfer,
  waitForCommitment,
} from '../../../../../test/support/local-chain-server.ts';
import type { FakeClock } from '../../../../common/clock.ts';
import type { Database } from '../../../db/database.ts';
import { payoutJobs, systemEvents, transactions } from '../../../db/schema/index.ts';
import { readHouseHistory } from '../../reconcile/reconcile-chain.ts';
import { owePayment } from '../owe-payment.ts';
import type { PayoutWorker } from '../payout-worker.ts';

/** Test support for the payout worker and reconciliation: real money on the local chain, real ledger rows. */

/** A real entry payment from `player` to the house, confirmed, and its entry_fee ledger row. */
export async function payEntry(
  server: LocalChainServer,
  db: Database,
  options: { player: KeyPairSigner; house: Address; lamports: bigint },
): Promise<{ entryTransactionId: string; signature: string }> {
  const { value: lifetime } = await server.rpc.getLatestBlockhash().send();
  const { wire } = await signedTransfer({
    from: options.player,
    to: options.house,
    lamports: options.lamports,
    lifetime,
  });
  const signature = await server.rpc.sendTransaction(wire, { encoding: 'base64' }).send();
  await waitForCommitment(server, signature, 'confirmed');
  const at = new Date(server.clock.now());
  const [row] = await db
    .insert(transactions)
    .values({
      type: 'entry_fee',
      status: 'confirmed',
      walletAddress: options.player.address,
      amountLamports: options.lamports,
      transactionSignature: signature,
      gameMode: 'smol_shrimp',
      createdAt: at,
      updatedAt: at,
      confirmedAt: at,
    })
    .returning({ id: transactions.id });
  return { entryTransactionId: row!.id, signature };
}

/** A winner payout owed for a fresh game, as the game server writes it. */
export async function owePayout(db: Database, wallet: Address, lamports: bigint, at: Date) {
  return db.transaction((tx) =>
    owePayment(
      tx,
      {
        kind: 'winner_payout',
        walletAddress: wallet,
        amountLamports: lamports,
        gameId: randomUUID(),
        gameMode: 'smol_shrimp',
      },
      at,
    ),
  );
}

/**
 * A refund of a verified entry, as a cancelled search writes it: the refund owed and, when less than the
 * entry comes back, the share the house keeps (so the ledger balances).
 */
export async function oweRefund(
  db: Database,
  options: {
    wallet: Address;
    lamports: bigint;
    entryTransactionId: string;
    at: Date;
    entryLamports?: bigint;
  },
) {
  return db.transaction(async (tx) => {
    const kept = (options.entryLamports ?? options.lamports) - options.lamports;
    if (kept > 0n) {
      await tx.insert(transactions).values({
        type: 'commission',
        walletAddress: options.wallet,
        amountLamports: kept,
        status: 'confirmed',
        reason: 'cancelled_search',
        originalTransactionId: options.entryTransactionId,
        createdAt: options.at,
      });
    }
    return owePayment(
      tx,
      {
        kind: 'refund',
        walletAddress: options.wallet,
        amountLamports: options.lamports,
        reason: 'cancelled_search',
        refundPercentage: 97,
        entryTransactionId: options.entryTransactionId,
        gameMode: 'smol_shrimp',
      },
      options.at,
    );
  });
}

export async function readJob(db: Database, jobId: string) {
  const [job] = await db.select().from(payoutJobs).where(eq(payoutJobs.id, jobId));
  if (!job) throw new Error(`no payout job ${jobId}`);
  return job;
}

export async function readLedgerRow(db: Database, transactionId: string) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!row) throw new Error(`no ledger row ${transactionId}`);
  return row;
}

export async function criticalEventsFor(db: Database, jobId: string) {
  const events = await db.select().from(systemEvents).where(eq(systemEvents.severity, 'critical'));
  return events.filter((event) => (event.details as { jobId?: string } | null)?.jobId === jobId);
}

/** An admin dealt with a failed job (paid it by hand): its payout_job_failed events are resolved. */
export async function resolveFailedJob(db: Database, jobId: string): Promise<void> {
  await db
    .update(systemEvents)
    .set({ resolvedAt: sql`now()`, resolvedBy: 'admin@test', resolutionNotes: 'paid by hand' })
    .where(
      and(eq(systemEvents.eventType, 'payout_job_failed'), sql`${systemEvents.details}->>'jobId' = ${jobId}`),
    );
}

/** Successful transfers from the house to `recipient` on chain, read from the house wallet's history. */
export async function transfersFromHouse(server: LocalChainServer, house: Address, recipient: Address) {
  const history = await readHouseHistory(server.rpc, house);
  return history.flatMap((tx) =>
    tx.err === null
      ? tx.transfers
          .filter((t) => t.direction === 'out' && t.counterparty === recipient)
          .map((t) => ({ signature: tx.signature, lamports: t.lamports }))
      : [],
  );
}

export async function balanceOf(server: LocalChainServer, address: Address): Promise<bigint> {
  return (await server.rpc.getBalance(address, { commitment: 'confirmed' }).send()).value;
}

/**
 * Runs the worker until the job is confirmed, moving the shared fake clock `stepMs` between runs so the
 * chain produces slots and the job falls due. Throws after `maxRuns`.
 */
export async function runUntilConfirmed(
  worker: PayoutWorker,
  server: LocalChainServer,
  db: Database,
  jobId: string,
  /** `workerClock`: the worker's own clock when it is not the chain's; moved along with it. */
  options: { stepMs?: number; maxRuns?: number; workerClock?: FakeClock } = {},
) {
  for (let run = 0; run < (options.maxRuns ?? 50); run++) {
    await worker.runOnce();
    const [job] = await db
      .select({ status: payoutJobs.status })
      .from(payoutJobs)
      .where(and(eq(payoutJobs.id, jobId), eq(payoutJobs.status, 'confirmed')));
    if (job) return readJob(db, jobId);
    server.clock.advance(options.stepMs ?? 2_000);
    options.workerClock?.advance(options.stepMs ?? 2_000);
  }
  throw new Error(`payout job ${jobId} was not confirmed`);
}
