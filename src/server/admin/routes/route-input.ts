import { isIP } from 'node:net';
import { isAddress } from '@solana/kit';
import { z } from 'zod';
import {
  type FilterParam,
  GAME_FILTERS,
  type GameFilterValues,
  LAMPORTS_RANGE_REVERSED,
  TRANSACTION_FILTERS,
  type TransactionFilterValues,
} from '../../../common/api/admin-list-filters.ts';
import type { BanTarget } from '../../../common/api/ban-history-api.ts';
import { EVENT_TYPE_PATTERN } from '../../../common/api/system-event-summary.ts';
import { UUID_ONLY } from '../../../common/text-checks.ts';
import { SYSTEM_EVENT_SEVERITIES, type SystemEventSeverity } from '../../db/schema/enums.ts';
import { BAN_ACTION_ERRORS } from '../queries/ban-actions.ts';
import { MAX_PAGE_LIMIT, type PageRequest } from '../queries/cursor.ts';
import type { NotesOf } from '../queries/support-notes.ts';

/**
 * Every admin route's input read one way, by a zod schema: a malformed path parameter, query value or body
 * throws an AdminInputError with the first issue's text, which the /api/admin error handler answers as 400
 * `{ error }` with its message.
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

/** Parses with `schema`; a refusal is the AdminInputError of its first issue (the route's 400 `{ error }`). */
function read<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new AdminInputError(parsed.error.issues[0]?.message ?? 'The request is malformed');
  return parsed.data;
}

/** A query (Fastify's, an object of texts and lists of texts) with these values; the others are ignored. */
const queryOf = <Shape extends z.ZodRawShape>(shape: Shape) => z.preprocess((q) => q ?? {}, z.object(shape));

/** One query value given at most once; a repeated (a list) or oversized one is refused. */
function once(name: string, max: number) {
  const error = `${name} must be given once, at most ${max} characters`;
  return z.string({ error }).max(max, { error }).optional();
}

/** A query value that may be left empty, refused unless `accept` takes it. */
function choice<T>(name: string, max: number, accept: (value: string) => T | undefined, error: string) {
  return once(name, max).transform((value, ctx): T | undefined => {
    if (value === undefined || value === '') return undefined;
    const taken = accept(value);
    if (taken === undefined) ctx.addIssue({ code: 'custom', message: error });
    return taken;
  });
}

const LIMIT_ERROR = `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}`;

/** `?limit=` (1..200, default 50 in the query services) and `?cursor=` (a previous nextCursor). */
export const pageQuerySchema = queryOf({
  limit: once('limit', 10),
  cursor: once('cursor', MAX_CURSOR_LENGTH),
}).transform(({ limit: limitText, cursor: cursorText }, ctx): PageRequest => {
  const cursor = cursorText || null;
  if (limitText === undefined) return { cursor };
  const limit = Number(limitText);
  if (!/^\d+$/.test(limitText) || limit < 1 || limit > MAX_PAGE_LIMIT) {
    ctx.addIssue({ code: 'custom', message: LIMIT_ERROR });
  }
  return { limit, cursor };
});
export const pageQuery = (query: unknown): PageRequest => read(pageQuerySchema, query);

/** `?search=`: handed as it is to the query services, which trim it and read ids out of it. */
const searchQuerySchema = queryOf({ search: once('search', MAX_SEARCH_LENGTH) });
export const searchQuery = (query: unknown): string | null => read(searchQuerySchema, query).search ?? null;

const FLAG_VALUES: ReadonlyMap<string, boolean> = new Map([
  ['1', true],
  ['true', true],
  ['0', false],
  ['false', false],
]);

/** A yes/no filter such as `?unresolved=1`: 1/true or 0/false; undefined when absent. */
export function flagQuery(query: unknown, name: string): boolean | undefined {
  const flag = choice(name, 5, (value) => FLAG_VALUES.get(value), `${name} must be 1 or 0`);
  return read(queryOf({ [name]: flag }), query)[name];
}

/** `?severity=`: one of SPEC §3's system event severities. */
const severityQuerySchema = queryOf({
  severity: choice(
    'severity',
    20,
    (value) => SYSTEM_EVENT_SEVERITIES.find((severity) => severity === value),
    `severity must be one of ${SYSTEM_EVENT_SEVERITIES.join(', ')}`,
  ),
});
export const severityQuery = (query: unknown): SystemEventSeverity | undefined =>
  read(severityQuerySchema, query).severity;

/** `?type=`: one event type, lower-case words joined by underscores (`server_started`). */
const eventTypeQuerySchema = queryOf({
  type: choice(
    'type',
    64,
    (value) => (EVENT_TYPE_PATTERN.test(value) ? value : undefined),
    'type must be an event type: lower-case letters, digits and underscores',
  ),
});
export const eventTypeQuery = (query: unknown): string | undefined => read(eventTypeQuerySchema, query).type;

/** One list filter (common/api/admin-list-filters.ts): empty is none, any other value not its own is refused. */
const filterValue = <T>(param: FilterParam<T>) => choice(param.name, 32, param.read, param.error);

