import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';

/**
 * Admin passwords are argon2id at OWASP's first recommended setting (RELIABILITY 18): 19 MiB of memory,
 * two passes, one lane. A stored hash made with anything weaker is replaced at the next good login.
 */
export const ADMIN_PASSWORD_HASHING = {
  /** @node-rs/argon2's Algorithm.Argon2id (an ambient const enum, which isolatedModules cannot read). */
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Shortest password an admin may have: a rule the panel shows too, so it lives in src/common. */
export { MIN_ADMIN_PASSWORD_LENGTH } from '../../common/api/admin-own-account.ts';

export function hashAdminPassword(password: string): Promise<string> {
  return hash(password, ADMIN_PASSWORD_HASHING);
}

/** False for a wrong password and for a stored value that is not an argon2 hash at all. */
export async function verifyAdminPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** True when the stored hash is not argon2id or is cheaper than today's parameters in any respect. */
export function needsRehash(storedHash: string): boolean {
  try {
    const used = parseOptions(storedHash);
    return (
      Number(used.algorithm) !== Number(ADMIN_PASSWORD_HASHING.algorithm) ||
      used.memoryCost < ADMIN_PASSWORD_HASHING.memoryCost ||
      used.timeCost < ADMIN_PASSWORD_HASHING.timeCost ||
      used.parallelism < ADMIN_PASSWORD_HASHING.parallelism
    );
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password with today's parameters: an unknown e-mail is checked against it so that it
 * costs the same time as a wrong password for a real account (no account enumeration by timing).
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashAdminPassword(crypto.randomUUID());
  return dummyHash;
}
