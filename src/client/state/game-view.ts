import type { GameModeId } from '../../common/game-modes.ts';
import type { GameStateName, SettledSearch } from '../../common/protocol.ts';

/**
 * SPEC §3 "Client game-state view", one value that a pure reducer (state/) computes from server messages,
 * wallet events and timers (SPEC §4 transitions). Screens choose themselves from it (SPEC §2 game page):
 * start, loading (searching or opponent found without a game id), countdown, game, game over.
 */

/**
 * What this browser stored of a game it rejoins after a reload (storage's last game state): the seed's hash
 * announced at `matched`, which Verify checks the revealed seed against, and when it saw the game end, from
 * which the game-over screen's return counts (not again from 10 s at each reload).
 */
export interface RememberedGame {
  gameId: string;
  seedHash: string | null;
  endedAt: number | null;
}

/** SPEC §4 gameOver outcome. */
export type GameOutcome = 'win' | 'lose' | 'lose_disconnect';

export interface GameOverInfo {
  outcome: GameOutcome;
  scores: [number, number];
  reason: string;
  message: string;
  /** The opponent disconnected and the player won: 'Your opponent has disconnected. Victory awarded!'. */
  opponentDisconnected: boolean;
}

export interface GameView {
  /** SPEC §4 game state; 'waiting' is the lobby. */
  state: GameStateName;
  data: {
    winner: 0 | 1 | null;
    scores: [number, number];
    paddlePositions: [number, number];
    gameState: GameStateName;
  };
  playerIndex: 0 | 1 | null;
  gameId: string | null;
  gameMode: GameModeId | null;
  /** The game channel is open. */
  connected: boolean;
  searching: boolean;
  /** Epoch ms when the search started, for the wait screen. */
  searchStartTime: number | null;
  opponentFound: boolean;
  opponentName: string | null;
  paymentSignature: string | null;
  /**
   * Not in SPEC (challenge a friend): what this search asked for, 'new' (open a challenge) or the code of the
   * challenge it accepts; sent again with a payment resubmitted after a passing refusal. Null otherwise.
   */
  challengeRequest?: ChallengeRequest | null;
  /** This search is the player's open challenge, as the server answered it: its link's code and expiry. */
  openChallenge?: { code: string; expiresAt: number } | null;
  /**
   * This search is the player's rematch offer after a game, open until `expiresAt`: this device's time of the
   * server's deadline (counted from the answer's `msLeft` when it has one, so a device clock that is off does
   * not move it).
   */
  openRematch?: { gameId: string; expiresAt: number } | null;
  /**
   * The page has reason to think it is in a match (a stored game id, or the game-over screen of a match just
   * over, at a reload) and has not yet heard the server's answer: it shows a neutral screen, never the lobby.
   * False once the server answered (the match, the game-over screen, or nothing to rejoin).
   */
  rejoining?: boolean;
  /** At game over: the opponent asked for a rematch, or left the game-over screen (no rematch will come). */
  rematchOffer?: 'offered' | 'declined' | null;
  /**
   * The opponent's offer closes at this time of this device (from the server's `msLeft`, as the offerer's own
   * `openRematch.expiresAt`): the game-over screen counts down to it, so both screens show the same time left.
   */
  rematchOfferClosesAt?: number | null;
  queueLengths: Partial<Record<GameModeId, number>>;
  playersOnline: number;
  /** This player's connection is down (reconnect dialog). */
  isDisconnected: boolean;
  canReconnect: boolean;
  reconnectionTimeLeft: number | null;
  /** The opponent is disconnected and the window runs (opponent-disconnected overlay). */
  reconnectionWindowActive: boolean;
  disconnectedPlayerIndex: 0 | 1 | null;
  /** Pre-game countdown value from matched/gameState (default 5). */
  countdownTime: number;
  gameOver: GameOverInfo | null;
  /**
   * The seed's hash announced at `matched` (null before one, or after a reload that did not hear it): 'Verify'
   * checks the seed revealed at game over against this, not against what the server later says it was.
   */
  seedHash?: string | null;
  /** When this page saw the match end (epoch ms; kept across a reload): the 10 s return counts from it. */
  gameOverAt?: number | null;
  /** What storage remembered of the game this page rejoins after a reload (game-events.ts). */
  rememberedGame?: RememberedGame | null;
  /** A cancel is under way: 'Cancelling matchmaking...' then 'Refund being processed...'. */
  cancelling: 'idle' | 'cancelling' | 'refunding';
  /** The last error message to show (server error texts except 'Rate limit exceeded'). */
  lastError: string | null;
  /**
   * The `code` of the error message that set lastError, if it had one (e.g. 'account_restricted': the
   * lobby shows its 'Account Restricted' banner). Optional: added by the lobby after the contract.
   */
  lastErrorCode?: string | null;
  /**
   * The last `banStatus` the server pushed (an admin banned or unbanned this wallet or address
   * and every open socket was told), with when it arrived (epoch ms); the lobby's restriction follows it. Null until one arrives.
   */
  liveBanStatus?: { banned: boolean; message: string | null; at: number } | null;
  lastEvent: string | null;
  sessionId: string | null;
  // Optional fields below were added with the reducer (state/reduce.ts); it always sets them.
  /** When lastError was set (epoch ms): a repeated identical error does not raise a second notice. */
  lastErrorAt?: number | null;
  /** A reconnect of this player's game is in flight: the dialog's button reads 'Reconnecting...'. */
  reconnecting?: boolean;
  /** Server time of the last gameState taken; older ones are skipped (SPEC §4). */
  lastStateTimestamp?: number | null;
  /** The latest one-off message for a toast (screens/game-notices.tsx shows each id once). */
  notice?: GameNotice | null;
  /**
   * SPEC §2/§4: when 'OPPONENT FOUND! MATCH STARTING SOON' began (epoch ms) for a match found from a search;
   * it shows for 3 s before the pre-game countdown. Null when not shown (skipped if a game id already existed).
   */
  opponentFoundAt?: number | null;
  /** SPEC §2: when the pre-game countdown reached 0 (the first serve) and 'GO!' began (epoch ms); else null. */
  goAt?: number | null;
  /**
   * The server has answered this search (its findMatch reply, sent once the search is queued): the wait
   * counts from that answer, so the client's 10 s before 'CANCEL MATCH' are never shorter than the server's.
   */
  searchQueued?: boolean;
  /**
   * When this player's socket to a game under way went down (epoch ms): the server holds the seat for its
   * reconnection window from about then, so the dialog's seconds and the channel's retries count from it.
   * Null while connected or with no game.
   */
  disconnectedAt?: number | null;
  /** The game whose 'Opponent Disconnected' toast has been raised: once per match, however it was learnt. */
  opponentLeftToldFor?: string | null;
  /**
   * The paid search's findMatch was refused for a passing reason (nothing recorded): the same payment is
   * sent again (state/payment-retry.ts). `attempt` counts the passing refusals, `since` is the first (epoch
   * ms). Null while no such refusal is pending.
   */
  paymentRetry?: { attempt: number; since: number } | null;
  /** The server's id of this search (its findMatch reply, or `held`): named in the next `connect`. */
  searchId?: string | null;
  /**
   * A search the page believed it held that the server no longer holds, as the server's `held` told it
   * (closed at a restart, with its refund): the lobby says what became of it until the next search.
   */
  settledSearch?: SettledSearch | null;
  /** The winner payout of the game over this view shows, as its notifications told it (state/match-payout.ts). */
  matchPayout?: MatchPayout | null;
}

