import type { Address } from '@solana/kit';
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { TransactionStatus, TransactionType } from '../../db/schema/enums.ts';
import { transactions } from '../../db/schema/index.ts';
import { recordSystemEvent } from '../../operations-log/system-events.ts';
import { signedInAmong } from '../../security/signed-in-wallets.ts';
import { blinkPaymentOf, challengeCodesReferenced } from '../entry/challenge-action-payment.ts';
import { readUnaccountedEntryFees, whyUnaccounted } from '../payout/unused-entry-sweep.ts';
import {
  type HouseTransaction,
  type HouseTransfer,
  type ReconcileRpc,
  readHouseHistory,
} from './reconcile-chain.ts';
import type { ReconcileDifference } from './reconcile-differences.ts';
import { readUnresolvedFailedJobs } from './reconcile-failed-jobs.ts';

export type { ReconcileDifference } from './reconcile-differences.ts';

/** The ledger types that move money on chain, and which way (ARCHITECTURE: entry fees in, the rest out). */
const DIRECTION = { entry_fee: 'in', winner_payout: 'out', refund: 'out' } as const;
type MoneyType = keyof typeof DIRECTION;
const MONEY_TYPES = Object.keys(DIRECTION) as MoneyType[];

interface LedgerRow {
  id: string;
  type: TransactionType;
  walletAddress: string;
  amountLamports: bigint;
  status: TransactionStatus;
  signature: string | null;
}

export interface ReconcileReport {
  differences: ReconcileDifference[];
  summary: {
    chainTransactions: number;
    failedChainTransactions: number;
    ledgerRows: number;
    matched: number;
    /** Incoming transfers from a funding address: how the house wallet is topped up, not game money. */
    funding: number;
    /** Sent payouts or refunds not on chain yet: the worker is still on them. */
    inFlight: number;
    /** Player payments no outcome accounts for (each is also a difference): zero when every one is settled. */
    unaccountedPayments: number;
  };
}

export interface ReconcileOptions {
  db: Database;
  rpc: ReconcileRpc;
  houseWallet: Address;
  /** Sources whose incoming transfers need no ledger row: the operator's treasury, the local faucet. */
  fundingAddresses?: readonly string[];
  pageSize?: number;
}

async function readLedger(db: Database): Promise<LedgerRow[]> {
  return db
    .select({
      id: transactions.id,
      type: transactions.type,
      walletAddress: transactions.walletAddress,
      amountLamports: transactions.amountLamports,
      status: transactions.status,
      signature: transactions.transactionSignature,
    })
    .from(transactions)
    .where(
      and(
        inArray(transactions.type, MONEY_TYPES),
        or(isNotNull(transactions.transactionSignature), eq(transactions.status, 'confirmed')),
      ),
    );
}

const sameTransfer = (a: HouseTransfer, b: HouseTransfer) =>
  a.direction === b.direction && a.counterparty === b.counterparty && a.lamports === b.lamports;

/**
 * Compares the ledger with the house wallet's on-chain history (after any fault, every house-wallet transaction matches exactly one ledger row): every
 * house transfer on chain matches exactly one ledger row with the same signature, wallet, amount and
 * direction, and every confirmed ledger row with a signature is on chain as it says.
 */
