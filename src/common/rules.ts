import { TICK_HZ } from './game/constants.ts';
import { BASE58_CLASS } from './text-patterns.ts';

/**
 * The product's rules (SPEC §1, §4, §7, §9) as named values and pure functions, written once: the server
 * enforces them, the client follows them and the texts that state them to players are built from them.
 * `rules.test.ts` fails when a rule is defined again elsewhere. Money is bigint lamports, never a float
 * (STYLE.md 7); percents of money are whole bigint percents. This module imports nothing that pulls zod in,
 * so the client's first page (storage, sound flags) can use it.
 */

// Money: what comes back, what a winner is paid, what a transfer costs.

/** SPEC §1/§9: a paid search the player leaves returns 97% of the wager. */
export const CANCEL_REFUND_PERCENT = 97n;
/** SPEC §1/§9: what the house keeps of a cancelled search (3%). */
export const CANCEL_RETAINED_PERCENT = 100n - CANCEL_REFUND_PERCENT;
/** A search the operator ended (a ban, a restart, a technical failure) returns the whole wager. */
export const FULL_REFUND_PERCENT = 100n;

/** floor(wager × percent / 100) in lamports: the refund never exceeds its share (RELIABILITY 14). */
export function refundOf(wagerLamports: bigint, percent: bigint): bigint {
  return (wagerLamports * percent) / 100n;
}

/** What a cancelled paid search returns: floor of 97% of the wager, in lamports. */
export function cancelRefundOf(wagerLamports: bigint): bigint {
  return refundOf(wagerLamports, CANCEL_REFUND_PERCENT);
}

/** SPEC §1/§9: both players pay the wager; the winner receives 1.5 times it, as the exact ratio 3/2. */
export const PAYOUT_MULTIPLIER_NUMERATOR = 3n;
export const PAYOUT_MULTIPLIER_DENOMINATOR = 2n;
/** The multiplier as the terms state it: '1.5' (display only; amounts use the ratio). */
export const PAYOUT_MULTIPLIER_TEXT = String(
  Number(PAYOUT_MULTIPLIER_NUMERATOR) / Number(PAYOUT_MULTIPLIER_DENOMINATOR),
);

/** What the winner of a match of `wagerLamports` is paid (floor in lamports; exact for every SPEC §3 mode). */
export function payoutOf(wagerLamports: bigint): bigint {
  return (wagerLamports * PAYOUT_MULTIPLIER_NUMERATOR) / PAYOUT_MULTIPLIER_DENOMINATOR;
}

/** The chain's base fee for each signature of a transaction. */
export const LAMPORTS_PER_SIGNATURE = 5_000n;
/** SPEC §7: every transfer the product signs or asks for (entry, payout, refund) pays this per compute unit. */
export const TRANSFER_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS = 10_000n;
/** Two compute-budget instructions and a System transfer use 450 units; the rest is margin. */
export const TRANSFER_COMPUTE_UNIT_LIMIT = 1_000;
/**
 * The network fee of one such transfer, known exactly: 5,000 for the one signature plus the priority fee
 * ceil(price × limit / 1e6), so 5,010 lamports.
 */
export const TRANSFER_NETWORK_FEE_LAMPORTS =
  LAMPORTS_PER_SIGNATURE +
  (TRANSFER_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS * BigInt(TRANSFER_COMPUTE_UNIT_LIMIT) + 999_999n) / 1_000_000n;

// Time: the waits and windows players are told about. Milliseconds, read from an injected clock.

/**
 * How old an entry fee, or a transfer to the house, must be before a sweep may take it for unclaimed and refund
 * it in full (the running sweeper in the ledger, and a cluster node's settlement of a lost node). 5 minutes: longer
 * than a player's client keeps presenting a payment after a passing refusal (about 2 minutes), plus the
 * verifier's 30 s confirmation budget and any write in flight between recording a fee and queueing its search,
 * so a payment still on its way to a search is never mistaken for an abandoned one; short enough that a player
 * who closed the tab after paying has the money back within minutes.
 */
