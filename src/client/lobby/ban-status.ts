import type { z } from 'zod';
import { parseAnswer } from '../../common/api/parse-answer.ts';
import type { banStatusReadSchema } from '../../common/api/player-api.ts';
import {
  BAN_MESSAGES,
  LOBBY_ERROR_MESSAGES,
  ACCOUNT_RESTRICTED_CODE as RESTRICTED_CODE,
} from '../../common/protocol-texts.ts';
import type { GameView } from '../state/game-view.ts';

/**
 * SPEC §3 "Ban status" and §7 POST /api/ban-status, and the live `error` of SPEC §8 that says the same thing
 * mid-session. Pure parts here; use-restriction.ts holds the React side.
 */

export const BAN_STATUS_URL = '/api/ban-status';

/** The answer's schema (and zod with it) loads when an answer is read: the first page stays within its budget. */
const readSchemas = () => import('../../common/api/player-api.ts');

/** SPEC §8 default ban messages, the server's own. */
export const DEFAULT_BAN_MESSAGES = BAN_MESSAGES;

/** The protocol's error code for a refused or closed search of a restricted player. */
export const ACCOUNT_RESTRICTED_CODE = RESTRICTED_CODE;

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

const nonEmpty = (value: string | null | undefined): string | null =>
  value !== undefined && value !== null && value.trim() !== '' ? value : null;

/**
 * Reads banned, walletBanned, ipBanned and message (SPEC §3), and the server's added paidPlayRestricted
 * and paidPlayMessage with the contract's schema; null for a body that does not fit it.
 */
export async function parseBanStatus(body: unknown): Promise<Restriction | null> {
  const { banStatusReadSchema } = await readSchemas();
  const parsed = banStatusReadSchema.safeParse(body);
  return parsed.success ? restrictionOf(parsed.data) : null;
}

function restrictionOf(body: z.output<typeof banStatusReadSchema>): Restriction {
  const paidPlayRestricted =
    body.paidPlayRestricted === true
      ? (nonEmpty(body.paidPlayMessage) ?? LOBBY_ERROR_MESSAGES.restrictedJurisdiction)
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

/** POST /api/ban-status with { walletAddress }. Throws on a failed call or an answer of another shape. */
export async function fetchBanStatus(walletAddress: string, signal?: AbortSignal): Promise<Restriction> {
  const res = await fetch(BAN_STATUS_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    credentials: 'include',
    body: JSON.stringify({ walletAddress }),
    ...(signal ? { signal } : {}),
  });
  if (!res.ok) throw new Error(`ban status: ${res.status} ${res.statusText}`);
  const body: unknown = await res.json();
  const { banStatusReadSchema } = await readSchemas();
  return restrictionOf(parseAnswer(banStatusReadSchema, body, `POST ${BAN_STATUS_URL}`));
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
