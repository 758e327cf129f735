/**
 * The admin API's answers as the back-office reads them (the contract of /api/admin, SPEC §3 admin entities).
 * Amounts arrive as SOL numbers with the exact lamports beside them as decimal strings.
 */

export interface Page<Row> {
  items: Row[];
  nextCursor: string | null;
}

export interface AdminStats {
  totalVolume: string;
  totalVolumeLamports: string;
  totalTransactions: number;
  uniqueWallets: number;
  totalPayouts: string;
  totalPayoutsLamports: string;
}

export interface AdminOverview {
  daily: Array<{ day: string; volumeSol: number; volumeLamports: string; games: number }>;
  live: { matches: number; playersOnline: number; queues: Array<{ mode: string; waiting: number }> };
  unresolvedCriticalEvents: number;
  houseWallet: {
    address: string;
    balanceSol: number | null;
    balanceLamports: string | null;
    floorSol: number;
  };
  lastReconciliation: { at: string; ok: boolean; summary: string } | null;
}

export interface AdminTransactionRow {
  id: string;
  type: string;
  wallet_address: string;
  amount: number;
  amount_lamports: string;
  status: string;
  created_at: string;
  transaction_signature: string | null;
  game_mode: string | null;
  game_id: string | null;
  opponent_address: string | null;
  reason: string | null;
}

export interface AdminGameRow {
  id: string;
  createdAt: string;
  endedAt: string | null;
  mode: string;
  player1Wallet: string;
  player2Wallet: string;
  finalScore: string | null;
  winner: string | null;
  completionStatus: string | null;
  entryFee: number;
  entryFeeLamports: string;
  winnerPayoutAmount: number | null;
  winnerPayoutLamports: string | null;
  winnerPayoutSignature: string | null;
}

export interface AdminWalletRow {
  wallet_address: string;
  transaction_count: number;
  total_volume: number;
  total_volume_lamports: string;
  is_banned: boolean;
  last_seen_at: string;
}

export interface AdminIpRow {
  ipAddress: string;
  country: string | null;
  totalConnections: number;
  isBanned: boolean;
  lastSeen: string;
  walletCount: number;
}

export interface AssociationFields {
  firstSeenTogether: string;
  lastSeenTogether: string;
  connectionCount: number;
  totalGamesPlayed: number;
}

export interface WalletIpRow extends AssociationFields {
  ipAddress: string;
  country: string | null;
  isBanned: boolean;
}

export interface IpWalletRow extends AssociationFields {
  walletAddress: string;
  isBanned: boolean;
}

export type EventSeverity = 'critical' | 'error' | 'warning' | 'other';

export interface AdminSystemEventRow {
  id: string;
  createdAt: string;
  severity: EventSeverity;
  eventType: string;
  message: string;
  resolvedAt: string | null;
}

export interface AdminBannedWalletRow {
  id: string;
  walletAddress: string;
  isBanned: boolean;
  bannedAt: string;
  bannedBy: string | null;
  reason: string | null;
  ipAddressAtBan: string | null;
}

export const FLAG_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type FlagSeverity = (typeof FLAG_SEVERITIES)[number];

export interface AdminFlaggedWalletRow {
  id: string;
  walletAddress: string;
  flaggedAt: string;
  flaggedBy: string | null;
  reason: string | null;
  severity: string;
  evidence: unknown;
  isActive: boolean;
  resolvedAt: string | null;
  resolutionNotes: string | null;
}

export interface WalletAnalytics {
  totalGames: number;
  totalWins: number;
  totalLosses: number;
  /** 0 to 1. */
  winRate: number;
  totalWagered: number;
  totalWageredLamports: string;
  totalWon: number;
  totalWonLamports: string;
  totalLost: number;
  totalLostLamports: string;
  profitLoss: number;
  profitLossLamports: string;
  /** Milliseconds. */
  averageGameDuration: number | null;
  favoriteMode: string | null;
  longestWinStreak: number;
  currentWinStreak: number;
  firstGameAt: string | null;
  lastGameAt: string | null;
  uniqueIpCount: number;
  mostUsedIp: string | null;
}

export interface WalletDetail {
  walletAddress: string;
  isBanned: boolean;
  ban: { bannedAt: string; bannedBy: string | null; reason: string | null } | null;
  flag: AdminFlaggedWalletRow | null;
  analytics: WalletAnalytics;
  ips: Page<WalletIpRow>;
  games: Page<AdminGameRow>;
}

/** GET /api/admin/held-payouts: winner payouts held because the winner was banned (RELIABILITY 35). */
export interface AdminHeldPayoutRow {
  jobId: string;
  gameId: string;
  walletAddress: string;
  amount: number;
  amountLamports: string;
  banReason: string | null;
  bannedBy: string | null;
  heldAt: string;
  state: 'held' | 'released' | 'refunded_loser';
  jobStatus: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
  resolutionReason: string | null;
}
