import type { Commitment, TransactionError } from '@solana/kit';

/** The part of a getSignatureStatuses entry the verdict reads. */
export interface ChainSignatureStatus {
  slot: bigint;
  confirmationStatus: Commitment | null;
  err: TransactionError | null;
}

/** What a stored, signed transfer is, given what the chain shows (STYLE.md 5). */
export type SignedTransferVerdict =
  /** Landed without error at confirmed or finalized: the job is paid. */
  | { kind: 'paid'; slot: bigint; status: Commitment }
  /** Landed without error but only processed: a fork could still drop it, so look again soon. */
  | { kind: 'awaiting-confirmation' }
  /** Not seen and the blockhash is still valid: it may land yet, so re-send the same bytes. */
  | { kind: 'resend' }
  /** Landed with an error while the blockhash is valid: not paid; wait for expiry before signing anew. */
  | { kind: 'failed-awaiting-expiry'; err: TransactionError }
  /**
   * Not landed (or landed with an error) and the confirmed block height is past its last valid one: these
   * bytes can never move money. Signing anew is safe once one more look-up, made after this block height
   * was seen, still shows nothing.
   */
  | { kind: 'expired'; err: TransactionError | null };

/**
 * The exactly-once rule of ARCHITECTURE invariant 3 as a pure function: a transfer is never replaced while
 * it could still land. `blockHeight` is the confirmed block height, read after `status`.
 */
export function judgeSignedTransfer(
  status: ChainSignatureStatus | null,
  blockHeight: bigint,
  lastValidBlockHeight: bigint,
): SignedTransferVerdict {
  const expired = blockHeight > lastValidBlockHeight;
  if (status === null) return expired ? { kind: 'expired', err: null } : { kind: 'resend' };
  if (status.err !== null) {
    return expired
      ? { kind: 'expired', err: status.err }
      : { kind: 'failed-awaiting-expiry', err: status.err };
  }
  const commitment = status.confirmationStatus ?? 'processed';
  switch (commitment) {
    case 'processed':
      return { kind: 'awaiting-confirmation' };
    case 'confirmed':
    case 'finalized':
      return { kind: 'paid', slot: status.slot, status: commitment };
    default: {
      const unknown: never = commitment;
      throw new Error(`unknown commitment ${String(unknown)}`);
    }
  }
}
