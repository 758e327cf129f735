import { ERROR_MESSAGES } from '../../common/protocol-texts.ts';
import type { GameView } from '../state/game-view.ts';

/**
 * SPEC §3 "Ban status" and §7 POST /api/ban-status, and the live `error` of SPEC §8 that says the same thing
 * mid-session. Pure parts here; use-restriction.ts holds the React side.
 */

export const BAN_STATUS_URL = '/api/ban-status';

/** SPEC §8 default ban messages. */
export const DEFAULT_BAN_MESSAGES = {
  wallet: 'Your wallet has been banned',
  ip: 'Your IP address has been banned',
  account: 'Your account has been restricted',
} as const;

/** The protocol's error code for a refused or closed search of a restricted player. */
export const ACCOUNT_RESTRICTED_CODE = 'account_restricted';

export interface Restriction {
  banned: boolean;
  message: string | null;
  /**
   * SPEC §1: the player's address is in a restricted jurisdiction, so paid modes are closed before any
   * payment (practice stays open): the text to show, or null. Optional: only the ban-status call knows it.
   */
  paidPlayRestricted?: string | null;
}

export const NOT_RESTRICTED: Restriction = { banned: false, message: null };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonEmpty = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/**
 * Reads banned, walletBanned, ipBanned and message (SPEC §3), and the server's added paidPlayRestricted
 * and paidPlayMessage (issue 10 point 7); anything else in the body is ignored.
 */
export function parseBanStatus(body: unknown): Restriction | null {
  if (!isRecord(body) || typeof body.banned !== 'boolean') return null;
  const paidPlayRestricted =
    body.paidPlayRestricted === true
      ? (nonEmpty(body.paidPlayMessage) ?? ERROR_MESSAGES.restrictedJurisdiction)
      : null;
  if (!body.banned) return { ...NOT_RESTRICTED, paidPlayRestricted };
  const message =
    nonEmpty(body.message) ??
    (body.walletBanned === true
      ? DEFAULT_BAN_MESSAGES.wallet
      : body.ipBanned === true
        ? DEFAULT_BAN_MESSAGES.ip
        : DEFAULT_BAN_MESSAGES.account);
  return { banned: true, message, paidPlayRestricted };
}

/** POST /api/ban-status with { walletAddress }. Throws on a failed call or an unreadable answer. */
export async function fetchBanStatus(walletAddress: string, signal?: AbortSignal): Promise<Restriction> {
  const res = await fetch(BAN_STATUS_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    credentials: 'include',
    body: JSON.stringify({ walletAddress }),
    ...(signal ? { signal } : {}),
  });
  if (!res.ok) throw new Error(`ban status: ${res.status} ${res.statusText}`);
  const parsed = parseBanStatus(await res.json());
  if (!parsed) throw new Error('ban status: the answer has no boolean "banned"');
  return parsed;
}

/**
 * A live restriction from the game channel's last error: the `account_restricted` code where the view
 * carries it, else one of SPEC §8's ban messages (the texts the server sends with that code).
 */
export function liveRestrictionMessage(view: Pick<GameView, 'lastError' | 'lastErrorCode'>): string | null {
  const message = view.lastError;
  if (!message) return null;
  if (view.lastErrorCode === ACCOUNT_RESTRICTED_CODE) return message;
  return (Object.values(DEFAULT_BAN_MESSAGES) as string[]).includes(message) ? message : null;
}
