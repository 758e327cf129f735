import type {
  AdminBannedWalletRow,
  AdminFlaggedWalletRow,
  AdminGameRow,
  AdminIpRow,
  AdminSystemEventRow,
  AdminTransactionRow,
  AdminWalletRow,
  IpWalletRow,
  WalletIpRow,
} from '../../../common/api/admin-rows.ts';
import type { WalletDetail } from '../../../common/api/admin-views.ts';

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
  updated_at: '2026-11-23T10:15:05.000Z',
  confirmed_at: '2026-11-23T10:15:05.000Z',
  transaction_signature: SIGNATURE,
  game_mode: 'smol_shrimp',
  game_id: GAME_ID,
  opponent_address: WALLET_B,
  score: null,
  reason: null,
  refund_percentage: null,
  original_transaction_id: null,
  error_code: null,
  error_message: null,
  retry_count: 0,
  ip_address: IP,
  admin_notes: null,
  ...over,
});

export const gameRow = (over: Partial<AdminGameRow> = {}): AdminGameRow => ({
  id: GAME_ID,
  createdAt: '2026-11-23T10:15:00.000Z',
  endedAt: '2026-11-23T10:18:00.000Z',
  mode: 'smol_shrimp',
  player1Wallet: WALLET_A,
  player2Wallet: WALLET_B,
  player1Ip: IP,
  player2Ip: null,
  finalScore: '5-3',
  player1Score: 5,
  player2Score: 3,
  winner: WALLET_A,
  completionStatus: 'completed',
  durationMs: 180_000,
  disconnectCount: 0,
  entryFee: 0.025,
  entryFeeLamports: '25000000',
  player1EntrySignature: SIGNATURE,
  player2EntrySignature: null,
  winnerPayoutAmount: 0.0375,
  winnerPayoutLamports: '37500000',
  winnerPayoutTransactionId: 'tx-2',
  winnerPayoutSignature: SIGNATURE,
  payoutState: 'sent',
  payoutLedgerLamports: '37500000',
  payoutDecision: null,
  payoutDecidedAt: null,
  player1RefundAmount: null,
  player1RefundLamports: null,
  player1RefundSignature: null,
  player2RefundAmount: null,
  player2RefundLamports: null,
  player2RefundSignature: null,
  suspiciousActivity: false,
  integrityScore: 100,
  ...over,
});

export const walletRow = (over: Partial<AdminWalletRow> = {}): AdminWalletRow => ({
  wallet_address: WALLET_A,
  transaction_count: 4,
  total_volume: 0.05,
  total_volume_lamports: '50000000',
  is_banned: false,
  first_seen_at: '2026-11-20T10:00:00.000Z',
  last_seen_at: '2026-11-23T10:18:00.000Z',
  ...over,
});

export const ipRow = (over: Partial<AdminIpRow> = {}): AdminIpRow => ({
  id: 'ip-1',
  ipAddress: IP,
  country: 'DE',
  region: null,
  city: null,
  totalConnections: 12,
  requestCount: 40,
  isBanned: false,
  bannedReason: null,
  bannedBy: null,
  bannedAt: null,
  firstSeen: '2026-11-20T10:00:00.000Z',
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
  details: null,
  resolvedAt: null,
  resolvedBy: null,
  resolutionNotes: null,
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
  unbannedAt: null,
  unbannedBy: null,
  unbannedReason: null,
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
  resolvedBy: null,
  resolutionNotes: null,
  ...over,
});

const association = {
  firstSeenTogether: '2026-11-20T10:00:00.000Z',
  lastSeenTogether: '2026-11-23T10:00:00.000Z',
  connectionCount: 7,
  totalGamesPlayed: 3,
  isSuspicious: false,
  notes: null,
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
    walletAddress: WALLET_A,
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
    riskScore: null,
    isFlagged: false,
    flagReason: null,
    suspiciousPatterns: null,
    updatedAt: '2026-11-23T10:18:00.000Z',
  },
  ips: { items: [walletIpRow()], nextCursor: null },
  games: { items: [gameRow()], nextCursor: null },
  limits: {
    exclusion: null,
    daily: { lamports: null, pending: null, lossLamports: '0' },
    weekly: { lamports: null, pending: null, lossLamports: '0' },
    changes: [],
  },
  money: {
    paidInLamports: '250000000',
    refundedLamports: '0',
    paidOutLamports: '262500000',
    owedLamports: '0',
    keptLamports: '0',
    netLamports: '12500000',
  },
  ...over,
});
