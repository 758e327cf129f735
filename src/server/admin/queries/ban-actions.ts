import { isIP } from 'node:net';
import { isAddress } from '@solana/kit';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  BAN_ACTION_MESSAGES,
  type IpBanAnswer,
  type WalletBanAnswer,
} from '../../../common/api/admin-actions.ts';
import type { Database } from '../../db/database.ts';
import { walletIpAssociations } from '../../db/schema/index.ts';
import type { EventActor } from '../../operations-log/system-events.ts';
import type { Bans } from '../../security/bans.ts';
import {
  type ActionResult,
  actionInput,
  checkedField,
  refused,
  requiredText,
  requiredTextField,
  textOr,
} from './action-result.ts';

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

/** The inputs of the four ban calls (the fields of their JSON bodies), checked in this order. */
const WALLET_BAN_INPUT = z.object({
  walletAddress: checkedField(walletOf, BAN_ACTION_ERRORS.invalidWallet),
  reason: requiredTextField(BAN_ACTION_ERRORS.reasonRequired),
});
/** SPEC §5: an IP ban needs only a confirmation; a reason, when given, is kept with it. */
const ipInput = (reasonWhenAbsent: string) =>
  z.object({
    ipAddress: checkedField(ipOf, BAN_ACTION_ERRORS.invalidIp),
    reason: textOr(reasonWhenAbsent),
  });
const IP_BAN_INPUT = ipInput('Banned by an admin');
const IP_UNBAN_INPUT = ipInput('Unbanned by an admin');

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
  raw: z.input<typeof WALLET_BAN_INPUT>,
): Promise<ActionResult<WalletBanAnswer>> {
  const input = actionInput(WALLET_BAN_INPUT, raw);
  if (!input.ok) return input;
  const { walletAddress, reason } = input.body;
  await deps.bans.banWallet(walletAddress, { ...admin, reason }, await lastIpOf(deps.db, walletAddress));
  return {
    ok: true,
    body: { success: true, message: BAN_ACTION_MESSAGES.walletBanned, walletAddress, isBanned: true },
  };
}

export async function unbanWalletAction(
  deps: BanActionDeps,
  admin: ActingAdmin,
  raw: z.input<typeof WALLET_BAN_INPUT>,
): Promise<ActionResult<WalletBanAnswer>> {
  const input = actionInput(WALLET_BAN_INPUT, raw);
  if (!input.ok) return input;
  const { walletAddress, reason } = input.body;
  if (!(await deps.bans.status(walletAddress, null)).walletBanned) {
    return refused(404, BAN_ACTION_ERRORS.walletNotBanned);
  }
  await deps.bans.unbanWallet(walletAddress, { ...admin, reason });
  return {
    ok: true,
    body: { success: true, message: BAN_ACTION_MESSAGES.walletUnbanned, walletAddress, isBanned: false },
  };
}

export async function banIpAction(
  deps: BanActionDeps,
  admin: ActingAdmin,
  raw: z.input<typeof IP_BAN_INPUT>,
): Promise<ActionResult<IpBanAnswer>> {
  const input = actionInput(IP_BAN_INPUT, raw);
  if (!input.ok) return input;
  const { ipAddress, reason } = input.body;
  await deps.bans.banIp(ipAddress, { ...admin, reason });
  return {
    ok: true,
    body: { success: true, message: BAN_ACTION_MESSAGES.ipBanned, ipAddress, isBanned: true },
  };
}

export async function unbanIpAction(
  deps: BanActionDeps,
  admin: ActingAdmin,
  raw: z.input<typeof IP_UNBAN_INPUT>,
): Promise<ActionResult<IpBanAnswer>> {
  const input = actionInput(IP_UNBAN_INPUT, raw);
  if (!input.ok) return input;
  const { ipAddress, reason } = input.body;
  if (!(await deps.bans.status(null, ipAddress)).ipBanned) return refused(404, BAN_ACTION_ERRORS.ipNotBanned);
  await deps.bans.unbanIp(ipAddress, { ...admin, reason });
  return {
    ok: true,
    body: { success: true, message: BAN_ACTION_MESSAGES.ipUnbanned, ipAddress, isBanned: false },
  };
}
