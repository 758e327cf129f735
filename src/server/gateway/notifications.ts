import { lamportsToSol } from '../../common/format.ts';
import type { GameChannel } from './game-channel.ts';

/** A ledger movement as a wallet's sockets are told of it (SPEC §3 transaction fields, amount in SOL). */
export interface MovementNotice {
  id: string;
  type: 'entry_fee' | 'refund' | 'winner_payout';
  walletAddress: string;
  amountLamports: bigint;
  status: 'pending' | 'processing' | 'confirmed' | 'failed';
  signature: string | null;
  gameMode?: string | null;
  gameId?: string | null;
  createdAt: Date;
}

/**
 * `transaction_notification` to every socket of the wallet concerned (money issue point 7): when an entry is
 * recorded, and when a refund or payout is sent and when it is confirmed.
 */
export function createNotifier(channel: Pick<GameChannel, 'connectionsOf'>) {
  return (notice: MovementNotice): void => {
    const transaction = {
      id: notice.id,
      type: notice.type,
      wallet_address: notice.walletAddress,
      amount: lamportsToSol(notice.amountLamports),
      status: notice.status,
      created_at: notice.createdAt.toISOString(),
      transaction_signature: notice.signature,
      game_mode: notice.gameMode ?? null,
      game_id: notice.gameId ?? null,
    };
    for (const connection of channel.connectionsOf(notice.walletAddress)) {
      connection.send({ type: 'transaction_notification', transaction });
    }
  };
}

export type Notify = ReturnType<typeof createNotifier>;
