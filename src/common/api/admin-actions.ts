import { z } from 'zod';
import { adminFlaggedWalletRowSchema, adminSystemEventRowSchema, HELD_PAYOUT_STATES } from './admin-rows.ts';
import { lamportsText } from './wire-values.ts';

/**
 * The answers of the admin actions (SPEC §7 POST /api/admin/*). A refusal is `{ error }` with its status
 * (wire-values.ts); flag-wallet and resolve-flag answer the flag (admin-rows.ts).
 */

/** The toast titles of SPEC §7, answered as `message` and shown by the back-office. */
export const BAN_ACTION_MESSAGES = {
  walletBanned: 'Wallet Banned',
  walletUnbanned: 'Wallet Unbanned',
  ipBanned: 'IP Banned',
  ipUnbanned: 'IP Unbanned',
} as const;

/** The held-payout decisions' toast titles, answered as `message` and shown by the back-office. */
export const HELD_PAYOUT_MESSAGES = {
  released: 'Payout Released',
  refundedLoser: 'Loser Refunded',
} as const;

/** POST /api/admin/ban-wallet and /unban-wallet; `message` is SPEC §7's toast title. */
export const walletBanAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  walletAddress: z.string(),
  isBanned: z.boolean(),
});
export type WalletBanAnswer = z.infer<typeof walletBanAnswerSchema>;

/** POST /api/admin/ban-ip and /unban-ip. */
export const ipBanAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ipAddress: z.string(),
  isBanned: z.boolean(),
});
export type IpBanAnswer = z.infer<typeof ipBanAnswerSchema>;

/** POST /api/admin/flag-wallet and /resolve-flag: the flag as it now stands. */
export const flagAnswerSchema = adminFlaggedWalletRowSchema;

/** POST /api/admin/resolve-event: the event, resolved (by this call or an earlier one, which stands). */
export const resolveEventAnswerSchema = adminSystemEventRowSchema;

/** POST /api/admin/held-payouts/release and /refund-loser: the decision taken on one held payout. */
export const heldPayoutAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  jobId: z.string(),
  gameId: z.string(),
  walletAddress: z.string(),
  decision: z.enum(HELD_PAYOUT_STATES).exclude(['held']),
  /** The loser's refund queued instead of the payout, when that was the decision. */
  refund: z.object({ walletAddress: z.string(), amountLamports: lamportsText, jobId: z.string() }).nullable(),
});
export type HeldPayoutAnswer = z.infer<typeof heldPayoutAnswerSchema>;
