import { and, eq, sql } from 'drizzle-orm';
import { GAME_MODES, type GameModeId } from '../../../common/game-modes.ts';
import type { Database } from '../../db/database.ts';
import { systemEvents, transactions } from '../../db/schema/index.ts';
import { recordSystemEvent } from '../../operations-log/system-events.ts';
import { signedInAmong } from '../../security/signed-in-wallets.ts';
import { type BlinkPayment, blinkPaymentOf, challengeStillOpen } from '../entry/challenge-action-payment.ts';
import type { HouseTransaction, HouseTransfer } from '../reconcile/reconcile-chain.ts';
import { owePayment } from './owe-payment.ts';

/**
 * What the chain pass of the sweeper does with one successful house transaction that backs no ledger row
 * (ARCHITECTURE invariant 10). Money in from a funding address is the operator's top-up; a payment the
 * product's own Solana Action built (its challenge's reference key in it) waits while that challenge is open
 * and is then recorded and refunded in full, whoever paid it; from a wallet that has signed in it is a
 * player's payment nothing claimed (the tab was closed after paying), recorded and refunded in full; from
 * anyone else it is reported once to an admin, never sent back blindly.
 */

export const UNCLAIMED_PAYMENT_EVENT = 'unclaimed_payment_refunded';
export const UNRECOGNISED_TRANSFER_EVENT = 'unrecognised_house_transfer';
/** The error code of the entry-fee row a refunded unclaimed payment gets (as wrong_amount marks its own). */
export const UNCLAIMED_PAYMENT_ERROR_CODE = 'unclaimed_payment';
/** The event and error code of a Blink (Solana Action) payment refunded because it never became an entry. */
export const BLINK_PAYMENT_EVENT = 'blink_payment_refunded';
export const BLINK_PAYMENT_ERROR_CODE = 'blink_payment_unused';

/** `awaiting-challenge`: a Blink payment whose challenge is still open; the pass looks at it again later. */
export type UnclaimedOutcome =
  | 'none-incoming'
  | 'funding'
  | 'refunded'
  | 'reported'
  | 'already-settled'
  | 'awaiting-challenge';

const describe = (t: HouseTransfer) => `${t.lamports} lamports from ${t.counterparty}`;

/** Why a payment is refunded, as its entry-fee row and its event tell an admin. */
interface RefundCause {
  errorCode: string;
  eventType: string;
  why: string;
  mode: GameModeId | undefined;
  /** Said in the row's raw data and the event's details (the Blink's challenge). */
  extra?: Record<string, string>;
}

const UNCLAIMED_CAUSE = (transfer: HouseTransfer): RefundCause => ({
  errorCode: UNCLAIMED_PAYMENT_ERROR_CODE,
  eventType: UNCLAIMED_PAYMENT_EVENT,
  why: 'confirmed on chain but never presented to findMatch (the player left after paying)',
  mode: GAME_MODES.find((m) => m.wagerLamports > 0n && m.wagerLamports === transfer.lamports)?.id,
});

const BLINK_CAUSE = (blink: BlinkPayment): RefundCause => ({
  errorCode: BLINK_PAYMENT_ERROR_CODE,
  eventType: BLINK_PAYMENT_EVENT,
  why: `a Blink (Solana Action) payment for challenge ${blink.code}, never used as an entry before the challenge closed`,
  mode: blink.mode,
  extra: { challengeCode: blink.code },
});

/**
 * The entry_fee row (its signature unique: a later findMatch with it is refused as used, and of two nodes
 * only one inserts it), the refund of all of it and a warning event, in one database transaction.
 */
