import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../common/clock.ts';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, TOTP_STEP_MS, totpAt } from './totp.ts';
import { createTotpSecretBox } from './totp-secret-box.ts';

const RFC_SECRET = Buffer.from('12345678901234567890');

describe('TOTP (RFC 6238, SHA-1)', () => {
  // RFC 6238 appendix B, SHA-1 column: 8 digits at these Unix times.
  it.each([
    [59, '94287082'],
    [1_111_111_109, '07081804'],
    [1_111_111_111, '14050471'],
    [1_234_567_890, '89005924'],
    [2_000_000_000, '69279037'],
    [20_000_000_000, '65353130'],
  ])('RFC 6238 test vector at %i s gives %s', (seconds, code) => {
    expect(hotp(RFC_SECRET, Math.floor(seconds / 30), 8)).toBe(code);
    expect(totpAt(RFC_SECRET, seconds * 1000)).toBe(code.slice(2));
  });

  it('base32 round-trips and matches RFC 4648', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw6ytboi======')).toEqual(Buffer.from('foobar'));
    const secret = Buffer.from('0123456789abcdefghij');
    expect(base32Decode(base32Encode(secret))).toEqual(secret);
  });

  it('accepts the step before, the current and the next one, not two away', () => {
    const clock = createFakeClock();
    const now = clock.now();
    for (const offset of [-1, 0, 1]) {
      expect(
        matchTotp(RFC_SECRET, totpAt(RFC_SECRET, now + offset * TOTP_STEP_MS), now, null),
      ).not.toBeNull();
    }
    for (const offset of [-2, 2]) {
      expect(matchTotp(RFC_SECRET, totpAt(RFC_SECRET, now + offset * TOTP_STEP_MS), now, null)).toBeNull();
    }
  });

  it('refuses a code of the last accepted step or an earlier one (no replay)', () => {
    const now = createFakeClock().now();
    const code = totpAt(RFC_SECRET, now);
    const step = matchTotp(RFC_SECRET, code, now, null);
    expect(step).not.toBeNull();
    expect(matchTotp(RFC_SECRET, code, now, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, 'abcdef', now, null)).toBeNull();
  });

  it('the otpauth URI names issuer, account and the parameters apps assume', () => {
    const uri = new URL(otpauthUri(RFC_SECRET, 'Pong Admin', 'ops@pong.example'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Pong Admin:ops@pong.example');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: base32Encode(RFC_SECRET),
      issuer: 'Pong Admin',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('TOTP secrets at rest (AES-256-GCM)', () => {
  const key = Buffer.alloc(32, 1);
  it('opens what it sealed for the same admin only, under the same key only', () => {
    const box = createTotpSecretBox(key);
    const sealed = box.seal(RFC_SECRET, 'admin-1');
    expect(sealed).not.toContain(base32Encode(RFC_SECRET));
    expect(box.open(sealed, 'admin-1')).toEqual(RFC_SECRET);
    expect(box.open(sealed, 'admin-2')).toBeNull();
    expect(createTotpSecretBox(Buffer.alloc(32, 2)).open(sealed, 'admin-1')).toBeNull();
    expect(box.seal(RFC_SECRET, 'admin-1')).not.toBe(sealed);
    expect(box.open('v1.garbage', 'admin-1')).toBeNull();
  });
  it('refuses a key that is not 32 bytes', () => {
    expect(() => createTotpSecretBox(Buffer.alloc(16))).toThrow(/32 bytes/);
  });
});
