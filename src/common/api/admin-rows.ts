import { z } from 'zod';
import { count, instant, lamportsText, solNumber } from './wire-values.ts';

/**
 * The rows of the admin lists (SPEC §3 admin entities, SPEC §7 /api/admin/*): the server's query services
 * return these, the back-office parses them. Amounts are SOL numbers with the exact lamports beside them.
 */

/** SPEC §3 system event severities, as the database enum stores them. */
export const SYSTEM_EVENT_SEVERITIES = ['critical', 'error', 'warning', 'other'] as const;
export type SystemEventSeverity = (typeof SYSTEM_EVENT_SEVERITIES)[number];

/**
 * The severities an operator triages: a warning or worse can be resolved; an informational event ('other',
 * such as server_started or an admin's sign-in) is a record, not a problem, and cannot be.
 */
export const RESOLVABLE_SEVERITIES = [
  'critical',
  'error',
  'warning',
] as const satisfies readonly SystemEventSeverity[];
export type ResolvableSeverity = (typeof RESOLVABLE_SEVERITIES)[number];

export function isResolvableSeverity(severity: SystemEventSeverity): severity is ResolvableSeverity {
  return (RESOLVABLE_SEVERITIES as readonly string[]).includes(severity);
}

/** SPEC §3 flagged wallet severity (default medium). */
export const FLAG_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type FlagSeverity = (typeof FLAG_SEVERITIES)[number];

