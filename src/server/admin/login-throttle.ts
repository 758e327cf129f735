import type { Clock } from '../../common/clock.ts';

/** RELIABILITY 18: 5 failed logins in 15 minutes, per client IP and per account, and the next is refused. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export interface LoginThrottle {
  /** Milliseconds until this IP and this account may try again; 0 when both may try now. */
  waitMs(ip: string, account: string): number;
  recordFailure(ip: string, account: string): void;
  /** A good login forgets the account's failures (not the IP's: one valid account must not unlock guessing others). */
  forgetAccount(account: string): void;
}

/**
 * Failures kept in memory as the last few instants per key, in a bounded map (least recently seen
 * forgotten first). In-process is enough: each server process bounds what one address or one account can
 * try, and a restart gives an attacker at most five more guesses against argon2id.
 */
export function createLoginThrottle(
  clock: Clock,
  options: { maxFailures?: number; windowMs?: number; maxKeys?: number } = {},
): LoginThrottle {
  const maxFailures = options.maxFailures ?? LOGIN_MAX_FAILURES;
  const windowMs = options.windowMs ?? LOGIN_FAILURE_WINDOW_MS;
  const maxKeys = options.maxKeys ?? 50_000;
  const failures = new Map<string, number[]>();

  const recent = (key: string, now: number): number[] => {
    const kept = (failures.get(key) ?? []).filter((at) => at > now - windowMs);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };

  const waitFor = (key: string, now: number): number => {
    const kept = recent(key, now);
    if (kept.length < maxFailures) return 0;
    // Blocked until enough of the window's failures have aged out to leave room for one more attempt.
    const freeing = kept[kept.length - maxFailures] ?? now;
    return freeing + windowMs - now;
  };

  const add = (key: string, now: number) => {
    const kept = recent(key, now);
    kept.push(now);
    failures.delete(key);
    failures.set(key, kept.slice(-maxFailures));
    if (failures.size > maxKeys) {
      const oldest = failures.keys().next().value;
      if (oldest !== undefined) failures.delete(oldest);
    }
  };

  return {
    waitMs(ip, account) {
      const now = clock.now();
      return Math.max(waitFor(`ip:${ip}`, now), waitFor(`account:${account}`, now));
    },
    recordFailure(ip, account) {
      const now = clock.now();
      add(`ip:${ip}`, now);
      add(`account:${account}`, now);
    },
    forgetAccount(account) {
      failures.delete(`account:${account}`);
    },
  };
}
