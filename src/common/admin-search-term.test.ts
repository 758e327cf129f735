import { describe, expect, it } from 'vitest';
import { readSearchTerm, SEARCH_TOO_SHORT } from './admin-search-term.ts';

describe('§2 the admin search term: 4+ characters of its start or end, or the shortened form', () => {
  it.each([
    [
      'H9Yz',
      [
        { head: 'H9Yz', tail: '' },
        { head: '', tail: 'H9Yz' },
      ],
    ],
    [' H9Yz3...SRGMh ', [{ head: 'H9Yz3', tail: 'SRGMh' }]],
    ['H9Yz3…SRGMh', [{ head: 'H9Yz3', tail: 'SRGMh' }]],
    ['ab...cd', [{ head: 'ab', tail: 'cd' }]],
  ])('%j is searched as %j', (raw, parts) => {
    const reading = readSearchTerm(raw);
    expect(reading.ok && reading.term?.parts).toEqual(parts);
  });

  it.each(['abc', ' ab ', 'a...bc', 'ab…c'])('%j is too short', (raw) => {
    expect(readSearchTerm(raw)).toEqual({ ok: false, error: SEARCH_TOO_SHORT });
  });

  it('blank is no search; ids are matched lower-cased, and only from what a UUID can hold', () => {
    expect(readSearchTerm('  ')).toEqual({ ok: true, term: undefined });
    const id = readSearchTerm('0B6F1...F7A01');
    expect(id.ok && id.term?.idParts).toEqual([{ head: '0b6f1', tail: 'f7a01' }]);
    const address = readSearchTerm('H9Yz3...SRGMh');
    expect(address.ok && address.term?.idParts).toEqual([]);
    const whole = readSearchTerm('game 0B6F1A52-6A0E-4C4E-9D55-3B8F1F3F7A01');
    expect(whole.ok && whole.term?.id).toBe('0b6f1a52-6a0e-4c4e-9d55-3b8f1f3f7a01');
  });
});
