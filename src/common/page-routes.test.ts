import { describe, expect, it } from 'vitest';
import { isPageRoute } from './page-paths.ts';
import { challengePath, PAGE_ROUTES, playerPagePath } from './page-routes.ts';

describe('which paths are pages', () => {
  it('the routes of SPEC §2 are pages, with or without a trailing slash', () => {
    for (const route of Object.values(PAGE_ROUTES).filter((r) => !r.includes(':')))
      expect(isPageRoute(route)).toBe(true);
    expect(isPageRoute('/admin/')).toBe(true);
  });

  it("a player's page is a page for a wallet address only", () => {
    const address = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
    expect(isPageRoute(playerPagePath(address))).toBe(true);
    expect(isPageRoute(`${playerPagePath(address)}/`)).toBe(true);
    for (const path of [
      '/player',
      '/player/',
      '/player/not-an-address!',
      `/player/${address}/games`,
      '/player/0OIl',
    ])
      expect(isPageRoute(path), path).toBe(false);
  });

  it("a challenge's link is a page for a 12-character base58 code only", () => {
    expect(isPageRoute(challengePath('7dJk2mQpR9xZ'))).toBe(true);
    for (const path of ['/challenge', '/challenge/', '/challenge/7dJk2mQpR9x', '/challenge/7dJk2mQpR9x0'])
      expect(isPageRoute(path), path).toBe(false);
  });

  it('every place of the back-office is a page, so a reload of it gets the app: its tabs, a game, a wallet, an IP', () => {
    for (const path of [
      '/admin/transactions',
      '/admin/games',
      '/admin/wallets',
      '/admin/banned-wallets',
      '/admin/security',
      '/admin/system-events/',
      '/admin/games/0b6f1c2e-1111-4a5b-8c9d-1234567f7a01',
      '/admin/wallets/9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
      '/admin/ips/203.0.113.7',
      '/admin/ips/2001%3Adb8%3A%3A1',
    ])
      expect(isPageRoute(path), path).toBe(true);
    for (const path of [
      '/admin/games/not-a-uuid',
      '/admin/wallets/0OIl',
      '/admin/ips/localhost',
      '/admin/ips/%E0%A4%A',
      '/admin/overview',
      '/admin/games/0b6f1c2e-1111-4a5b-8c9d-1234567f7a01/x',
    ])
      expect(isPageRoute(path), path).toBe(false);
  });

  it('any other path is not: deeper, shorter, or only alike', () => {
    for (const path of ['/this/does/not/exist', '/admin/login/x', '/adminx', '/index.html', ''])
      expect(isPageRoute(path), path).toBe(false);
  });
});
