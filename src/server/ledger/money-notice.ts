/**
 * A ledger movement as the ledger announces it: an entry recorded, a refund or payout
 * sent or confirmed. Declared here, where the money is, so the ledger knows nothing of sockets
 * (ARCHITECTURE: the gateway translates between wires and services); the gateway's notifier turns it into
 * SPEC §3's `transaction_notification`.
 */
export interface MovementNotice {
  id: string;
  type: 'entry_fee' | 'refund' | 'winner_payout';
  walletAddress: string;
  amountLamports: bigint;
  status: 'pending' | 'processing' | 'confirmed' | 'failed';
  signature: string | null;
  /** A winner payout held for review: its wallet was banned before it was paid (RELIABILITY 35). */
  heldForReview?: boolean;
  gameMode?: string | null;
  gameId?: string | null;
  createdAt: Date;
}
