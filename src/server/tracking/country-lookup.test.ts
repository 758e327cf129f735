import { describe, expect, it } from 'vitest';
import { openCountryLookup, plainAddress } from './country-lookup.ts';

/** The country comes from the GeoLite2 file shipped in an npm package, never the network. */
describe('offline country lookup', () => {
  const lookup = openCountryLookup();

  it.each([
    ['8.8.8.8', 'US'],
    ['81.2.69.160', 'GB'],
    ['101.127.0.1', 'SG'],
    ['77.88.8.8', 'RU'],
    ['175.45.176.1', 'KP'],
    ['2001:4860:4860::8888', 'US'],
    ['2a00:1450:4001::1', 'DE'],
  ])('%s is in %s', (ip, country) => {
    expect(lookup.countryOf(ip)).toBe(country);
  });

  it('an IPv4 client seen on a dual-stack socket (::ffff:a.b.c.d) is looked up as IPv4', () => {
    expect(plainAddress('::ffff:8.8.8.8')).toBe('8.8.8.8');
    expect(lookup.countryOf('::ffff:8.8.8.8')).toBe('US');
    expect(lookup.countryOf('::FFFF:81.2.69.160')).toBe('GB');
  });

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.5',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.1.1',
    '::1',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
  ])('private or loopback %s has no country', (ip) => {
    expect(lookup.countryOf(ip)).toBeNull();
  });

  it.each([null, undefined, '', 'not-an-ip', '999.1.1.1', '203.0.113.5'])(
    '%j (no address, not an address, or a documentation range) has no country',
    (ip) => {
      expect(lookup.countryOf(ip)).toBeNull();
    },
  );
});
