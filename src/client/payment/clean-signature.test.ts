import { describe, expect, it } from 'vitest';
import { cleanPaymentSignature } from './clean-signature.ts';

const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

describe('payment signature cleaning before findMatch', () => {
  it('a clean base58 signature passes unchanged', () => {
    expect(cleanPaymentSignature(SIGNATURE)).toBe(SIGNATURE);
  });

  it('whitespace is trimmed and a leading 0x stripped', () => {
    expect(cleanPaymentSignature(`  ${SIGNATURE}\n`)).toBe(SIGNATURE);
    expect(cleanPaymentSignature(`0x${SIGNATURE}`)).toBe(SIGNATURE);
    expect(cleanPaymentSignature(` 0x${SIGNATURE} `)).toBe(SIGNATURE);
  });

  it('objects are converted to text: a String object or one with a toString works', () => {
    expect(cleanPaymentSignature(new String(SIGNATURE))).toBe(SIGNATURE);
    expect(cleanPaymentSignature({ toString: () => SIGNATURE })).toBe(SIGNATURE);
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a plain object', { signature: SIGNATURE }],
    ["the text 'undefined'", 'undefined'],
    ["the text 'null'", 'null'],
    ["the text '[object Object]'", '[object Object]'],
  ])('%s is rejected', (_name, value) => {
    expect(cleanPaymentSignature(value)).toBeNull();
  });

  it('shorter than 20 characters is rejected, 20 is enough', () => {
    expect(cleanPaymentSignature('1'.repeat(19))).toBeNull();
    expect(cleanPaymentSignature('1'.repeat(20))).toBe('1'.repeat(20));
    expect(cleanPaymentSignature(`0x${'1'.repeat(19)}`)).toBeNull();
  });

  it('non-base58 characters (0, O, I, l, punctuation) are stripped and kept if 20 or more remain', () => {
    expect(cleanPaymentSignature(`${SIGNATURE.slice(0, 40)}-0OIl_${SIGNATURE.slice(40)}`)).toBe(SIGNATURE);
    expect(cleanPaymentSignature(`${'a'.repeat(19)}00000`)).toBeNull();
    expect(cleanPaymentSignature(`${'a'.repeat(20)}00000`)).toBe('a'.repeat(20));
  });
});