export const UNUSED_ENTRY_GRACE_MS = 5 * 60_000;
/** SPEC §1/§9: a paid search may be left only after this long (server and client alike). */
export const CANCEL_WAIT_MS = 10_000;
export const CANCEL_WAIT_SECONDS = CANCEL_WAIT_MS / 1000;
/** SPEC §9: a closed socket is not shown as a disconnect (to its player or the opponent) before this. */
export const DISCONNECT_GRACE_MS = 2_000;
/** SPEC §9: after the grace, a player (or an away search) may come back for this long. */
export const RECONNECTION_WINDOW_MS = 30_000;
/** The window in whole seconds, as the server counts it down to the opponent. */
export const RECONNECTION_WINDOW_SECONDS = RECONNECTION_WINDOW_MS / 1000;
/** SPEC §4/§9: the opponent-disconnected overlay is cleared after this, whatever the server said. */
export const OVERLAY_SAFETY_NET_MS = 35_000;

// Countdowns, in whole seconds as players see them.

/**
 * SPEC §9 opponent-found screen: 3 s. The server waits it out before its pre-game countdown starts to show,
 * so the player sees 'OPPONENT FOUND!' and then the whole countdown (5, 4, 3, 2, 1, GO!), not its tail.
 */
export const OPPONENT_FOUND_SECONDS = 3;
/** Pre-game countdown, server-supplied to clients (SPEC §2: default 5). */
export const DEFAULT_COUNTDOWN_SECONDS = 5;
/** SPEC §9: the game-over screen returns to the lobby after this. */
export const GAME_OVER_RETURN_SECONDS = 10;

// What a running match sends, and when (the client predicts the rest: common/game/ball-track.ts).

/**
 * A running match sends each player an authoritative keyframe (a SPEC `gameState`) on the tick the phase,
 * the score or a second the players see changes, and otherwise every KEYFRAME_TICKS (3 s) against drift.
 * Between keyframes it sends only what the client cannot predict: a serve or a paddle's return as it happens
 * (`ballEvent`), and the opponent's paddle while it moves (`opponentPaddle`).
 */
export const KEYFRAME_TICKS = 3 * TICK_HZ;
/**
 * The opponent's paddle, while it moves, at most every 6th tick (10 Hz): a paddle crosses at most 72 units in
 * that time, and the client draws it moving toward each report at the physics' own paddle speed. A paddle
 * that starts from rest is reported on that tick (the opponent sees a reaction at once), then held to this
 * period. At 20 Hz it cost half a kilobyte a second more per player, beyond the budget of 1 KB/s.
 */
export const OPPONENT_PADDLE_TICKS = 6;

// Value lists and formats both sides (and the database) share.

/** SPEC §4 game states: the protocol's `gameState`, the database enum and the client's stored last state. */
export const GAME_STATES = [
  'waiting',
  'countdown',
  'firstServe',
  'playing',
  'roundEnd',
  'gameOver',
  'waitingForReconnection',
] as const;
export type GameStateName = (typeof GAME_STATES)[number];

/**
 * The transaction types that pay a winner (SPEC §3/§4): a payout notice is de-duplicated by game and amount,
 * and the history merges these rows into their game.
 */
export const PAYOUT_TRANSACTION_TYPES: ReadonlySet<string> = new Set(['winner_payout', 'payout']);

/** A Solana address as the product accepts it: base58, 32 to 44 characters. */
export const BASE58_ADDRESS = /* @__PURE__ */ new RegExp(`^[${BASE58_CLASS}]{32,44}$`);
/**
 * The name a server process goes by (NODE_ID): 1 to 64 characters of A-Z a-z 0-9 _ . -. The client keeps the
 * node of its game (`?node=`) under the same rule.
 */
export const NODE_ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
/**
 * SPEC §9: a payment signature shorter than 20 characters is refused; at most 100, base58. A real one is 64
 * bytes, 64 to 88 characters.
 */
