/**
 * Every code the game channel carries, named once (SPEC §7 `error { data: { message, code } }`). The server
 * writes these constants and the client reads them; neither side writes a code's text as a literal
 * (wire-literals.test.ts checks it). A code with one fixed text has that text in protocol-texts.ts
 * ERROR_MESSAGES under the same key. No zod here: the lobby's first visit needs the codes without it.
 * Codes are never renamed: clients match on them.
 */
export const ERROR_CODES = {
  internalError: 'internal_error',
  rateLimited: 'rate_limited',
  invalidMessage: 'invalid_message',
  walletMismatch: 'wallet_mismatch',
  walletRequired: 'wallet_required',
  serverBusy: 'server_busy',
  gameModeRequired: 'game_mode_required',
  alreadySearching: 'already_searching',
  notSearching: 'not_searching',
  cancelTooEarly: 'cancel_too_early',
  cancelFailed: 'cancel_failed',
  notInGame: 'not_in_game',
  gameInProgress: 'game_in_progress',
  paymentRequired: 'payment_required',
  /** A payment that will never be an entry here (not to the house, not from the wallet, nothing paid). */
  paymentRefused: 'payment_refused',
  /** A banned wallet or address; its text is the ban's own (security/bans.ts). */
  accountRestricted: 'account_restricted',
  restrictedJurisdiction: 'restricted_jurisdiction',
  matchmakingUnavailable: 'matchmaking_unavailable',
  serverStopping: 'server_stopping',
  challengeNotOpen: 'challenge_not_open',
  challengerAway: 'challenger_away',
  /** A challenge that could not be started (its text is serverBusy's). */
  challengeNotStarted: 'challenge_not_started',
  ownChallenge: 'own_challenge',
  challengeModeMismatch: 'challenge_mode_mismatch',
  rematchUnavailable: 'rematch_unavailable',
  houseBotUnavailable: 'house_bot_unavailable',
  /** The challenger never joined the match; its text is challengerNeverJoined's. */
  matchCancelled: 'match_cancelled',
  /** Player protection; the texts say until when and by how much (player-limits.ts). */
  selfExcluded: 'self_excluded',
  lossLimitReached: 'loss_limit_reached',
  lossLimitExceeded: 'loss_limit_exceeded',
  /** Passing refusals (PASSING_REFUSAL_CODES below). */
  verificationBusy: 'verification_busy',
  paymentNotVisible: 'payment_not_visible',
  paymentRpcUnavailable: 'payment_rpc_unavailable',
  paymentNotRecorded: 'payment_not_recorded',
  /** Final refusals whose payment is refunded (REFUND_REFUSAL_CODES below). */
  entryRefunded: 'entry_refunded',
  entryRefundPending: 'entry_refund_pending',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
export const ERROR_CODE_LIST: readonly ErrorCode[] = Object.values(ERROR_CODES);

/**
 * Error codes of a paid `findMatch` refused for a passing reason: nothing was recorded and the payment was not
 * used, so the client keeps the signature and submits the same `findMatch` again with backoff (it never asks
 * the wallet to pay twice for one search). Every other refusal of a search is final.
 */
export const PASSING_REFUSAL_CODES = [
  /** The server has as many verifications in flight as it may (per wallet or overall). */
  ERROR_CODES.verificationBusy,
  /** The chain does not show the transaction at `confirmed` yet (or not its time). */
  ERROR_CODES.paymentNotVisible,
  /** The RPC could not be asked (HTTP 429 / 5xx, a timeout): nothing is known. */
  ERROR_CODES.paymentRpcUnavailable,
  /** The database could not record the payment (nor check it). */
  ERROR_CODES.paymentNotRecorded,
] as const;
export type PassingRefusalCode = (typeof PASSING_REFUSAL_CODES)[number];

export function isPassingRefusal(code: string | null | undefined): code is PassingRefusalCode {
  return (PASSING_REFUSAL_CODES as readonly string[]).includes(code ?? '');
}

/**
 * Final refusals of a paid `findMatch` whose payment was recorded: the error's `refundLamports` says how much.
 * `entry_refunded`: the fee is owed back in full now (a payout job exists). `entry_refund_pending`: even the
 * refund could not be written; the server's sweep of unused entry fees refunds it within minutes.
 */
export const REFUND_REFUSAL_CODES = {
  refunded: ERROR_CODES.entryRefunded,
  refundPending: ERROR_CODES.entryRefundPending,
} as const;

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
