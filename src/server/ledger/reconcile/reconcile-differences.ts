import type { Signature, TransactionError } from '@solana/kit';
import type { TransactionStatus, TransactionType } from '../../db/schema/enums.ts';
import { describeImbalance, type LedgerImbalance } from './ledger-balance.ts';
import type { HouseTransfer } from './reconcile-chain.ts';
import type { FailedPayoutJob } from './reconcile-failed-jobs.ts';

/** One disagreement between the ledger and the house wallet's history on chain (STYLE.md 5). */
export type ReconcileDifference =
  /** Money moved on chain that no ledger row accounts for (incoming from a funding address excepted). */
  | { kind: 'unrecorded-transfer'; signature: Signature; transfer: HouseTransfer }
  /** A confirmed ledger row whose signature is not in the house wallet's history. */
  | { kind: 'missing-on-chain'; ledgerId: string; type: TransactionType; signature: string }
  /** A confirmed ledger row whose transaction failed on chain: no money moved. */
  | {
      kind: 'failed-on-chain';
      ledgerId: string;
      type: TransactionType;
      signature: string;
      err: TransactionError;
    }
  /** The row's signature landed, but not as the row says: other wallet, amount or direction. */
  | {
      kind: 'transfer-mismatch';
      ledgerId: string;
      type: TransactionType;
      signature: string;
      ledger: HouseTransfer;
      chain: HouseTransfer[];
    }
  /** A payout or refund the ledger calls failed or redundant, while its transfer landed. */
  | {
      kind: 'status-mismatch';
      ledgerId: string;
      type: TransactionType;
      signature: string;
      status: TransactionStatus;
    }
  /** A payout or refund confirmed in the ledger without a signature to prove it. */
  | { kind: 'confirmed-without-signature'; ledgerId: string; type: TransactionType }
  /** The house balance moved by more than its System transfers and fee explain. */
  | { kind: 'unexplained-balance-change'; signature: Signature; expected: bigint; actual: bigint }
  /** An entry fee or a game whose lamports the ledger does not account for exactly (RELIABILITY 27). */
  | { kind: 'ledger-imbalance'; imbalance: LedgerImbalance }
  /** A payout or refund the worker gave up on, whose critical system event is not resolved yet. */
  | { kind: 'failed-payout-job'; job: FailedPayoutJob }
  /**
   * A player's payment that is none of a live entry, a played match, a refund or a cancel's kept share
   * (ARCHITECTURE invariant 10): an entry fee row nothing claims, or a transfer from a signed-in wallet that
   * backs no ledger row. The running sweeper refunds it once it is older than its grace.
   */
  | ({ kind: 'unaccounted-payment' } & UnaccountedPayment);

export type UnaccountedPayment =
  | {
      source: 'ledger';
      entryTransactionId: string;
      walletAddress: string;
      lamports: bigint;
      signature: string | null;
      why: string;
    }
  | {
      source: 'chain';
      signature: Signature;
      transfer: HouseTransfer;
      /** Set when it is a Blink payment: the challenge whose Action built it (its payer may never sign in). */
      challengeCode?: string;
    };

const lamports = (n: bigint) => `${n} lamports`;

function describeTransfer(t: HouseTransfer): string {
  return t.direction === 'in'
    ? `${lamports(t.lamports)} in from ${t.counterparty}`
    : `${lamports(t.lamports)} out to ${t.counterparty}`;
}

/** One line per difference, for the CLI and for logs. */
export function describeDifference(d: ReconcileDifference): string {
  switch (d.kind) {
    case 'unrecorded-transfer':
      return `unrecorded ${d.transfer.direction === 'in' ? 'incoming' : 'outgoing'} transfer ${d.signature}: ${describeTransfer(d.transfer)} has no ledger row`;
    case 'missing-on-chain':
      return `ledger row ${d.ledgerId} (${d.type}, confirmed) names ${d.signature}, which is not in the house wallet's history`;
    case 'failed-on-chain':
      return `ledger row ${d.ledgerId} (${d.type}, confirmed) names ${d.signature}, which failed on chain: ${JSON.stringify(d.err, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}`;
    case 'transfer-mismatch': {
      const chain = d.chain.length ? d.chain.map(describeTransfer).join('; ') : 'no house transfer';
      return `ledger row ${d.ledgerId} (${d.type}) says ${describeTransfer(d.ledger)}, but ${d.signature} shows ${chain}`;
    }
    case 'status-mismatch':
      return `ledger row ${d.ledgerId} (${d.type}) is ${d.status}, but its transfer ${d.signature} landed on chain`;
    case 'confirmed-without-signature':
      return `ledger row ${d.ledgerId} (${d.type}) is confirmed but has no transaction signature`;
    case 'unexplained-balance-change':
      return `transaction ${d.signature} changed the house balance by ${lamports(d.actual)}; its transfers and fee explain ${lamports(d.expected)}`;
    case 'ledger-imbalance':
      return `ledger does not balance: ${describeImbalance(d.imbalance)}`;
    case 'failed-payout-job': {
      const { job } = d;
      return `payout job ${job.jobId} (${job.jobKind} of ${lamports(job.amountLamports)} to ${job.walletAddress}, ledger row ${job.ledgerId ?? 'none'}) failed and is unresolved: ${job.lastError ?? 'no reason recorded'}; pay or re-queue it, then resolve its payout_job_failed system event`;
    }
    case 'unaccounted-payment':
      return d.source === 'ledger'
        ? `unaccounted payment: entry fee ${d.entryTransactionId} (${lamports(d.lamports)} from ${d.walletAddress}, ${d.signature ?? 'no signature'}): ${d.why}, and nothing refunds it yet`
        : d.challengeCode
          ? `unaccounted payment: ${d.signature} moved ${describeTransfer(d.transfer)}, a Blink (Solana Action) payment for challenge ${d.challengeCode}, and no ledger row records it`
          : `unaccounted payment: ${d.signature} moved ${describeTransfer(d.transfer)}, a wallet that signed in, and no ledger row records it`;
    default: {
      const unknown: never = d;
      return `unknown difference ${JSON.stringify(unknown)}`;
    }
  }
}
