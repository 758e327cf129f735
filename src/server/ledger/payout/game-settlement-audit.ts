import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { PayoutJobKind } from '../../db/schema/enums.ts';
import { games } from '../../db/schema/index.ts';

/** A payout or refund the chain confirmed, as the game audit row records it. */
export interface ConfirmedSettlement {
  kind: PayoutJobKind;
  /** The game that owed it; refunds of a search that never became a game have none. */
  gameId: string | null;
  walletAddress: string;
  amountLamports: bigint;
  transactionId: string | null;
  signature: string;
}

/**
 * Writes a confirmed payout or refund into its game's audit row (SPEC §3 game audit: winnerPayoutAmount,
 * TxId, Signature; per-player refund amount, txid, signature), in the transaction that confirms the job, so
 * the Games tab shows the signature exactly when the ledger says the money arrived. The seat is found from
 * the row itself: the winner for a payout, the player's own seat for a refund.
 */
export async function recordSettlementOnGame(tx: Database, settled: ConfirmedSettlement): Promise<void> {
  const { gameId } = settled;
  if (!gameId) return;
  if (settled.kind === 'winner_payout') {
    await tx
      .update(games)
      .set({
        winnerPayoutLamports: settled.amountLamports,
        winnerPayoutTransactionId: settled.transactionId,
        winnerPayoutSignature: settled.signature,
      })
      .where(and(eq(games.id, gameId), eq(games.winner, settled.walletAddress)));
    return;
  }
  await tx
    .update(games)
    .set({
      player1RefundLamports: settled.amountLamports,
      player1RefundTransactionId: settled.transactionId,
      player1RefundSignature: settled.signature,
    })
    .where(and(eq(games.id, gameId), eq(games.player1Wallet, settled.walletAddress)));
  await tx
    .update(games)
    .set({
      player2RefundLamports: settled.amountLamports,
      player2RefundTransactionId: settled.transactionId,
      player2RefundSignature: settled.signature,
    })
    .where(and(eq(games.id, gameId), eq(games.player2Wallet, settled.walletAddress)));
}