/**
 * A game's winner payout as the game over screen shows it: sent (its transfer is on the chain's way), paid
 * (confirmed), or held for review. Lamports as decimal text (a view stays plain data).
 */
export interface MatchPayout {
  gameId: string;
  status: 'sent' | 'paid' | 'held';
  lamports: string;
  signature: string | null;
}

/** A search that opens a challenge ('new'), accepts the one of this code, or asks a rematch of a game. */
export type ChallengeRequest = 'new' | (string & {}) | { rematch: string };

/** One-off messages the player is told about in a toast. */
export type GameNotice =
  /** A search was left; a paid one carries the refund from the server's reply (lamports, decimal text). */
  | { id: number; kind: 'searchCancelled'; refundLamports: string | null }
  /** SPEC §2: 'Opponent Disconnected' / 'Your opponent has left the game.' */
  | { id: number; kind: 'opponentLeft' }
  /** Back after this player's own reconnection window ran out: the seat, and the game, were forfeited. */
  | { id: number; kind: 'forfeited' }
  /** A paid search's payment was given up unconfirmed (or the player left while it was confirmed). */
  | { id: number; kind: 'paymentUnconfirmed' }
  /** A server error text (never 'Rate limit exceeded'), with its code when it had one. */
  | { id: number; kind: 'error'; message: string; code: string | null };
