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

/** The `findMatch` reply's `message` for a search, a challenge and a rematch offer; the lobby shows them too. */
export const SEARCH_TEXTS = {
  searching: 'Searching for an opponent',
  challengeWaiting: 'Waiting for your friend to accept',
  rematchWaiting: 'Waiting for your opponent to take the rematch',
} as const;

/** SPEC §8 default ban messages (a ban without its own message). */
export const BAN_MESSAGES = {
  wallet: 'Your wallet has been banned',
  ip: 'Your IP address has been banned',
  account: 'Your account has been restricted',
} as const;

/**
 * What a match tells its players (gameOver, gameResumed, opponentDisconnected, reconnectionFailed): the
 * server sends them and the client shows them, both from here.
 */
/** The match texts the client shows itself too (its fallbacks, its own game-over line and forfeit dialog). */
export const SHOWN_MATCH_TEXTS = {
  opponentDisconnected: 'Opponent disconnected',
  opponentTimeout: 'Opponent did not reconnect in time',
  windowExpired: 'The reconnection window has expired',
  opponentLeft: 'Your opponent has disconnected. Victory awarded!',
} as const;
export const MATCH_TEXTS = {
  ...SHOWN_MATCH_TEXTS,
  gameResumed: 'Opponent reconnected. Game resumed!',
  matchOver: 'Game not found or already finished',
  win: 'You win!',
  loss: 'You lose.',
  youLeft: 'You left the game. Victory goes to your opponent.',
  opponentDisqualified: 'Your opponent disconnected too many times. Victory awarded!',
  excessiveDisconnects: 'Too many disconnections: the game was forfeited.',
  disconnectTimeout: 'You did not reconnect in time.',
} as const;

export {
  ACCOUNT_RESTRICTED_CODE,
  isPassingRefusal,
  PASSING_REFUSAL_CODES,
  type PassingRefusalCode,
  REFUND_REFUSAL_CODES,
} from './refusal-codes.ts';
