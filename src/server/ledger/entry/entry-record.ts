import { eq } from 'drizzle-orm';
import type { GameModeId } from '../../../common/game-modes.ts';
import type { Database } from '../../db/database.ts';
import type { RefundReason } from '../../db/schema/enums.ts';
import { transactions } from '../../db/schema/index.ts';
import type { WalletAnalytics } from '../../game/analytics-port.ts';
import { owePayment } from '../payout/owe-payment.ts';
import type { ChainEvidence } from './verify-payment.ts';

/**
 * A wrong amount is refunded as a `system_error`: of SPEC §4's refund reasons it is the only one that is not
 * about a search, a game or an admin; the system could not use the payment. The entry row's error_code says
 * exactly why (`wrong_amount`).
 */
export const WRONG_AMOUNT_REFUND_REASON: RefundReason = 'system_error';
export const WRONG_AMOUNT_ERROR_CODE = 'wrong_amount';
/** A real payment to the house older than the recency window: refunded in full like a wrong amount. */
export const TOO_OLD_ERROR_CODE = 'too_old';
export type UnusableReason = typeof WRONG_AMOUNT_ERROR_CODE | typeof TOO_OLD_ERROR_CODE;

/** A payment verified on chain, from the session's wallet to the house. */
export interface VerifiedPayment {
  walletAddress: string;
  gameMode: GameModeId;
  signature: string;
  lamports: bigint;
  evidence: ChainEvidence;
  at: Date;
}

/** JSON has no bigint: u64 values are decimal strings, as the payout worker stores its chain facts. */
function rawBlockchainData(signature: string, evidence: ChainEvidence) {
  return {
    signature,
    slot: evidence.slot.toString(),
    // Looked up at `confirmed`: the transaction was at least confirmed when it was verified.
    confirmationStatus: 'confirmed',
    fee: evidence.feeLamports.toString(),
    blockTime: evidence.blockTime.toString(),
    version: evidence.version,
  };
}

/**
 * Inserts the entry_fee row unless the signature already backs a ledger row. The UNIQUE transaction_signature
 * is the guard (ARCHITECTURE invariant 2): of two racing inserts one returns the row, the other nothing.
 */
async function insertEntryRow(
  db: Database,
  payment: VerifiedPayment,
  error?: { code: string; message: string },
): Promise<string | undefined> {
  const [row] = await db
    .insert(transactions)
    .values({
      type: 'entry_fee',
      status: 'confirmed',
      walletAddress: payment.walletAddress,
      amountLamports: payment.lamports,
      gameMode: payment.gameMode,
      transactionSignature: payment.signature,
      createdAt: payment.at,
      updatedAt: payment.at,
      processedAt: payment.at,
      confirmedAt: payment.at,
      rawBlockchainData: rawBlockchainData(payment.signature, payment.evidence),
      errorCode: error?.code ?? null,
      errorMessage: error?.message ?? null,
    })
    .onConflictDoNothing({ target: transactions.transactionSignature })
    .returning({ id: transactions.id });
  return row?.id;
}

/** True when a ledger row already holds this signature: it can never be used again. */
export async function isSignatureRecorded(db: Database, signature: string): Promise<boolean> {
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.transactionSignature, signature))
    .limit(1);
  return rows.length > 0;
}

/** Records a usable entry fee; undefined when the signature was used already (the race's loser). */
export async function recordEntryFee(
  db: Database,
  analytics: WalletAnalytics,
  payment: VerifiedPayment,
): Promise<{ transactionId: string } | undefined> {
  return db.transaction(async (tx) => {
    const transactionId = await insertEntryRow(tx, payment);
    if (!transactionId) return undefined;
    // The admin's wallet analytics (wagered) move with the payment, in its transaction.
    await analytics.walletsChanged(tx, [payment.walletAddress]);
    return { transactionId };
  });
}

/**
 * Money that cannot be used (a wrong amount, a payment older than the recency window): in one database
 * transaction, the entry_fee row (so the signature is spent) and a pending 100% refund of exactly what was
 * paid, with its payout job (ARCHITECTURE invariant 3). Undefined, and nothing written, when the signature
 * was used already.
 */
export async function recordUnusablePayment(
  db: Database,
  analytics: WalletAnalytics,
  payment: VerifiedPayment,
  explanation: string,
  code: UnusableReason = WRONG_AMOUNT_ERROR_CODE,
): Promise<{ transactionId: string; refundTransactionId: string; refundJobId: string } | undefined> {
  return db.transaction(async (tx) => {
    const transactionId = await insertEntryRow(tx, payment, { code, message: explanation });
    if (!transactionId) return undefined;
    const owed = await owePayment(
      tx,
      {
        kind: 'refund',
        walletAddress: payment.walletAddress,
        amountLamports: payment.lamports,
        reason: WRONG_AMOUNT_REFUND_REASON,
        refundPercentage: 100,
        entryTransactionId: transactionId,
        gameMode: payment.gameMode,
      },
      payment.at,
    );
    await analytics.walletsChanged(tx, [payment.walletAddress]);
    return { transactionId, refundTransactionId: owed.transactionId, refundJobId: owed.jobId };
  });
}
