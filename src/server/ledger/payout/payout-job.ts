import type { Base64EncodedWireTransaction, Signature } from '@solana/kit';
import type { PayoutJobKind } from '../../db/schema/enums.ts';
import type { payoutJobs } from '../../db/schema/index.ts';

type PayoutJobRow = typeof payoutJobs.$inferSelect;

/** What every claimed job carries, whatever its state. */
interface ClaimedJobBase {
  id: string;
  kind: PayoutJobKind;
  /** The wallet that paid the entry fee (ARCHITECTURE invariant 3), as owePayment stored it. */
  walletAddress: string;
  amountLamports: bigint;
  /** The ledger row (winner_payout or refund) this job settles. */
  transactionId: string | null;
  /** The game it settles (always for a winner payout; a search's refund has none). */
  gameId: string | null;
  attempts: number;
  /** Refusals by the chain so far (not for the house's funds); the job fails at the worker's bound. */
  refusals: number;
  /** The claim: every write of the step is guarded by both, so a worker whose lease was taken over writes nothing. */
  lockedBy: string;
  lockedAt: Date;
}

/** A signed transfer as stored before it is sent: the same bytes are re-sent until the blockhash expires. */
export interface StoredTransfer {
  signature: Signature;
  wire: Base64EncodedWireTransaction;
  lastValidBlockHeight: bigint;
}

/**
 * A claimed payout job (STYLE.md 5). The stored signature, not the status column, decides what to do: a job
 * without one has never been signed (or its last signature was abandoned after its blockhash expired); a
 * job with one may be on chain, so it is looked up and never signed again while it might still land.
 */
export type ClaimedJob =
  | (ClaimedJobBase & { state: 'unsigned' })
  | (ClaimedJobBase & { state: 'signed'; transfer: StoredTransfer });

export type UnsignedJob = Extract<ClaimedJob, { state: 'unsigned' }>;
export type SignedJob = Extract<ClaimedJob, { state: 'signed' }>;

/** What `onConfirmed` is told once the chain confirmed a payout and the ledger says so. */
export interface ConfirmedPayout {
  jobId: string;
  kind: PayoutJobKind;
  walletAddress: string;
  amountLamports: bigint;
  transactionId: string | null;
  /** The game it settles: the player's game over screen ties the payout to its game by it. */
  gameId: string | null;
  signature: Signature;
}

/** What `onHeld` is told: a payout held for review, never signed. */
export type HeldPayout = Omit<ConfirmedPayout, 'signature'>;

export function claimedJobFromRow(row: PayoutJobRow): ClaimedJob {
  if (row.lockedBy === null || row.lockedAt === null) throw new Error(`payout job ${row.id} is not claimed`);
  const base: ClaimedJobBase = {
    id: row.id,
    kind: row.kind,
    walletAddress: row.walletAddress,
    amountLamports: row.amountLamports,
    transactionId: row.transactionId,
    gameId: row.gameId,
    attempts: row.attempts,
    refusals: row.refusals,
    lockedBy: row.lockedBy,
    lockedAt: row.lockedAt,
  };
  if (row.signature === null) return { ...base, state: 'unsigned' };
  // The database's CHECK guarantees the bytes and the height travel with the signature.
  return {
    ...base,
    state: 'signed',
    transfer: {
      signature: row.signature as Signature,
      wire: row.signedTransaction as Base64EncodedWireTransaction,
      lastValidBlockHeight: row.lastValidBlockHeight as bigint,
    },
  };
}

export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 2_000, maxMs: 5 * 60_000 };

/** Exponential backoff after the `attempt`-th unsuccessful try (1-based), capped. */
export function backoffMs(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  return Math.min(policy.baseMs * 2 ** exponent, policy.maxMs);
}