/** Bounds given both ways round would match nothing: refused, as a range an operator mistyped. */
function inOrder<F extends { minLamports?: bigint | undefined; maxLamports?: bigint | undefined }>(
  filter: F,
  ctx: z.RefinementCtx,
): F {
  const { minLamports: min, maxLamports: max } = filter;
  if (min !== undefined && max !== undefined && min > max) {
    ctx.addIssue({ code: 'custom', message: LAMPORTS_RANGE_REVERSED });
  }
  return filter;
}

/** `?type=&status=&mode=&minLamports=&maxLamports=`: the Transactions tab's filters, and its export's. */
const transactionFilterQuerySchema = queryOf({
  type: filterValue(TRANSACTION_FILTERS.type),
  status: filterValue(TRANSACTION_FILTERS.status),
  mode: filterValue(TRANSACTION_FILTERS.mode),
  minLamports: filterValue(TRANSACTION_FILTERS.minLamports),
  maxLamports: filterValue(TRANSACTION_FILTERS.maxLamports),
}).transform(inOrder);
export const transactionFilterQuery = (query: unknown): TransactionFilterValues =>
  read(transactionFilterQuerySchema, query);

/** `?mode=&status=&payout=&minLamports=&maxLamports=`: the Games tab's filters (the entry fee's), and its export's. */
const gameFilterQuerySchema = queryOf({
  mode: filterValue(GAME_FILTERS.mode),
  status: filterValue(GAME_FILTERS.status),
  payout: filterValue(GAME_FILTERS.payout),
  minLamports: filterValue(GAME_FILTERS.minLamports),
  maxLamports: filterValue(GAME_FILTERS.maxLamports),
}).transform(inOrder);
export const gameFilterQuery = (query: unknown): GameFilterValues => read(gameFilterQuerySchema, query);

/** A `:wallet` path parameter: a base58 Solana address. */
const walletText = z.string().refine((value) => isAddress(value), { error: BAN_ACTION_ERRORS.invalidWallet });
/** An `:ip` path parameter: an IPv4 or IPv6 address. */
const ipText = z.string().refine((value) => isIP(value) !== 0, { error: BAN_ACTION_ERRORS.invalidIp });
export const walletParam = (value: string): string => read(walletText, value);
export const ipParam = (value: string): string => read(ipText, value);

export const BAN_TARGET_REQUIRED = 'Give exactly one of wallet or ip';

/** `?wallet=` or `?ip=` (exactly one): the wallet or the IP address whose ban history is asked for. */
const banTargetQuerySchema = queryOf({ wallet: once('wallet', 64), ip: once('ip', 64) }).transform(
  (query, ctx): BanTarget => {
    const wallet = query.wallet || undefined;
    const ip = query.ip || undefined;
    const [kind, value, schema] =
      wallet !== undefined && ip === undefined
        ? (['wallet', wallet, walletText] as const)
        : ip !== undefined && wallet === undefined
          ? (['ip', ip, ipText] as const)
          : [null, '', walletText];
    const checked = kind === null ? null : schema.safeParse(value);
    const message = kind === null ? BAN_TARGET_REQUIRED : checked?.error?.issues[0]?.message;
    if (message !== undefined) ctx.addIssue({ code: 'custom', message });
    return { kind: kind ?? 'wallet', value };
  },
);
export const banTargetQuery = (query: unknown): BanTarget => read(banTargetQuerySchema, query);

export const NOTES_TARGET_REQUIRED = 'Give exactly one of wallet or game';

/** `?wallet=` (its own notes and those on its games) or `?game=` (exactly one): whose support notes are read. */
const notesOfQuerySchema = queryOf({ wallet: once('wallet', 64), game: once('game', 64) }).transform(
  (query, ctx): NotesOf => {
    const wallet = query.wallet || undefined;
    const game = query.game || undefined;
    if ((wallet === undefined) === (game === undefined)) {
      ctx.addIssue({ code: 'custom', message: NOTES_TARGET_REQUIRED });
      return { game: '' };
    }
    const checked =
      wallet !== undefined ? walletText.safeParse(wallet) : uuidField('game id').safeParse(game);
    if (!checked.success) {
      ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? NOTES_TARGET_REQUIRED });
      return { game: '' };
    }
    return wallet !== undefined ? { wallet, withGames: true } : { game: String(checked.data) };
  },
);
export const notesOfQuery = (query: unknown): NotesOf => read(notesOfQuerySchema, query);

/** A UUID (a game, event, flag or payout job id), lower-cased as PostgreSQL prints them. */
export function uuidField(what: string) {
  const error = `A valid ${what} is required`;
  return z
    .string({ error })
    .regex(UUID_ONLY, { error })
    .transform((id) => id.toLowerCase());
}
export const uuidInput = (value: unknown, what: string): string => read(uuidField(what), value);

/** The JSON body of an action: an object whose fields the action services validate one by one. */
const bodyObjectSchema = z.custom<Record<string, unknown>>(
  (body) => typeof body === 'object' && body !== null && !Array.isArray(body),
  { error: 'The request body must be a JSON object' },
);
export const bodyObject = (body: unknown): Record<string, unknown> => read(bodyObjectSchema, body);

/** An action's JSON body read whole: an object (else the refusal above), then its fields in this order. */
export const actionBody = <Shape extends z.ZodRawShape>(shape: Shape) =>
  bodyObjectSchema.pipe(z.object(shape));
/** Reads a body with its schema; a refusal is the AdminInputError of its first issue. */
export const bodyOf = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> => read(schema, body);
