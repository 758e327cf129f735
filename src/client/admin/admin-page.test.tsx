// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../test-support/render-app.tsx';
import { settle } from '../test-support/settle.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('admin panel', () => {
  it("admin panel: no session shows 'Authentication Required' and redirects to /admin/login after 1 s, with no 401 asked for", async () => {
    const fetchMock = vi.fn(async (_url: string) => jsonResponse(200, { signedIn: false }));
    vi.stubGlobal('fetch', fetchMock);
    const { location } = renderApp('/admin');
    await settle();

    // The session probe answers 200 either way; the user (which would be a 401 the browser logs) is not read.
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/admin/session',
      expect.objectContaining({ credentials: 'include' }),
    );
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/admin/user');
    expect(screen.getByText('Authentication Required')).toBeTruthy();
    expect(screen.getByText('Redirecting to admin login...')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(location.history.at(-1)).toBe('/admin');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(location.history.at(-1)).toBe('/admin/login');
    expect(screen.getByPlaceholderText('Enter your email')).toBeTruthy();
  });

  it("admin panel: a server without the session probe (404) still finds the session by /api/admin/user's 401", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/admin/session'
          ? jsonResponse(404, { error: 'Not found' })
          : jsonResponse(401, { error: 'Not authenticated' }),
      ),
    );
    renderApp('/admin');
    await settle();
    expect(screen.getByText('Authentication Required')).toBeTruthy();
  });

  it('admin panel: a signed-in admin sees the role badge and a Logout link to /api/admin/logout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/admin/session'
          ? jsonResponse(200, { signedIn: true })
          : jsonResponse(200, { user: { role: 'admin', currentIP: '203.0.113.7' } }),
      ),
    );
    const { location } = renderApp('/admin');
    await settle();
    expect(screen.getByTestId('admin-role').textContent).toBe('admin');
    expect(screen.getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/api/admin/logout');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(location.history.at(-1)).toBe('/admin');
    expect(screen.queryByText('Authentication Required')).toBeNull();
  });
});
