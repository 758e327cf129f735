import { z } from 'zod';

/**
 * The game channel's `transaction_notification.transaction` (SPEC §3's transaction record fields, amount in
 * SOL): the server builds it with gateway/notifications.ts's typed builder, the client parses it with this
 * schema (protocol.ts) and the history reads it as one of its rows. SPEC §4 has the client fill a missing
 * wallet address and a payout's missing status, and know a notice by its id or else its signature, so only
 * `type` is sure.
 */
export const transactionNoticeSchema = z.object({
  id: z.union([z.string().min(1), z.number()]).optional(),
  type: z.string().min(1),
  wallet_address: z.string().nullish(),
  /** SOL, for display only. */
  amount: z.number().finite().nullish(),
  /** The same amount exact, in lamports (decimal text): what a screen shows, never rounded (not in SPEC). */
  amount_lamports: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
  status: z.string().nullish(),
  created_at: z.string().nullish(),
  transaction_signature: z.string().nullish(),
  game_mode: z.string().nullish(),
  /** The game a payout settles, or an entry or refund belongs to: the game over screen ties its payout by it. */
  game_id: z.string().nullish(),
  /** A winner payout held for review (its wallet was banned before it was paid); absent otherwise. */
  held_for_review: z.literal(true).optional(),
});
export type TransactionNotice = z.infer<typeof transactionNoticeSchema>;
