/**
 * How the server carries out the timing rules of a live match (SPEC §4 reconnection, §9; the grace and the
 * window themselves are in common/rules.ts) and the texts it sends. Timers here are milliseconds read from
 * the injected clock, not tick counts: the rules are stated in wall time and must hold even when ticks
 * arrive late.
 */

/** How often the opponent is told the seconds left in the window (`reconnectionTimeUpdate`). */
export const RECONNECTION_UPDATE_MS = 1_000;
/** The disconnect of a seat that forfeits the match at once (the fourth; the third still gets a window). */
export const FORFEITING_DISCONNECT = 4;

/**
 * Per-second snapshots kept for the audit record; a 15-minute match fits, and longer ones stop sampling so the
 * stored row stays bounded. Point and end snapshots are always kept (at most 21 points and one end).
 */
export const SECOND_SNAPSHOT_LIMIT = 900;

/** The texts a match sends are the client's too: they live in common/. */
export { MATCH_TEXTS } from '../../../common/protocol-texts.ts';