export const SIGNATURE_MIN_LENGTH = 20;
export const SIGNATURE_MAX_LENGTH = 100;
export const BASE58_SIGNATURE = /* @__PURE__ */ new RegExp(
  `^[${BASE58_CLASS}]{${SIGNATURE_MIN_LENGTH},${SIGNATURE_MAX_LENGTH}}$`,
);

/**
 * The terms of service version a player accepts before connecting: the date they were last updated (SPEC §2:
 * 'Last Updated: March 9, 2025'), sent with the wallet's sign-in and recorded with it. The dialog shows it.
 */
export const TERMS_VERSION = '2025-03-09';

// Challenges: a private search a friend accepts by its link (the lobby's 'Challenge a friend').

/**
 * A challenge's code, the last part of its link (`/challenge/<code>`): 12 base58 characters drawn at random,
 * about 70 bits, so a challenge cannot be found by guessing its link.
 */
export const CHALLENGE_CODE_LENGTH = 12;
export const CHALLENGE_CODE = /* @__PURE__ */ new RegExp(`^[${BASE58_CLASS}]{${CHALLENGE_CODE_LENGTH}}$`);
/**
 * Rematch: at game over either player may ask for one within the game-over screen's 10 s; a paid one pays again
 * through the wallet, which may take a while, so the server takes the ask up to this long after the match
 * ended, and an offer the opponent has not taken by then closes with its fee back in full.
 */
export const REMATCH_WINDOW_MS = 60_000;
/**
 * A game-over screen whose socket closed (a reload, a lost connection) keeps its seat this long before its
 * player counts as gone from it (the opponent is then told no rematch will come): SPEC §9's rapid refresh window.
 */
export const GAME_OVER_SEAT_HOLD_MS = 15_000;
/** A challenge nobody accepts is closed after this long, its entry fee refunded in full (CHALLENGE_EXPIRY_MINUTES). */
export const DEFAULT_CHALLENGE_EXPIRY_MINUTES = 10;

// The house bot: a server-side opponent for Free Play when nobody else searches it.

/** A Free Play search alone in its queue this long is offered the house bot (the wait screen's button). */
export const HOUSE_BOT_OFFER_MS = 15_000;
/** The house bot's name on the wire and on screen: it says what it is. */
export const HOUSE_BOT_NAME = 'House Bot';
/** The address the house bot's games are recorded under: it owns no keys and is never paid (practice only). */
export const HOUSE_BOT_ADDRESS = 'HouseBot1111111111111111111111111111111111';

// Player protection: self-exclusion and loss limits on paid modes (practice stays open under both).

const HOUR_MS = 3_600_000;
/** The self-exclusion periods a player may choose, in ms; `permanent` never ends (null). */
export const SELF_EXCLUSION_PERIODS = {
  '24h': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
  '30d': 30 * 24 * HOUR_MS,
  permanent: null,
} as const;
export type SelfExclusionPeriod = keyof typeof SELF_EXCLUSION_PERIODS;
/**
 * The loss limits count net paid-mode loss over rolling windows ending now: the last 24 hours (daily) and the
 * last 7 × 24 hours (weekly). Rolling, not calendar: a UTC day would let a player lose the limit at 23:59 and
 * again at 00:01, twice the limit within minutes, and a calendar day is a different day in every time zone.
 */
export const LOSS_LIMIT_DAY_WINDOW_MS = 24 * HOUR_MS;
export const LOSS_LIMIT_WEEK_WINDOW_MS = 7 * LOSS_LIMIT_DAY_WINDOW_MS;
/** Raising or removing a loss limit takes effect this long after it is asked; lowering takes effect at once. */
export const LOSS_LIMIT_RAISE_DELAY_MS = 24 * HOUR_MS;

/** The risk pass's pair rules (chip dumping, multi-accounting) look at the 30 days up to the wallet's latest game. */
export const RISK_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
