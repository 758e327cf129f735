import type {
  AdminBannedWalletRow,
  AdminFlaggedWalletRow,
  AdminGameRow,
  AdminIpRow,
  AdminSystemEventRow,
  AdminTransactionRow,
  AdminWalletRow,
  IpWalletRow,
  WalletDetail,
  WalletIpRow,
} from '../admin-types.ts';

/** Rows shaped as the admin API answers them, for the panel's component tests. */

export const WALLET_A = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
export const WALLET_B = 'So11111111111111111111111111111111111111112';
export const SIGNATURE =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
export const GAME_ID = '0b6f1a52-6a0e-4c4e-9d55-3b8f1f3f7a01';
export const IP = '198.51.100.23';

export const transactionRow = (over: Partial<AdminTransactionRow> = {}): AdminTransactionRow => ({
  id: 'tx-1',
  type: 'entry_fee',
  wallet_address: WALLET_A,
  amount: 0.025,
  amount_lamports: '25000000',
  status: 'confirmed',
  created_at: '2026-11-23T10:15:00.000Z',
  transaction_signature: SIGNATURE,
  game_mode: 'smol_shrimp',
  game_id: GAME_ID,
  opponent_address: WALLET_B,
  reason: null,
  ...over,
});

export const gameRow = (over: Partial<AdminGameRow> = {}): AdminGameRow => ({
  id: GAME_ID,
  createdAt: '2026-11-23T10:15:00.000Z',
  endedAt: '2026-11-23T10:18:00.000Z',
  mode: 'smol_shrimp',
  player1Wallet: WALLET_A,
  player2Wallet: WALLET_B,
  finalScore: '5-3',
  winner: WALLET_A,
  completionStatus: 'completed',
  entryFee: 0.025,
  entryFeeLamports: '25000000',
  winnerPayoutAmount: 0.0375,
  winnerPayoutLamports: '37500000',
  winnerPayoutSignature: SIGNATURE,
  ...over,
});

export const walletRow = (over: Partial<AdminWalletRow> = {}): AdminWalletRow => ({
  wallet_address: WALLET_A,
  transaction_count: 4,
  total_volume: 0.05,
  total_volume_lamports: '50000000',
  is_banned: false,
  last_seen_at: '2026-11-23T10:18:00.000Z',
  ...over,
});

export const ipRow = (over: Partial<AdminIpRow> = {}): AdminIpRow => ({
  ipAddress: IP,
  country: 'DE',
  totalConnections: 12,
  isBanned: false,
  lastSeen: '2026-11-23T10:18:00.000Z',
  walletCount: 2,
  ...over,
});

export const eventRow = (over: Partial<AdminSystemEventRow> = {}): AdminSystemEventRow => ({
  id: 'ev-1',
  createdAt: '2026-11-23T10:20:00.000Z',
  severity: 'critical',
  eventType: 'house_balance_low',
  message: 'House wallet below its floor',
  resolvedAt: null,
  ...over,
});

export const bannedRow = (over: Partial<AdminBannedWalletRow> = {}): AdminBannedWalletRow => ({
  id: 'ban-1',
  walletAddress: WALLET_B,
  isBanned: true,
  bannedAt: '2026-11-23T09:00:00.000Z',
  bannedBy: 'admin@example.com',
  reason: 'Collusion with another wallet',
  ipAddressAtBan: IP,
  ...over,
});

export const flaggedRow = (over: Partial<AdminFlaggedWalletRow> = {}): AdminFlaggedWalletRow => ({
  id: 'flag-1',
  walletAddress: WALLET_A,
  flaggedAt: '2026-11-23T09:30:00.000Z',
  flaggedBy: 'admin@example.com',
  reason: 'Always wins against the same opponent',
  severity: 'high',
  evidence: 'Ten games in a row against one wallet',
  isActive: true,
  resolvedAt: null,
  resolutionNotes: null,
  ...over,
});

const association = {
  firstSeenTogether: '2026-11-20T10:00:00.000Z',
  lastSeenTogether: '2026-11-23T10:00:00.000Z',
  connectionCount: 7,
  totalGamesPlayed: 3,
};

export const walletIpRow = (over: Partial<WalletIpRow> = {}): WalletIpRow => ({
  ...association,
  ipAddress: IP,
  country: 'DE',
  isBanned: false,
  ...over,
});

export const ipWalletRow = (over: Partial<IpWalletRow> = {}): IpWalletRow => ({
  ...association,
  walletAddress: WALLET_B,
  isBanned: false,
  ...over,
});

export const walletDetail = (over: Partial<WalletDetail> = {}): WalletDetail => ({
  walletAddress: WALLET_A,
  isBanned: false,
  ban: null,
  flag: null,
  analytics: {
    totalGames: 10,
    totalWins: 7,
    totalLosses: 3,
    winRate: 0.7,
    totalWagered: 0.25,
    totalWageredLamports: '250000000',
    totalWon: 0.2625,
    totalWonLamports: '262500000',
    totalLost: 0.075,
    totalLostLamports: '75000000',
    profitLoss: 0.0125,
    profitLossLamports: '12500000',
    averageGameDuration: 95_000,
    favoriteMode: 'smol_shrimp',
    longestWinStreak: 4,
    currentWinStreak: 2,
    firstGameAt: '2026-11-20T10:00:00.000Z',
    lastGameAt: '2026-11-23T10:00:00.000Z',
    uniqueIpCount: 1,
    mostUsedIp: IP,
  },
  ips: { items: [walletIpRow()], nextCursor: null },
  games: { items: [gameRow()], nextCursor: null },
  ...over,
});
