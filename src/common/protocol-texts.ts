/**
 * The game channel's close codes and error texts (SPEC §7, §8), apart from the zod schemas in protocol.ts so
 * that client code needing only a text (the lobby's ban status) does not pull zod into the first visit.
 */

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

/**
 * The error texts the lobby shows before any message is sent (and the server sends the same): a subset of
 * ERROR_MESSAGES of its own, so the first page's bundle carries these four and not every server text.
 */
export const LOBBY_ERROR_MESSAGES = {
  walletRequired: 'Please connect your wallet first',
  gameModeRequired: 'Game Mode Required',
  alreadySearching: 'Already Searching',
  /** SPEC §1: a paid search from an address in a restricted jurisdiction (code restricted_jurisdiction). */
  restrictedJurisdiction:
    'Paid games are not available in your jurisdiction (restricted by the Terms of Service). Practice mode is still open.',
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
