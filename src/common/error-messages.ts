import { LOBBY_ERROR_MESSAGES } from './protocol-texts.ts';
import { CANCEL_WAIT_SECONDS } from './rules.ts';

/**
 * Every error text the game channel sends, in a module of its own: the lobby's first page needs only
 * LOBBY_ERROR_MESSAGES, so this object is bundled with the game controller's chunk, not the first visit's.
 */
export const ERROR_MESSAGES = {
  ...LOBBY_ERROR_MESSAGES,
  invalidJson: 'Invalid message: not JSON',
  invalidMessage: 'Invalid message',
  unknownType: 'Unknown message type',
  rateLimited: 'Rate limit exceeded',
  walletMismatch: 'This message names a wallet other than the signed-in one',
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
  /** Player protection (code self_excluded): the player's own self-exclusion; player-limits.ts adds until when. */
  selfExcluded: 'You have excluded yourself from paid games',
  /** Player protection (code loss_limit_reached): the net loss of the window has reached the player's limit. */
  lossLimitReached: 'You have reached your loss limit for paid games',
  /** Player protection (code loss_limit_exceeded): this entry could lose more than what is left of the limit. */
  lossLimitExceeded: 'This game could take you past your loss limit for paid games',
} as const;
