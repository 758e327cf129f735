import { isIP } from 'node:net';
import { isAddress } from '@solana/kit';
import { desc, eq } from 'drizzle-orm';
import {
  BAN_ACTION_MESSAGES,
  type IpBanAnswer,
  type WalletBanAnswer,
} from '../../../common/api/admin-actions.ts';
import type { Database } from '../../db/database.ts';
import { walletIpAssociations } from '../../db/schema/index.ts';
import type { EventActor } from '../../operations-log/system-events.ts';
import type { Bans } from '../../security/bans.ts';
import { type ActionResult, refused, requiredText } from './action-result.ts';

export type { IpBanAnswer, WalletBanAnswer };

/**
 * SPEC §7 ban-wallet / unban-wallet / ban-ip / unban-ip as services over security/bans.ts, which writes the
 * ban, its history line and its one system event (who, what, why, from which IP) and tells live sockets and
 * searches at once.
 */

export const BAN_ACTION_ERRORS = {
  invalidWallet: 'A valid wallet address is required',
  invalidIp: 'A valid IP address is required',
  reasonRequired: 'A reason is required',
  walletNotBanned: 'This wallet is not banned',
  ipNotBanned: 'This IP address is not banned',
} as const;

/** The toast titles of SPEC §7, answered as `message` (the back-office shows the same, from common/). */
export { BAN_ACTION_MESSAGES };

export interface BanActionDeps {
  db: Database;
  bans: Bans;
}

/** Who acts: the signed-in admin's e-mail as `by`, with their id, role and address when a route acts. */
export type ActingAdmin = EventActor;

const walletOf = (value: unknown) => {
  const text = requiredText(value, 64);
  return text && isAddress(text) ? text : undefined;
};
const ipOf = (value: unknown) => {
  const text = requiredText(value, 64);
  return text && isIP(text) !== 0 ? text : undefined;
};

/** The wallet's most recent address, kept with the ban (SPEC §3 ipAddressAtBan). */
async function lastIpOf(db: Database, walletAddress: string): Promise<string | null> {
  const [row] = await db
    .select({ ip: walletIpAssociations.ipAddress })
    .from(walletIpAssociations)
    .where(eq(walletIpAssociations.walletAddress, walletAddress))
    .orderBy(desc(walletIpAssociations.lastSeenTogether))
    .limit(1);
  return row?.ip ?? null;
}

export async function banWalletAction(
  deps: BanActionDeps,
  admin: ActingAdmin,
  input: { walletAddress: unknown; reason: unknown },
): Promise<ActionResult<WalletBanAnswer>> {
  const walletAddress = walletOf(input.walletAddress);
  if (!walletAddress) return refused(400, BAN_ACTION_ERRORS.invalidWallet);
  const reason = requiredText(input.reason);
  if (!reason) return refused(400, BAN_ACTION_ERRORS.reasonRequired);
  await deps.bans.banWallet(walletAddress, { ...admin, reason }, await lastIpOf(deps.db, walletAddress));
  return {
    ok: true,
    body: { success: true, message: BAN_ACTION_MESSAGES.walletBanned, walletAddress, isBanned: true },
  };
}

export async function unbanWalletAction(
  deps: BanActionDeps,
  admin: ActingAdmin,
  input: { walletAddress: unknown; reason: unknown },
): Promise<ActionResult<WalletBanAnswer>> {
  const walletAddress = walletOf(input.walletAddress);
  if (!walletAddress) return refused(400, BAN_ACTION_ERRORS.invalidWallet);
  const reason = requiredText(input.reason);
  if (!reason) return refused(400, BAN_ACTION_ERRORS.reasonRequired);
  if (!(await deps.bans.status(walletAddress, null)).walletBanned) {
    return refused(404, BAN_ACTION_ERRORS.walletNotBanned);
  }
  await deps.bans.unbanWallet(walletAddress, { ...admin, reason });
  return {
    ok: true,
    body: { success: true, message: BAN_ACTION_MESSAGES.walletUnbanned, walletAddress, isBanned: false },
  };
}

/** SPEC §5: an IP ban needs only a confirmation; a reason, when given, is kept with it. */
export async function banIpAction(
  deps: BanActionDeps,
  admin: ActingAdmin,
  input: { ipAddress: unknown; reason?: unknown },
): Promise<ActionResult<IpBanAnswer>> {
  const ipAddress = ipOf(input.ipAddress);
  if (!ipAddress) return refused(400, BAN_ACTION_ERRORS.invalidIp);
  const reason = requiredText(input.reason) ?? 'Banned by an admin';
  await deps.bans.banIp(ipAddress, { ...admin, reason });
  return {
    ok: true,
    body: { success: true, message: BAN_ACTION_MESSAGES.ipBanned, ipAddress, isBanned: true },
  };
}

export async function unbanIpAction(
  deps: BanActionDeps,
  admin: ActingAdmin,
  input: { ipAddress: unknown; reason?: unknown },
): Promise<ActionResult<IpBanAnswer>> {
  const ipAddress = ipOf(input.ipAddress);
  if (!ipAddress) return refused(400, BAN_ACTION_ERRORS.invalidIp);
  if (!(await deps.bans.status(null, ipAddress)).ipBanned) return refused(404, BAN_ACTION_ERRORS.ipNotBanned);
  const reason = requiredText(input.reason) ?? 'Unbanned by an admin';
  await deps.bans.unbanIp(ipAddress, { ...admin, reason });
  return {
    ok: true,
    body: { success: true, message: BAN_ACTION_MESSAGES.ipUnbanned, ipAddress, isBanned: false },
  };
}
