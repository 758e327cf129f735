import { LOGIN_FAILURE_WINDOW_MS } from '../../security/login-throttle.ts';

/**
 * RELIABILITY 44: second-factor guesses are capped per pending session and per admin, not only per address.
 * Only someone who passed the password can send a code, so these caps are filled only by a holder of it.
 *
 * A pending sign-in sends at most this many codes: the last wrong one ends the session, and another try
 * costs the password step again (throttled per address like any login).
 */
export const SECOND_FACTOR_TRIES_PER_SESSION = 3;

/**
 * Wrong codes at one admin from all addresses together in LOGIN_FAILURE_WINDOW_MS: past them, a code is
 * not even checked (429 with the wait) until the oldest leaves the window. It throttles, never locks: the
 * real admin passes once the window moves on, and a guesser gets 10 tries in 15 minutes, ~1,000 a day, against
 * a 6-digit code valid for 3 of its million values at a time.
 */
export const SECOND_FACTOR_FAILURES_PER_ADMIN = 10;
export const SECOND_FACTOR_WINDOW_MS = LOGIN_FAILURE_WINDOW_MS;
