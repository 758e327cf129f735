import { isIPv6 } from 'node:net';
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
  | {
      ok: true;
      ticket: LoginAttemptTicket;
      accountUnderAttack: boolean;
      /** With an `accountCap`: this attempt took the account's last one in the window. */
      accountCapReached: boolean;
    }
  | { ok: false; retryAfterMs: number };

export interface ReserveOptions {
  /**
   * At most this many unsucceeded attempts at the account in the window, from all addresses together: the
   * next waits for the oldest to leave it. For an account whose attempts only a holder of its password can
   * make (the second factor, RELIABILITY 44), so strangers without it can never fill it.
   */
  accountCap?: number;
}

/**
 * The address a throttle counts under: an IPv4 address as it is, an IPv6 address by its /64 (one subscriber
 * holds a whole /64, so counting each of its 2^64 addresses apart would give them unbounded tries). An
 * IPv4-mapped IPv6 address counts as its IPv4 address.
 */
export function throttleAddressOf(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  if (!isIPv6(address)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  // A dotted IPv4 tail (::ffff:0:1.2.3.4 and the like) stands for two groups.
  const tailWidth = tailGroups.length + (tailGroups.at(-1)?.includes('.') ? 1 : 0);
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array<string>(8 - headGroups.length - tailWidth).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * RELIABILITY 18 and 34: login attempts are counted per client address and per (account, address) pair
 * BEFORE any password work, so parallel guesses cannot all pass a check made before any of them failed.
 * The account as a whole only tightens the per-pair limit (see LOGIN_MAX_FAILURES_UNDER_ATTACK): strangers'
 * failures never lock the owner out of an address that has not failed itself.
 */
export interface LoginThrottle {
  /**
   * Counts one attempt, or refuses it with the wait until the address (or the pair, or a capped account) may
   * try again. Addresses are counted by throttleAddressOf (an IPv6 /64 as one).
   */
  reserve(ip: string, account: string, options?: ReserveOptions): Promise<LoginReservation>;
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

  const add = (key: string, attempt: { at: number; id: string }, now: number, keep: number) => {
    const kept = recent(key, now);
    kept.push(attempt);
    attempts.delete(key);
    // Only the newest `keep` (the largest limit on the key) can ever matter to a limit.
    attempts.set(key, kept.slice(-keep));
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

  const keys = (ip: string, account: string) => {
    const address = throttleAddressOf(ip);
    return { ip: `ip:${address}`, pair: `pair:${account}\n${address}`, account: `account:${account}` };
  };

  return {
    async reserve(ip, account, options = {}) {
      const now = clock.now();
      const key = keys(ip, account);
      const at = (k: string) => recent(k, now).map((a) => a.at);
      const onAccount = at(key.account);
      const accountUnderAttack = onAccount.length >= limits.maxFailures;
      const pairLimit = accountUnderAttack ? limits.maxFailuresUnderAttack : limits.maxFailures;
      const cap = options.accountCap;
      const wait = Math.max(
        waitForRoom(at(key.ip), limits.maxFailures, limits.windowMs, now),
        waitForRoom(at(key.pair), pairLimit, limits.windowMs, now),
        cap === undefined ? 0 : waitForRoom(onAccount, cap, limits.windowMs, now),
      );
      if (wait > 0) return { ok: false, retryAfterMs: wait };
      nextId += 1;
      const attempt = { at: now, id: String(nextId) };
      add(key.ip, attempt, now, limits.maxFailures);
      add(key.pair, attempt, now, limits.maxFailures);
      add(key.account, attempt, now, Math.max(limits.maxFailures, cap ?? 0));
      return {
        ok: true,
        ticket: { ip, account, id: attempt.id },
        accountUnderAttack,
        accountCapReached: cap !== undefined && onAccount.length + 1 >= cap,
      };
    },
    async succeeded(ticket) {
      const key = keys(ticket.ip, ticket.account);
      takeBack(key.ip, ticket.id);
      takeBack(key.account, ticket.id);
      attempts.delete(key.pair);
    },
  };
}
