import { hash, parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD_HASHING,
  dummyPasswordHash,
  hashAdminPassword,
  needsRehash,
  verifyAdminPassword,
} from './password-hashing.ts';

describe('admin password hashes', () => {
  it('a new hash is argon2id at m=19456 KiB, t=2, p=1 and verifies only its password', async () => {
    const stored = await hashAdminPassword('the right password');
    expect(parseOptions(stored)).toMatchObject({
      algorithm: 2,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    expect(stored.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyAdminPassword(stored, 'the right password')).toBe(true);
    expect(await verifyAdminPassword(stored, 'the wrong password')).toBe(false);
    expect(await verifyAdminPassword('not a hash', 'the right password')).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it.each([
    ['cheaper memory', { memoryCost: 4096, timeCost: 2, parallelism: 1 }],
    ['one pass', { memoryCost: 19_456, timeCost: 1, parallelism: 1 }],
    ['argon2i', { ...ADMIN_PASSWORD_HASHING, algorithm: 1 as typeof ADMIN_PASSWORD_HASHING.algorithm }],
  ])('a hash with %s is due for re-hashing', async (_name, options) => {
    expect(needsRehash(await hash('pw', options))).toBe(true);
  });

  it('a stored value that is not an argon2 hash is due for re-hashing', () => {
    expect(needsRehash('plain text')).toBe(true);
  });

  it('the dummy hash for unknown e-mails has today’s cost, so it takes a wrong password’s time', async () => {
    const dummy = await dummyPasswordHash();
    expect(needsRehash(dummy)).toBe(false);
    expect(await dummyPasswordHash()).toBe(dummy);
  });
});