export async function reconcile(options: ReconcileOptions): Promise<ReconcileReport> {
  const { houseWallet } = options;
  const funding = new Set(options.fundingAddresses ?? []);
  const [ledger, history, failedJobs, unaccountedFees] = await Promise.all([
    readLedger(options.db),
    readHouseHistory(options.rpc, houseWallet, { pageSize: options.pageSize }),
    readUnresolvedFailedJobs(options.db),
    readUnaccountedEntryFees(options.db),
  ]);
  const bySignature = new Map<string, HouseTransaction>(history.map((tx) => [tx.signature, tx]));
  /** Transfers of successful transactions not yet accounted for by a ledger row. */
  const unmatched = new Map(
    history.filter((tx) => tx.err === null).map((tx) => [tx.signature, [...tx.transfers]]),
  );
  const differences: ReconcileDifference[] = [];
  const summary = {
    chainTransactions: history.length,
    failedChainTransactions: history.length - unmatched.size,
    ledgerRows: ledger.length,
    matched: 0,
    funding: 0,
    inFlight: 0,
    unaccountedPayments: 0,
  };

  for (const row of ledger) {
    const type = row.type as MoneyType;
    if (row.signature === null) {
      differences.push({ kind: 'confirmed-without-signature', ledgerId: row.id, type });
      continue;
    }
    const tx = bySignature.get(row.signature);
    const ref = { ledgerId: row.id, type, signature: row.signature };
    if (!tx) {
      if (row.status === 'confirmed') differences.push({ kind: 'missing-on-chain', ...ref });
      else if (row.status === 'processing' || row.status === 'pending') summary.inFlight += 1;
      continue;
    }
    if (tx.err !== null) {
      if (row.status === 'confirmed') differences.push({ kind: 'failed-on-chain', ...ref, err: tx.err });
      continue;
    }
    const expected: HouseTransfer = {
      direction: DIRECTION[type],
      counterparty: row.walletAddress as Address,
      lamports: row.amountLamports,
    };
    const remaining = unmatched.get(tx.signature) ?? [];
    const at = remaining.findIndex((t) => sameTransfer(t, expected));
    if (at < 0) {
      differences.push({ kind: 'transfer-mismatch', ...ref, ledger: expected, chain: tx.transfers });
      // The transfers of this signature are explained (wrongly) by this row; do not report them twice.
      unmatched.set(tx.signature, []);
      continue;
    }
    remaining.splice(at, 1);
    summary.matched += 1;
    if (type !== 'entry_fee' && (row.status === 'failed' || row.status === 'redundant')) {
      differences.push({ kind: 'status-mismatch', ...ref, status: row.status });
    }
  }

  // Money in that no row records: a player's payment when the sender ever signed in or paid through a
  // challenge's Action (the product built it, the sweeper refunds it), a stranger's otherwise.
  const players = await signedInAmong(
    options.db,
    [...unmatched.values()].flat().flatMap((t) => (t.direction === 'in' ? [t.counterparty] : [])),
  );
  const blinks = await blinkChallenges(options.db, history, unmatched, funding);
  for (const tx of history) {
    for (const transfer of unmatched.get(tx.signature) ?? []) {
      const challengeCode = transfer.direction === 'in' ? blinks.get(tx.signature) : undefined;
      if (transfer.direction === 'in' && funding.has(transfer.counterparty)) summary.funding += 1;
      else if (challengeCode) {
        differences.push({
          kind: 'unaccounted-payment',
          source: 'chain',
          signature: tx.signature,
          transfer,
          challengeCode,
        });
      } else if (transfer.direction === 'in' && players.has(transfer.counterparty)) {
        differences.push({ kind: 'unaccounted-payment', source: 'chain', signature: tx.signature, transfer });
      } else differences.push({ kind: 'unrecorded-transfer', signature: tx.signature, transfer });
    }
    // Failed transactions still cost their fee; successful ones move exactly their transfers and fee.
    const moved = tx.err === null ? tx.transfers : [];
    const expected =
      moved.reduce((sum, t) => (t.direction === 'in' ? sum + t.lamports : sum - t.lamports), 0n) - tx.feePaid;
    if (expected !== tx.balanceChange) {
      differences.push({
        kind: 'unexplained-balance-change',
        signature: tx.signature,
        expected,
        actual: tx.balanceChange,
      });
    }
  }
  // Owed money the worker gave up on: a difference until an admin resolves it.
  for (const job of failedJobs) differences.push({ kind: 'failed-payout-job', job });
  for (const fee of unaccountedFees) {
    differences.push({
      kind: 'unaccounted-payment',
      source: 'ledger',
      entryTransactionId: fee.entryTransactionId,
      walletAddress: fee.walletAddress,
      lamports: fee.lamports,
      signature: fee.signature,
      why: whyUnaccounted(fee),
    });
  }
  summary.unaccountedPayments = differences.filter((d) => d.kind === 'unaccounted-payment').length;
  return { differences, summary };
}

/**
 * The unmatched transactions that are Blink payments (one incoming transfer besides funding, carrying a
 * recorded challenge reference, of that challenge's wager), and the challenge each pays: as the sweeper
 * judges them (blinkPaymentOf), so what reconcile calls a player's payment is what the sweeper refunds.
 */
async function blinkChallenges(
  db: Database,
  history: readonly HouseTransaction[],
  unmatched: ReadonlyMap<string, readonly HouseTransfer[]>,
  funding: ReadonlySet<string>,
): Promise<Map<string, string>> {
  const candidates = history.flatMap((tx) => {
    const incoming = (unmatched.get(tx.signature) ?? []).filter(
      (t) => t.direction === 'in' && !funding.has(t.counterparty),
    );
    return incoming.length === 1 && incoming[0] ? [{ tx, lamports: incoming[0].lamports }] : [];
  });
  const referenced = await challengeCodesReferenced(
    db,
    candidates.flatMap(({ tx }) => tx.accountKeys),
  );
  const found = new Map<string, string>();
  for (const { tx, lamports } of candidates) {
    if (!tx.accountKeys.some((key) => referenced.has(key))) continue;
    const blink = await blinkPaymentOf(db, tx.accountKeys, lamports);
    if (blink) found.set(tx.signature, blink.code);
  }
  return found;
}

/** The system event of each completed run; the admin Overview shows the latest as the last reconciliation. */
export const RECONCILIATION_EVENT = 'reconciliation_completed';

/** One line saying what a run found and compared (printed by the CLI, kept as the event's message). */
export function reconcileSummaryLine(report: ReconcileReport): string {
  const s = report.summary;
  return `${report.differences.length} difference(s); ${s.chainTransactions} house transaction(s) on chain (${s.failedChainTransactions} failed), ${s.ledgerRows} ledger row(s) with money on chain, ${s.matched} matched, ${s.funding} funding transfer(s), ${s.inFlight} payout(s) in flight, ${s.unaccountedPayments} unaccounted payment(s)`;
}

/** Records a completed run: critical when it found differences (someone must look), otherwise informational. */
export async function recordReconciliation(
  db: Database,
  report: ReconcileReport,
  houseWallet: string,
): Promise<void> {
  const differences = report.differences.length;
  await recordSystemEvent(db, {
    severity: differences > 0 ? 'critical' : 'other',
    eventType: RECONCILIATION_EVENT,
    message: `Reconciliation of house wallet ${houseWallet}: ${reconcileSummaryLine(report)}`,
    details: {
      houseWallet,
      ok: differences === 0,
      differences,
      kinds: [...new Set(report.differences.map((d) => d.kind))],
      summary: report.summary,
    },
  });
}
