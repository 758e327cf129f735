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
  cancelTooEarly: 'You can cancel a paid search only after 10 seconds of waiting',
  cancelFailed: 'Your search could not be cancelled just now and is still open; please try again',
  notInGame: 'You are not in this game',
  gameNotFound: 'Game not found or already finished',
  paymentRequired: 'A verified entry payment is required for this game mode',
  reconnectNotAllowed: 'This game belongs to another session',
  serverBusy: 'The server is busy, please try again',
  /** A wallet, an address or the server has as many entry payments being verified on chain as it may. */
  verificationsBusy: 'Too many payment verifications in progress. Please wait.',
  gameInProgress: 'Your game is still in progress',
  /** Cluster mode (issue 12): the shared queue cannot be reached (code matchmaking_unavailable). */
  matchmakingUnavailable:
    'Matchmaking is unavailable right now; any entry fee paid for this search is refunded in full. Please try again shortly.',
  /** SPEC §1: a paid search from an address in a restricted jurisdiction (code restricted_jurisdiction). */
  restrictedJurisdiction:
    'Paid games are not available in your jurisdiction (restricted by the Terms of Service). Practice mode is still open.',
} as const;
