import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DRAW_DOMAIN, drawMessage, hmacSha256, keyedDraw, seedBytes } from './keyed-draws.ts';
import { nextFloat, rngFromSeed } from './rng.ts';

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
const bytes = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (b) => Number.parseInt(b, 16));
const text = (s: string) => new TextEncoder().encode(s);

/** RFC 4231 §4: the published HMAC-SHA256 test cases (case 5, a truncated output, is compared on its 16 bytes). */
const RFC_4231: Array<[string, Uint8Array, Uint8Array, string]> = [
  [
    '1',
    bytes('0b'.repeat(20)),
    text('Hi There'),
    'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
  ],
  [
    '2',
    text('Jefe'),
    text('what do ya want for nothing?'),
    '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
  ],
  [
    '3',
    bytes('aa'.repeat(20)),
    bytes('dd'.repeat(50)),
    '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
  ],
  [
    '4',
    bytes('0102030405060708090a0b0c0d0e0f10111213141516171819'),
    bytes('cd'.repeat(50)),
    '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
  ],
  ['5', bytes('0c'.repeat(20)), text('Test With Truncation'), 'a3b6167473100ee06e0c796c2955552b'],
  [
    '6',
    bytes('aa'.repeat(131)),
    text('Test Using Larger Than Block-Size Key - Hash Key First'),
    '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
  ],
  [
    '7',
    bytes('aa'.repeat(131)),
    text(
      'This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.',
    ),
    '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
  ],
];

describe('the keyed draws of generator v2 (the match generator rule)', () => {
  it.each(RFC_4231)('HMAC-SHA256 gives RFC 4231 test case %s', (_case, key, message, expected) => {
    expect(hex(hmacSha256(key, message)).slice(0, expected.length)).toBe(expected);
  });

  it('draw i is the first 4 bytes, big-endian, of HMAC-SHA256(seed bytes, domain ‖ i as 4 bytes big-endian)', () => {
    const seed = '0123456789abcdef0123456789abcdef';
    expect(hex(seedBytes(seed))).toBe(seed);
    expect(hex(drawMessage(258))).toBe(`${hex(text(DRAW_DOMAIN))}00000102`);
    for (const index of [0, 1, 2, 255, 256, 65_537, 0xffffffff]) {
      const suffix = Buffer.alloc(4);
      suffix.writeUInt32BE(index);
      const mac = createHmac('sha256', Buffer.from(seed, 'hex'))
        .update(Buffer.concat([Buffer.from(DRAW_DOMAIN, 'utf8'), suffix]))
        .digest();
      expect(keyedDraw(seed, index)).toBe(mac.readUInt32BE(0));
    }
  });

  it('the published values: the first draws of the seed 000…01 never change (old records would no longer verify)', () => {
    const seed = `${'0'.repeat(31)}1`;
    expect([0, 1, 2].map((i) => keyedDraw(seed, i))).toEqual(KNOWN_DRAWS);
  });

  it('the generator state counts its draws: the n-th float is draw n over 2³²', () => {
    const seed = 'ffeeddccbbaa99887766554433221100';
    let state = rngFromSeed(seed, 2);
    for (let i = 0; i < 5; i++) {
      const [r, next] = nextFloat(state);
      expect(r).toBe(keyedDraw(seed, i) / 2 ** 32);
      state = next;
    }
    expect(state).toEqual({ generator: 2, seed, drawn: 5 });
  });

  it('a draw index outside 0 … 2³² − 1 is refused', () => {
    expect(() => drawMessage(-1)).toThrow(RangeError);
    expect(() => drawMessage(2 ** 32)).toThrow(RangeError);
    expect(() => drawMessage(1.5)).toThrow(RangeError);
  });
});

/** Draws 0, 1 and 2 of the seed 000…01, as node:crypto's HMAC computed them when v2 was introduced. */
const KNOWN_DRAWS = [2744681249, 1839884622, 556197027];
