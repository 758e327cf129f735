import type { Address, Signature } from '@solana/kit';
import { inArray } from 'drizzle-orm';
import type { Clock } from '../../../common/clock.ts';
import type { Database } from '../../db/database.ts';
import { payoutJobs, transactions } from '../../db/schema/index.ts';
import { fetchTransaction, type ReconcileRpc, toHouseTransaction } from '../reconcile/reconcile-chain.ts';
import { settleUnclaimedTransaction, type UnclaimedOutcome } from './unclaimed-transfer-settle.ts';

/**
 * The chain pass of the sweeper (ARCHITECTURE invariant 10): the house wallet's incoming transfers that back no
 * ledger row, once older than the grace, are settled by settleUnclaimedTransaction. Bounded by a cursor kept in
 * memory: the newest signature that, with everything older, is past the grace and settled. Each pass lists only
 * the signatures after it (the grace window and what arrived since the last pass) and fetches only those that
 * no ledger row or payout job names. A Blink payment whose challenge is still open holds the cursor back. A process's first pass has no cursor and reads back `lookbackMs`;
 * anything older is left to `npm run reconcile`, which reads the whole history and reports it.
 */

export const CHAIN_SWEEP_LOOKBACK_MS = 24 * 60 * 60_000;
const PAGE_SIZE = 1000;
const RPC_TIMEOUT_MS = 30_000;
const FETCH_CONCURRENCY = 4;

export interface ChainSweepOptions {
  db: Database;
  rpc: ReconcileRpc;
  houseWallet: Address;
  clock: Clock;
  fundingAddresses: readonly string[];
  graceMs: number;
  lookbackMs?: number;
  pageSize?: number;
  /** Aborts the RPC calls in flight (the server is stopping). */
  signal?: AbortSignal;
}

export type ChainSweepReport = Record<UnclaimedOutcome, number> & {
  /** Signatures listed after the cursor, and how many of those no ledger row named. */
  listed: number;
  examined: number;
};

interface Listed {
  signature: Signature;
  /** When it landed (ms), from its block time; a signature without one counts from when this pass first saw it. */
  at: number;
  failed: boolean;
}

export function createChainSweep(options: ChainSweepOptions) {
  const { db, rpc, houseWallet, clock, graceMs } = options;
  const lookbackMs = options.lookbackMs ?? CHAIN_SWEEP_LOOKBACK_MS;
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const funding = new Set(options.fundingAddresses);
  let cursor: Signature | undefined;
  const firstSeen = new Map<Signature, number>();
  const deadline = () => {
    const timeout = AbortSignal.timeout(RPC_TIMEOUT_MS);
    return options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  };

  /** The house's signatures newer than the cursor (or within the lookback), newest first. */
  async function listAfterCursor(now: number): Promise<Listed[]> {
    const listed: Listed[] = [];
    let before: Signature | undefined;
    for (;;) {
      const page = await rpc
        .getSignaturesForAddress(houseWallet, {
          limit: pageSize,
          commitment: 'confirmed',
          ...(cursor ? { until: cursor } : {}),
          ...(before ? { before } : {}),
        })
        .send({ abortSignal: deadline() });
      for (const entry of page) {
        const seen = firstSeen.get(entry.signature) ?? now;
        if (entry.blockTime === null) firstSeen.set(entry.signature, seen);
        const at = entry.blockTime === null ? seen : Number(entry.blockTime) * 1000;
        listed.push({ signature: entry.signature, at, failed: entry.err !== null });
      }
      const last = listed[listed.length - 1];
      if (page.length < pageSize || !last || (!cursor && last.at < now - lookbackMs)) break;
      before = last.signature;
    }
    return cursor ? listed : listed.filter((entry) => entry.at >= now - lookbackMs);
  }

  /** The listed signatures some ledger row or payout job already names. */
  async function namedInLedger(signatures: readonly string[]): Promise<Set<string>> {
    if (signatures.length === 0) return new Set();
    const [rows, jobs] = await Promise.all([
      db
        .select({ signature: transactions.transactionSignature })
        .from(transactions)
        .where(inArray(transactions.transactionSignature, [...signatures])),
      db
        .select({ signature: payoutJobs.signature })
        .from(payoutJobs)
        .where(inArray(payoutJobs.signature, [...signatures])),
    ]);
    return new Set([...rows, ...jobs].map((r) => r.signature).filter((s): s is string => s !== null));
  }

  async function runOnce(): Promise<ChainSweepReport> {
    const now = clock.now();
    const listed = await listAfterCursor(now);
    // Newest first: the settled part is the longest run of ripe signatures at the old end.
    let start = listed.length;
    while (start > 0 && (listed[start - 1] as Listed).at <= now - graceMs) start -= 1;
    const ripe = listed.slice(start);
    const landed = ripe.filter((entry) => !entry.failed).map((entry) => entry.signature);
    const named = await namedInLedger(landed);
    const unnamed = landed.filter((signature) => !named.has(signature));
    const report: ChainSweepReport = {
      listed: listed.length,
      examined: unnamed.length,
      'none-incoming': 0,
      funding: 0,
      refunded: 0,
      reported: 0,
      'already-settled': 0,
      'awaiting-challenge': 0,
    };
    const awaiting = new Set<Signature>();
    for (let i = 0; i < unnamed.length; i += FETCH_CONCURRENCY) {
      const batch = unnamed.slice(i, i + FETCH_CONCURRENCY);
      const fetched = await Promise.all(batch.map((s) => fetchTransaction(rpc, s, deadline())));
      for (const [j, parsed] of fetched.entries()) {
        const signature = batch[j] as Signature;
        const houseTx = toHouseTransaction(signature, parsed, houseWallet);
        const outcome = await settleUnclaimedTransaction(db, houseTx, funding, new Date(clock.now()));
        report[outcome] += 1;
        if (outcome === 'awaiting-challenge') awaiting.add(signature);
      }
    }
    // Only once every ripe signature is settled: a pass that failed half-way is done again from the same
    // place. A Blink payment whose challenge is still open is not settled: the cursor stays older than it, so
    // the next passes (and a restarted node's first) read it again until its challenge closes.
    let oldestAwaiting = -1;
    ripe.forEach((entry, at) => {
      if (awaiting.has(entry.signature)) oldestAwaiting = at;
    });
    const settled = ripe.slice(oldestAwaiting + 1);
    if (settled[0]) cursor = settled[0].signature;
    for (const entry of settled) firstSeen.delete(entry.signature);
    return report;
  }

  return { runOnce };
}

export type ChainSweep = ReturnType<typeof createChainSweep>;
