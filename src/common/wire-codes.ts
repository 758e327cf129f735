/**
 * Every code the game channel carries, named once (SPEC §7 `error { data: { message, code } }`). The server
 * writes these constants and the client reads them; neither side writes a code's text as a literal
 * (wire-literals.test.ts checks it). A code with one fixed text has that text in protocol-texts.ts
 * ERROR_MESSAGES under the same key. No zod here: the lobby's first visit needs the codes without it.
 * Codes are never renamed: clients match on them.
 */
import { ACCOUNT_RESTRICTED_CODE, PASSING_REFUSAL_CODES, REFUND_REFUSAL_CODES } from './refusal-codes.ts';

/** Every code, the groups of refusal-codes.ts among them. */
const ERROR_CODE_VALUES = [
  'internal_error',
  'rate_limited',
  'invalid_message',
  'wallet_mismatch',
  'wallet_required',
  'server_busy',
  'game_mode_required',
  'already_searching',
  'not_searching',
  'cancel_too_early',
  'cancel_failed',
  'not_in_game',
  'game_in_progress',
  'payment_required',
  /** A payment that will never be an entry here (not to the house, not from the wallet, nothing paid). */
  'payment_refused',
  ACCOUNT_RESTRICTED_CODE,
  'restricted_jurisdiction',
  'matchmaking_unavailable',
  'server_stopping',
  'challenge_not_open',
  'challenger_away',
  /** A challenge that could not be started (its text is serverBusy's). */
  'challenge_not_started',
  'own_challenge',
  'challenge_mode_mismatch',
  'rematch_unavailable',
  'house_bot_unavailable',
  /** The challenger never joined the match; its text is challengerNeverJoined's. */
  'match_cancelled',
  /** Player protection; the texts say until when and by how much (player-limits.ts). */
  'self_excluded',
  'loss_limit_reached',
  'loss_limit_exceeded',
  ...PASSING_REFUSAL_CODES,
  REFUND_REFUSAL_CODES.refunded,
  REFUND_REFUSAL_CODES.refundPending,
] as const;
export type ErrorCode = (typeof ERROR_CODE_VALUES)[number];
export const ERROR_CODE_LIST = ERROR_CODE_VALUES;

/** `not_in_game` → `notInGame`: each code's name in ERROR_CODES. */
type NameOf<Code extends string> = Code extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<NameOf<Tail>>}`
  : Code;
const nameOf = (code: string) => code.replace(/_(.)/g, (_, letter: string) => letter.toUpperCase());

/**
 * Each code by its name (`ERROR_CODES.notInGame` is 'not_in_game'), built from the list. The lobby's first page
 * reads only refusal-codes.ts, so it carries neither the list nor this table.
 */
export const ERROR_CODES = /* @__PURE__ */ Object.fromEntries(
  ERROR_CODE_VALUES.map((code) => [nameOf(code), code]),
) as {
  readonly [Code in ErrorCode as NameOf<Code>]: Code;
};

/**
 * Not in SPEC: why a `reconnect` was refused (`reconnectionFailed.code`), so the client knows a forfeit by
 * its own window running out without reading the text.
 */
export const RECONNECT_REFUSAL_CODES = {
  gameNotFound: 'game_not_found',
  notYours: 'reconnect_not_allowed',
  windowExpired: 'window_expired',
  matchOver: 'match_over',
} as const;
export type ReconnectRefusalCode = (typeof RECONNECT_REFUSAL_CODES)[keyof typeof RECONNECT_REFUSAL_CODES];
