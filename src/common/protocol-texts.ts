/**
 * The game channel's close codes and error texts (SPEC §7, §8), apart from the zod schemas in protocol.ts so
 * that client code needing only a text (the lobby's ban status) does not pull zod into the first visit.
 */

import { CANCEL_WAIT_SECONDS } from './rules.ts';

/** Codes and texts are never renumbered or reworded: clients match on them. */
export const CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  policyViolation: 1008,
  messageTooBig: 1009,
  /** The server is shutting down. */
  serverShutdown: 4000,
  // A socket that misses its heartbeat or stops reading is cut off (terminate), so no close code can reach
  // it; a sustained flood is closed with policyViolation (1008). 4001-4003 stay unassigned.
  /** The socket's sign-in session ended (the player signed out): sign in again to play. No reconnect. */
  signedOut: 4004,
  /** The wallet or the address was banned: its sessions are ended and it cannot sign in. No reconnect. */
  restricted: 4005,
} as const;

export const ERROR_MESSAGES = {
  invalidJson: 'Invalid message: not JSON',
  invalidMessage: 'Invalid message',
  unknownType: 'Unknown message type',
  rateLimited: 'Rate limit exceeded',
  walletRequired: 'Please connect your wallet first',
  walletMismatch: 'This message names a wallet other than the signed-in one',
  gameModeRequired: 'Game Mode Required',
  alreadySearching: 'Already Searching',
  notSearching: 'You are not searching for a match',
  cancelTooEarly: `You can cancel a paid search only after ${CANCEL_WAIT_SECONDS} seconds of waiting`,
  cancelFailed: 'Your search could not be cancelled just now and is still open; please try again',
  notInGame: 'You are not in this game',
  gameNotFound: 'Game not found or already finished',
  paymentRequired: 'A verified entry payment is required for this game mode',
  reconnectNotAllowed: 'This game belongs to another session',
  serverBusy: 'The server is busy, please try again',
  /** A wallet, an address or the server has as many entry payments being verified on chain as it may. */
  verificationsBusy: 'Too many payment verifications in progress. Please wait.',
  gameInProgress: 'Your game is still in progress',
  /** Cluster mode: the shared queue cannot be reached (code matchmaking_unavailable). */
  matchmakingUnavailable:
    'Matchmaking is unavailable right now; any entry fee paid for this search is refunded in full. Please try again shortly.',
  /** The server is stopping (code server_stopping): a new search is refused, its entry fee refunded in full. */
  serverStopping:
    'The server is restarting; any entry fee paid for this search is refunded in full. Please try again shortly.',
  /** SPEC §1: a paid search from an address in a restricted jurisdiction (code restricted_jurisdiction). */
  /** Challenge a friend: the code names no open challenge (accepted, cancelled, expired or never made). */
  challengeNotOpen: 'This challenge is no longer open',
  /**
   * Challenge a friend (and a rematch offer): the challenger's socket is gone, so no match starts (their seat
   * would start away); the challenge stays open until its expiry (code challenger_away).
   */
  challengerAway:
    'The player who made this challenge is away right now; any entry fee paid to accept it is refunded in full. Try the link again once they are back.',
  /**
   * Challenge a friend (and a rematch offer): the challenger never joined the match their challenge started,
   * so it is called off with no winner and both entries refunded in full (code match_cancelled).
   */
  challengerNeverJoined: 'The player who made this challenge never joined the match, so it is called off',
  /** Challenge a friend: a player's own challenge is accepted by someone else. */
  ownChallenge: 'You cannot accept your own challenge',
  /** Challenge a friend: the accept names a mode other than the challenge's. */
  challengeModeMismatch: 'This challenge is for another game mode',
  /** Rematch: the game named is not one this player just finished, or its rematch time is over. */
  rematchUnavailable: 'A rematch of this game is no longer possible',
  /** The house bot: only a Free Play search alone in its queue for 15 s may play it. */
  houseBotUnavailable:
    'The house bot plays a Free Play search that has waited 15 seconds with nobody else searching',
  restrictedJurisdiction:
    'Paid games are not available in your jurisdiction (restricted by the Terms of Service). Practice mode is still open.',
  /** Player protection (code self_excluded): the player's own self-exclusion; player-limits.ts adds until when. */
  selfExcluded: 'You have excluded yourself from paid games',
  /** Player protection (code loss_limit_reached): the net loss of the window has reached the player's limit. */
  lossLimitReached: 'You have reached your loss limit for paid games',
  /** Player protection (code loss_limit_exceeded): this entry could lose more than what is left of the limit. */
  lossLimitExceeded: 'This game could take you past your loss limit for paid games',
} as const;

/**
 * Error codes of a paid `findMatch` refused for a passing reason: nothing was recorded and the payment was not
 * used, so the client keeps the signature and submits the same `findMatch` again with backoff (it never asks
 * the wallet to pay twice for one search). Every other refusal of a search is final.
 */
export const PASSING_REFUSAL_CODES = [
  /** The server has as many verifications in flight as it may (per wallet or overall). */
  'verification_busy',
  /** The chain does not show the transaction at `confirmed` yet (or not its time). */
  'payment_not_visible',
  /** The RPC could not be asked (HTTP 429 / 5xx, a timeout): nothing is known. */
  'payment_rpc_unavailable',
  /** The database could not record the payment (nor check it). */
  'payment_not_recorded',
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
  refunded: 'entry_refunded',
  refundPending: 'entry_refund_pending',
} as const;
