import { isIP } from 'node:net';
import { isAddress } from '@solana/kit';
import type { BanTarget } from '../../../common/api/ban-history-api.ts';
import { EVENT_TYPE_PATTERN } from '../../../common/api/system-event-summary.ts';
import { UUID_ONLY } from '../../../common/text-patterns.ts';
import { SYSTEM_EVENT_SEVERITIES, type SystemEventSeverity } from '../../db/schema/enums.ts';
import { BAN_ACTION_ERRORS } from '../queries/ban-actions.ts';
import { MAX_PAGE_LIMIT, type PageRequest } from '../queries/cursor.ts';

/**
 * Every admin route's input read one way: a malformed path parameter, query value or body
 * throws an AdminInputError, which the /api/admin error handler answers as 400 `{ error }` with its message.
 */
export class AdminInputError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'AdminInputError';
  }
}

const MAX_SEARCH_LENGTH = 200;
const MAX_CURSOR_LENGTH = 1000;
const UUID = UUID_ONLY;

/** One query value given at most once; a repeated or oversized one is refused. */
function queryText(query: unknown, name: string, max: number): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > max) {
    throw new AdminInputError(`${name} must be given once, at most ${max} characters`);
  }
  return value;
}

/** `?limit=` (1..200, default 50 in the query services) and `?cursor=` (a previous nextCursor). */
export function pageQuery(query: unknown): PageRequest {
  const limitText = queryText(query, 'limit', 10);
  const cursor = queryText(query, 'cursor', MAX_CURSOR_LENGTH) || null;
  if (limitText === undefined) return { cursor };
  const limit = Number(limitText);
  if (!/^\d+$/.test(limitText) || limit < 1 || limit > MAX_PAGE_LIMIT) {
    throw new AdminInputError(`limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}`);
  }
  return { limit, cursor };
}

/** `?search=`: handed as it is to the query services, which trim it and read ids out of it. */
export const searchQuery = (query: unknown): string | null =>
  queryText(query, 'search', MAX_SEARCH_LENGTH) ?? null;

/** A yes/no filter such as `?unresolved=1`: 1/true or 0/false; undefined when absent. */
export function flagQuery(query: unknown, name: string): boolean | undefined {
  const value = queryText(query, name, 5);
  if (value === undefined || value === '') return undefined;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new AdminInputError(`${name} must be 1 or 0`);
}

/** `?severity=`: one of SPEC §3's system event severities. */
export function severityQuery(query: unknown): SystemEventSeverity | undefined {
  const value = queryText(query, 'severity', 20);
  if (value === undefined || value === '') return undefined;
  if (!(SYSTEM_EVENT_SEVERITIES as readonly string[]).includes(value)) {
    throw new AdminInputError(`severity must be one of ${SYSTEM_EVENT_SEVERITIES.join(', ')}`);
  }
  return value as SystemEventSeverity;
}

/** `?type=`: one event type, lower-case words joined by underscores (`server_started`). */
export function eventTypeQuery(query: unknown): string | undefined {
  const value = queryText(query, 'type', 64);
  if (value === undefined || value === '') return undefined;
  if (!EVENT_TYPE_PATTERN.test(value)) {
    throw new AdminInputError('type must be an event type: lower-case letters, digits and underscores');
  }
  return value;
}

export const BAN_TARGET_REQUIRED = 'Give exactly one of wallet or ip';

/** `?wallet=` or `?ip=` (exactly one): the wallet or the IP address whose ban history is asked for. */
export function banTargetQuery(query: unknown): BanTarget {
  const wallet = queryText(query, 'wallet', 64) || undefined;
  const ip = queryText(query, 'ip', 64) || undefined;
  if (wallet !== undefined && ip === undefined) return { kind: 'wallet', value: walletParam(wallet) };
  if (ip !== undefined && wallet === undefined) return { kind: 'ip', value: ipParam(ip) };
  throw new AdminInputError(BAN_TARGET_REQUIRED);
}

/** A `:wallet` path parameter: a base58 Solana address. */
export function walletParam(value: string): string {
  if (!isAddress(value)) throw new AdminInputError(BAN_ACTION_ERRORS.invalidWallet);
  return value;
}

/** An `:ip` path parameter: an IPv4 or IPv6 address. */
export function ipParam(value: string): string {
  if (isIP(value) === 0) throw new AdminInputError(BAN_ACTION_ERRORS.invalidIp);
  return value;
}

/** A UUID (a game or event id), lower-cased as PostgreSQL prints them. */
export function uuidInput(value: unknown, what: string): string {
  if (typeof value !== 'string' || !UUID.test(value))
    throw new AdminInputError(`A valid ${what} is required`);
  return value.toLowerCase();
}

/** The JSON body of an action: an object whose fields the action services validate one by one. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AdminInputError('The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}
