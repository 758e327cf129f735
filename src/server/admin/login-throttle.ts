import type { Clock } from '../../common/clock.ts';

/** RELIABILITY 18: 5 failed logins in 15 minutes from one address, and its next attempt is refused. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/**
 * An account with LOGIN_MAX_FAILURES failures in the window (from anywhere) is under attack: each address
 * then gets this many failed tries at it per window instead of LOGIN_MAX_FAILURES. It slows a guesser
 * spread over many addresses without ever refusing an address that has not failed at this account.
 */
export const LOGIN_MAX_FAILURES_UNDER_ATTACK = 2;

export interface LoginThrottleLimits {
  maxFailures: number;
  maxFailuresUnderAttack: number;
  windowMs: number;
}

export const LOGIN_THROTTLE_LIMITS: LoginThrottleLimits = {
  maxFailures: LOGIN_MAX_FAILURES,
  maxFailuresUnderAttack: LOGIN_MAX_FAILURES_UNDER_ATTACK,
  windowMs: LOGIN_FAILURE_WINDOW_MS,
};

/** An attempt counted before its password is checked; it stays counted as a failure unless it succeeds. */
export interface LoginAttemptTicket {
  readonly ip: string;
  readonly account: string;
  readonly id: string;
}

export type LoginReservation =
  | { ok: true; ticket: LoginAttemptTicket; accountUnderAttack: boolean }
  | { ok: false; retryAfterMs: number };

/**
 * RELIABILITY 18 and 34: login attempts are counted per client address and per (account, address) pair
 * BEFORE any password work, so parallel guesses cannot all pass a check made before any of them failed.
 * The account as a whole only tightens the per-pair limit (see LOGIN_MAX_FAILURES_UNDER_ATTACK): strangers'
 * failures never lock the owner out of an address that has not failed itself.
 */
export interface LoginThrottle {
  /** Counts one attempt, or refuses it with the wait until the address (or the pair) may try again. */
  reserve(ip: string, account: string): Promise<LoginReservation>;
  /**
   * The password was right: the attempt is not a failure and the pair's failures are forgotten. The
   * address keeps its other failures (one valid account must not unlock guessing others), and the account
   * stays under attack while strangers' failures are in the window.
   */
  succeeded(ticket: LoginAttemptTicket): Promise<void>;
}

/** Instants of one key's counted attempts, oldest first, each with the id that can take it back. */
type Attempts = Array<{ at: number; id: string }>;

/** The wait until enough of `attempts` leave the window for one more under `limit`; 0 when there is room. */
export function waitForRoom(
  attempts: readonly number[],
  limit: number,
  windowMs: number,
  now: number,
): number {
  if (attempts.length < limit) return 0;
  const freeing = attempts[attempts.length - limit] ?? now;
  return Math.max(1, freeing + windowMs - now);
}

/**
 * One process's throttle, in memory: reserve runs without awaiting anything, so two requests of this process
 * can never both take the last attempt. Keys live in a bounded map (least recently seen forgotten first).
 * Several nodes use the Redis throttle (login-throttle-redis.ts), which counts for all of them.
 */
export function createLoginThrottle(
  clock: Clock,
  options: Partial<LoginThrottleLimits> & { maxKeys?: number } = {},
): LoginThrottle {
  const limits = { ...LOGIN_THROTTLE_LIMITS, ...options };
  const maxKeys = options.maxKeys ?? 50_000;
  const attempts = new Map<string, Attempts>();
  let nextId = 0;

  const recent = (key: string, now: number): Attempts => {
    const kept = (attempts.get(key) ?? []).filter((a) => a.at > now - limits.windowMs);
    if (kept.length === 0) attempts.delete(key);
    else attempts.set(key, kept);
    return kept;
  };

  const add = (key: string, attempt: { at: number; id: string }, now: number) => {
    const kept = recent(key, now);
    kept.push(attempt);
    attempts.delete(key);
    // Only the newest maxFailures can ever matter to a limit.
    attempts.set(key, kept.slice(-limits.maxFailures));
    if (attempts.size > maxKeys) {
      const oldest = attempts.keys().next().value;
      if (oldest !== undefined) attempts.delete(oldest);
    }
  };

  const takeBack = (key: string, id: string) => {
    const kept = attempts.get(key)?.filter((a) => a.id !== id);
    if (kept === undefined) return;
    if (kept.length === 0) attempts.delete(key);
    else attempts.set(key, kept);
  };

  const keys = (ip: string, account: string) => ({
    ip: `ip:${ip}`,
    pair: `pair:${account}\n${ip}`,
    account: `account:${account}`,
  });

  return {
    async reserve(ip, account) {
      const now = clock.now();
      const key = keys(ip, account);
      const at = (k: string) => recent(k, now).map((a) => a.at);
      const accountUnderAttack = at(key.account).length >= limits.maxFailures;
      const pairLimit = accountUnderAttack ? limits.maxFailuresUnderAttack : limits.maxFailures;
      const wait = Math.max(
        waitForRoom(at(key.ip), limits.maxFailures, limits.windowMs, now),
        waitForRoom(at(key.pair), pairLimit, limits.windowMs, now),
      );
      if (wait > 0) return { ok: false, retryAfterMs: wait };
      nextId += 1;
      const attempt = { at: now, id: String(nextId) };
      for (const k of [key.ip, key.pair, key.account]) add(k, attempt, now);
      return { ok: true, ticket: { ip, account, id: attempt.id }, accountUnderAttack };
    },
    async succeeded(ticket) {
      const key = keys(ticket.ip, ticket.account);
      takeBack(key.ip, ticket.id);
      takeBack(key.account, ticket.id);
      attempts.delete(key.pair);
    },
  };
}