/** GET /api/admin/transactions: one ledger row (SPEC §3 transaction fields, amount in SOL). */
export const adminTransactionRowSchema = z.object({
  id: z.string(),
  type: z.string(),
  wallet_address: z.string(),
  amount: solNumber,
  amount_lamports: lamportsText,
  status: z.string(),
  created_at: instant,
  updated_at: instant,
  confirmed_at: instant.nullable(),
  transaction_signature: z.string().nullable(),
  game_mode: z.string().nullable(),
  /** The row's game; for an entry fee, the game its queue entry became. */
  game_id: z.string().nullable(),
  opponent_address: z.string().nullable(),
  score: z.string().nullable(),
  reason: z.string().nullable(),
  refund_percentage: z.number().nullable(),
  original_transaction_id: z.string().nullable(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  retry_count: count,
  ip_address: z.string().nullable(),
  admin_notes: z.string().nullable(),
});
export type AdminTransactionRow = z.infer<typeof adminTransactionRowSchema>;

/**
 * Where a game's winner payout stands, as its ledger row says (never the game row's own figure, which is what
 * the result owed): none owed (practice, a draw, a cancelled match), owed and not sent yet, held (the winner
 * was banned), released after review and being sent, sent (confirmed on chain), cancelled with the loser's
 * entry refunded instead, or failed.
 */
export const PAYOUT_STATES = [
  'none',
  'owed',
  'held',
  'released',
  'sent',
  'refunded_loser',
  'failed',
] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** Each payout state as the back-office words it. */
export const PAYOUT_STATE_TEXTS: Record<PayoutState, string> = {
  none: 'No payout',
  owed: 'Owed, not sent yet',
  held: 'Held for review (winner banned)',
  released: 'Released after review, being sent',
  sent: 'Sent',
  refunded_loser: "Not paid: the loser's entry was refunded instead",
  failed: 'Failed',
};

/**
 * GET /api/admin/games: one game (SPEC §3 admin game) with the money it moved: the entry fee, the winner's
 * payout and each refund, and the chain signatures once confirmed.
 */
export const adminGameRowSchema = z.object({
  id: z.string(),
  createdAt: instant,
  endedAt: instant.nullable(),
  mode: z.string(),
  player1Wallet: z.string(),
  player2Wallet: z.string(),
  /** The address each seat played from, as the match recorded it. */
  player1Ip: z.string().nullable(),
  player2Ip: z.string().nullable(),
  finalScore: z.string().nullable(),
  player1Score: z.number().int().nullable(),
  player2Score: z.number().int().nullable(),
  winner: z.string().nullable(),
  completionStatus: z.string().nullable(),
  durationMs: z.number().nullable(),
  disconnectCount: count,
  entryFee: solNumber,
  entryFeeLamports: lamportsText,
  player1EntrySignature: z.string().nullable(),
  player2EntrySignature: z.string().nullable(),
  /** What the winner was paid or is owed: null when nothing is (a payout cancelled after review included). */
  winnerPayoutAmount: solNumber.nullable(),
  winnerPayoutLamports: lamportsText.nullable(),
  winnerPayoutTransactionId: z.string().nullable(),
  winnerPayoutSignature: z.string().nullable(),
  /** The payout's state from its ledger row; the amount that row carries, also once cancelled. */
  payoutState: z.enum(PAYOUT_STATES),
  payoutLedgerLamports: lamportsText.nullable(),
  /** An admin's decision on a held payout, as the ledger records it ("Released by …: reason"), and when. */
  payoutDecision: z.string().nullable(),
  payoutDecidedAt: instant.nullable(),
  player1RefundAmount: solNumber.nullable(),
  player1RefundLamports: lamportsText.nullable(),
  player1RefundSignature: z.string().nullable(),
  player2RefundAmount: solNumber.nullable(),
  player2RefundLamports: lamportsText.nullable(),
  player2RefundSignature: z.string().nullable(),
  suspiciousActivity: z.boolean(),
  /** 0-100 from the risk pass (100: nothing seen in its play or seats); null until measured. */
  integrityScore: z.number().int().nullable(),
});
export type AdminGameRow = z.infer<typeof adminGameRowSchema>;

/** GET /api/admin/wallets: SPEC §3 admin wallet row, its volume in lamports beside the SOL. */
export const adminWalletRowSchema = z.object({
  wallet_address: z.string(),
  /** Its own ledger rows (entry fees, payouts, refunds). */
  transaction_count: count,
  /** Confirmed entry fees, in SOL. */
  total_volume: solNumber,
  total_volume_lamports: lamportsText,
  is_banned: z.boolean(),
  first_seen_at: instant,
  last_seen_at: instant,
});
export type AdminWalletRow = z.infer<typeof adminWalletRowSchema>;

/** GET /api/admin/ips: SPEC §3 IP row (the Security tab), with the ban's who and why and its wallets. */
export const adminIpRowSchema = z.object({
  id: z.string(),
  ipAddress: z.string(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  totalConnections: count,
  requestCount: count,
  isBanned: z.boolean(),
  bannedReason: z.string().nullable(),
  bannedBy: z.string().nullable(),
  bannedAt: instant.nullable(),
  firstSeen: instant,
  lastSeen: instant,
  walletCount: count,
});
export type AdminIpRow = z.infer<typeof adminIpRowSchema>;

/** What a wallet–IP pair shares (SPEC §3 association row), seen from either side. */
export const associationFieldsSchema = z.object({
  firstSeenTogether: instant,
  lastSeenTogether: instant,
  connectionCount: count,
  totalGamesPlayed: count,
  isSuspicious: z.boolean(),
  notes: z.string().nullable(),
});
export type AssociationFields = z.infer<typeof associationFieldsSchema>;

/** GET /api/admin/wallets/{wallet}/ips: an IP of a wallet, with the address's country and ban state. */
export const walletIpRowSchema = associationFieldsSchema.extend({
  ipAddress: z.string(),
  country: z.string().nullable(),
  isBanned: z.boolean(),
});
export type WalletIpRow = z.infer<typeof walletIpRowSchema>;

/** GET /api/admin/ips/{ip}/wallets: a wallet of an IP, with the wallet's ban state. */
export const ipWalletRowSchema = associationFieldsSchema.extend({
  walletAddress: z.string(),
  isBanned: z.boolean(),
});
export type IpWalletRow = z.infer<typeof ipWalletRowSchema>;

/** GET /api/admin/system-events: SPEC §3 system event, with its details and resolution. */
export const adminSystemEventRowSchema = z.object({
  id: z.string(),
  createdAt: instant,
  severity: z.enum(SYSTEM_EVENT_SEVERITIES),
  eventType: z.string(),
  message: z.string(),
  details: z.unknown(),
  resolvedAt: instant.nullable(),
  resolvedBy: z.string().nullable(),
  resolutionNotes: z.string().nullable(),
});
export type AdminSystemEventRow = z.infer<typeof adminSystemEventRowSchema>;

/** A wallet's ban with its stored unban trail. */
export const walletBanFieldsSchema = z.object({
  bannedAt: instant,
  bannedBy: z.string().nullable(),
  reason: z.string().nullable(),
  ipAddressAtBan: z.string().nullable(),
  unbannedAt: instant.nullable(),
  unbannedBy: z.string().nullable(),
  unbannedReason: z.string().nullable(),
});

/** GET /api/admin/banned-wallets: SPEC §3 banned wallet. */
export const adminBannedWalletRowSchema = walletBanFieldsSchema.extend({
  id: z.string(),
  walletAddress: z.string(),
  isBanned: z.boolean(),
});
export type AdminBannedWalletRow = z.infer<typeof adminBannedWalletRowSchema>;

/** GET /api/admin/flagged-wallets, and the answer of flag-wallet and resolve-flag: SPEC §3 flagged wallet. */
export const adminFlaggedWalletRowSchema = z.object({
  id: z.string(),
  walletAddress: z.string(),
  flaggedAt: instant,
  flaggedBy: z.string().nullable(),
  reason: z.string().nullable(),
  severity: z.string(),
  evidence: z.unknown(),
  isActive: z.boolean(),
  resolvedAt: instant.nullable(),
  resolvedBy: z.string().nullable(),
  resolutionNotes: z.string().nullable(),
});
export type AdminFlaggedWalletRow = z.infer<typeof adminFlaggedWalletRowSchema>;

/** The states of a held winner payout (RELIABILITY 35): waiting for a decision, or decided one of two ways. */
export const HELD_PAYOUT_STATES = ['held', 'released', 'refunded_loser'] as const;

/** GET /api/admin/held-payouts: winner payouts held because the winner was banned, decided ones too. */
export const adminHeldPayoutRowSchema = z.object({
  jobId: z.string(),
  gameId: z.string(),
  walletAddress: z.string(),
  amount: solNumber,
  amountLamports: lamportsText,
  banReason: z.string().nullable(),
  bannedBy: z.string().nullable(),
  heldAt: instant,
  state: z.enum(HELD_PAYOUT_STATES),
  jobStatus: z.string(),
  resolvedAt: instant.nullable(),
  resolvedBy: z.string().nullable(),
  resolutionReason: z.string().nullable(),
});
export type AdminHeldPayoutRow = z.infer<typeof adminHeldPayoutRowSchema>;
