import { describe, expect, it } from 'vitest';
import { isPageRoute, PAGE_ROUTES } from './page-routes.ts';

describe('which paths are pages', () => {
  it('the routes of SPEC §2 are pages, with or without a trailing slash', () => {
    for (const route of Object.values(PAGE_ROUTES)) expect(isPageRoute(route)).toBe(true);
    expect(isPageRoute('/admin/')).toBe(true);
  });

  it('any other path is not: deeper, shorter, or only alike', () => {
    for (const path of ['/this/does/not/exist', '/admin/login/x', '/adminx', '/index.html', ''])
      expect(isPageRoute(path), path).toBe(false);
  });
});
