import type { TransactionNotice } from '../../common/api/transaction-notice.ts';
import { lamportsToSol } from '../../common/format.ts';
import type { MovementNotice } from '../ledger/money-notice.ts';
import type { GameChannel } from './game-channel.ts';

/**
 * `transaction_notification` to every socket of the wallet concerned: when an entry is
 * recorded, and when a refund or payout is sent and when it is confirmed (SPEC §3 transaction fields,
 * amount in SOL).
 */
export function createNotifier(channel: Pick<GameChannel, 'connectionsOf'>) {
  return (notice: MovementNotice): void => {
    const transaction = transactionNoticeOf(notice);
    for (const connection of channel.connectionsOf(notice.walletAddress)) {
      connection.send({ type: 'transaction_notification', transaction });
    }
  };
}

export type Notify = ReturnType<typeof createNotifier>;

/** The builder of a notice's wire shape, typed by its schema (common/api/transaction-notice.ts). */
export function transactionNoticeOf(notice: MovementNotice): TransactionNotice {
  return {
    id: notice.id,
    type: notice.type,
    wallet_address: notice.walletAddress,
    amount: lamportsToSol(notice.amountLamports),
    amount_lamports: notice.amountLamports.toString(),
    status: notice.status,
    created_at: notice.createdAt.toISOString(),
    transaction_signature: notice.signature,
    game_mode: notice.gameMode ?? null,
    game_id: notice.gameId ?? null,
    ...(notice.heldForReview ? { held_for_review: true } : {}),
  };
}
