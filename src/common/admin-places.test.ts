import { describe, expect, it } from 'vitest';
import {
  ADMIN_TAB_PATHS,
  type AdminPlace,
  adminPlaceOf,
  adminPlacePath,
  adminTabOf,
} from './admin-places.ts';

describe('every place of the back-office has an address', () => {
  const places: AdminPlace[] = [
    ...Object.keys(ADMIN_TAB_PATHS).map((tab) => ({ kind: 'tab', tab }) as AdminPlace),
    { kind: 'game', id: '0b6f1c2e-1111-4a5b-8c9d-1234567f7a01' },
    { kind: 'wallet', address: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' },
    { kind: 'ip', ip: '203.0.113.7' },
    { kind: 'ip', ip: '2001:db8::1' },
  ];

  it.each(places)('%o is read back from its own path', (place) => {
    expect(adminPlaceOf(adminPlacePath(place))).toEqual(place);
  });

  it('the overview is /admin; a game id is read lower-cased; a trailing slash is the same place', () => {
    expect(adminPlaceOf('/admin')).toEqual({ kind: 'tab', tab: 'overview' });
    expect(adminPlaceOf('/admin/games/0B6F1C2E-1111-4A5B-8C9D-1234567F7A01/')).toEqual({
      kind: 'game',
      id: '0b6f1c2e-1111-4a5b-8c9d-1234567f7a01',
    });
  });

  it('a detail belongs to its tab: a game to Games, a wallet to Wallets, an IP to Security', () => {
    expect(places.slice(-4).map(adminTabOf)).toEqual(['games', 'wallets', 'security', 'security']);
  });

  it('anything else under /admin is no place', () => {
    for (const path of [
      '/admin/login',
      '/admin/nope',
      '/admin/games/x',
      '/admin/wallets/abc',
      '/admin/ips/x',
    ])
      expect(adminPlaceOf(path), path).toBeNull();
  });
});
