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
}

export const NOT_RESTRICTED: Restriction = { banned: false, message: null };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads banned, walletBanned, ipBanned and message; anything else in the body is ignored. */
export function parseBanStatus(body: unknown): Restriction | null {
  if (!isRecord(body) || typeof body.banned !== 'boolean') return null;
  if (!body.banned) return NOT_RESTRICTED;
  const message =
    typeof body.message === 'string' && body.message.trim() !== ''
      ? body.message
      : body.walletBanned === true
        ? DEFAULT_BAN_MESSAGES.wallet
        : body.ipBanned === true
          ? DEFAULT_BAN_MESSAGES.ip
          : DEFAULT_BAN_MESSAGES.account;
  return { banned: true, message };
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
