import { z } from 'zod';
import { instant } from './wire-values.ts';

/**
 * The ban history (GET /api/admin/ban-history?wallet=… or ?ip=…): every ban and unban of a wallet or an IP,
 * who did it (an admin's e-mail, or 'system'), when, why and from which address, newest first. The table
 * behind it is append-only: `banned_wallets` and `ip_addresses` keep only the current state.
 */

export const BAN_TARGET_KINDS = ['wallet', 'ip'] as const;
export type BanTargetKind = (typeof BAN_TARGET_KINDS)[number];

export const BAN_HISTORY_ACTIONS = ['ban', 'unban'] as const;
export type BanHistoryAction = (typeof BAN_HISTORY_ACTIONS)[number];

/** What a history is asked for: one wallet or one IP address. */
export interface BanTarget {
  kind: BanTargetKind;
  value: string;
}

export const banHistoryRowSchema = z.object({
  id: z.string(),
  targetKind: z.enum(BAN_TARGET_KINDS),
  target: z.string(),
  action: z.enum(BAN_HISTORY_ACTIONS),
  by: z.string(),
  reason: z.string().nullable(),
  at: instant,
  /** The address the admin acted from; null for the system and for bans older than the history. */
  actorIp: z.string().nullable(),
});
export type BanHistoryRow = z.infer<typeof banHistoryRowSchema>;
