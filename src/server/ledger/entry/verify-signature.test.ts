import { getBase58Decoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { isWellFormedSignature } from './verify-signature.ts';

const base58 = getBase58Decoder();
const bytes = (length: number, fill = 7) => base58.decode(new Uint8Array(length).fill(fill));

describe('the shape of a payment signature', () => {
  it.each([
    ['64 bytes of base58', bytes(64), true],
    ['64 zero bytes (all ones)', '1'.repeat(64), true],
    ['64 bytes of 0xff', bytes(64, 255), true],
    ['63 bytes', bytes(63), false],
    ['65 bytes', bytes(65), false],
    ['a character outside base58 (0)', `0${bytes(64).slice(1)}`, false],
    ['a character outside base58 (l)', `l${bytes(64).slice(1)}`, false],
    ['an empty string', '', false],
    ['spaces around it', ` ${bytes(64)} `, false],
    ['a wallet address', bytes(32), false],
    ['a very long string', 'A'.repeat(10_000), false],
  ])('%s → %s', (_name, text, expected) => {
    expect(isWellFormedSignature(text)).toBe(expected);
  });

  it('refuses what is not a string', () => {
    expect(isWellFormedSignature(undefined)).toBe(false);
    expect(isWellFormedSignature(42)).toBe(false);
  });
});