async function refundUnclaimed(
  db: Database,
  tx: HouseTransaction,
  transfer: HouseTransfer,
  at: Date,
  cause: RefundCause,
) {
  return db.transaction(async (dbTx) => {
    const { mode, why } = cause;
    const [row] = await dbTx
      .insert(transactions)
      .values({
        type: 'entry_fee',
        status: 'confirmed',
        walletAddress: transfer.counterparty,
        amountLamports: transfer.lamports,
        gameMode: mode ?? null,
        transactionSignature: tx.signature,
        createdAt: at,
        updatedAt: at,
        processedAt: at,
        confirmedAt: at,
        rawBlockchainData: {
          signature: tx.signature,
          slot: tx.slot.toString(),
          foundBy: 'house history sweep',
          ...cause.extra,
        },
        errorCode: cause.errorCode,
        errorMessage: why,
      })
      .onConflictDoNothing({ target: transactions.transactionSignature })
      .returning({ id: transactions.id });
    if (!row) return false;
    const owed = await owePayment(
      dbTx,
      {
        kind: 'refund',
        walletAddress: transfer.counterparty,
        amountLamports: transfer.lamports,
        reason: 'system_error',
        refundPercentage: 100,
        entryTransactionId: row.id,
        ...(mode ? { gameMode: mode } : {}),
      },
      at,
    );
    await recordSystemEvent(dbTx, {
      severity: 'warning',
      eventType: cause.eventType,
      message: `Payment ${tx.signature} of ${describe(transfer)}: ${why}; refunded in full`,
      details: {
        signature: tx.signature,
        walletAddress: transfer.counterparty,
        lamports: transfer.lamports.toString(),
        why,
        ...cause.extra,
        entryTransactionId: row.id,
        refundTransactionId: owed.transactionId,
        refundJobId: owed.jobId,
      },
    });
    return true;
  });
}

/** One event per signature, whichever node sees it first: the check and the write under one lock. */
async function reportOnce(db: Database, tx: HouseTransaction, incoming: readonly HouseTransfer[]) {
  return db.transaction(async (dbTx) => {
    await dbTx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`house_transfer_report:${tx.signature}`}, 0))`,
    );
    const [seen] = await dbTx
      .select({ id: systemEvents.id })
      .from(systemEvents)
      .where(
        and(
          eq(systemEvents.eventType, UNRECOGNISED_TRANSFER_EVENT),
          sql`${systemEvents.details}->>'signature' = ${tx.signature}`,
        ),
      )
      .limit(1);
    if (seen) return false;
    const what = `Transfer ${tx.signature} to the house (${incoming.map(describe).join('; ')})`;
    await recordSystemEvent(dbTx, {
      severity: 'warning',
      eventType: UNRECOGNISED_TRANSFER_EVENT,
      message:
        incoming.length > 1
          ? `${what} moves money in from several wallets, as no product payment does: not refunded, decide by hand`
          : `${what} is from a wallet that never signed in and is no funding address: not refunded`,
      details: {
        signature: tx.signature,
        transfers: incoming.map((t) => ({ from: t.counterparty, lamports: t.lamports.toString() })),
      },
    });
    return true;
  });
}

/**
 * Settles one house transaction that no ledger row names. Only a single transfer is refunded, a Blink
 * payment's or a signed-in wallet's: a transaction moving money in from several wallets is not a payment the
 * product asks for.
 */
export async function settleUnclaimedTransaction(
  db: Database,
  tx: HouseTransaction,
  funding: ReadonlySet<string>,
  at: Date,
): Promise<UnclaimedOutcome> {
  if (tx.err !== null) return 'none-incoming';
  const incoming = tx.transfers.filter((t) => t.direction === 'in');
  if (incoming.length === 0) return 'none-incoming';
  const unexplained = incoming.filter((t) => !funding.has(t.counterparty));
  if (unexplained.length === 0) return 'funding';
  const [only] = unexplained;
  if (unexplained.length === 1 && only) {
    const blink = await blinkPaymentOf(db, tx.accountKeys, only.lamports);
    // Its payer may still open the link and accept with it: refunded only once the challenge is gone.
    if (blink && challengeStillOpen(blink, at.getTime())) return 'awaiting-challenge';
    if (blink) {
      return (await refundUnclaimed(db, tx, only, at, BLINK_CAUSE(blink))) ? 'refunded' : 'already-settled';
    }
    if ((await signedInAmong(db, [only.counterparty])).has(only.counterparty)) {
      return (await refundUnclaimed(db, tx, only, at, UNCLAIMED_CAUSE(only)))
        ? 'refunded'
        : 'already-settled';
    }
  }
  return (await reportOnce(db, tx, unexplained)) ? 'reported' : 'already-settled';
}
