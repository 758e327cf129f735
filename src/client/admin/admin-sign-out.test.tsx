// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../test-support/render-app.tsx';
import { settle } from '../test-support/settle.ts';
import { ADMIN_POLL_MS } from './stat-cards.tsx';
import { fakeAdminApi } from './test-support/fake-admin-api.ts';

/**
 * Logout is a navigation to /api/admin/logout (SPEC §7). Until the browser has replaced the page, the
 * panel must neither start a request (it would reach the server after the session ended: a 401) nor turn
 * the answer of one in flight into 'Authentication Required'. The clock is fake; the navigation itself is
 * the browser's (e2e/admin-sign-out.test.ts), so here the link's default action is stopped.
 */

/** A GET /api/admin/stats held open until the test answers it; its signal is watched. */
interface HeldRequest {
  signal: AbortSignal | undefined;
  answer(res: Response): void;
}

/**
 * The fake admin API (fake-admin-api.ts) with one twist: once `holdNextStats()` is called, the next stats
 * request is held open (in flight) until the test answers it or its signal aborts it.
 */
function panelApi() {
  const api = fakeAdminApi();
  const answering = globalThis.fetch;
  let holding: { deaf: boolean } | null = null;
  let held: HeldRequest | null = null;
  const spy = vi.fn((input: string | URL | Request, init?: RequestInit) => {
    if (String(input) !== '/api/admin/stats' || !holding) return answering(input, init);
    const { deaf } = holding;
    holding = null;
    return new Promise<Response>((resolve, reject) => {
      if (!deaf) init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      held = { signal: init?.signal ?? undefined, answer: resolve };
    });
  });
  vi.stubGlobal('fetch', spy);
  return {
    api,
    /** `deaf`: the answer is already on its way back, an abort no longer stops it. */
    holdNextStats: (options: { deaf?: boolean } = {}) => {
      holding = { deaf: options.deaf ?? false };
    },
    held: (): HeldRequest => {
      if (!held) throw new Error('expected a stats request in flight');
      return held;
    },
    /** Every URL fetched after the first `n` calls. */
    startedAfter: (n: number) => spy.mock.calls.slice(n).map(([url]) => String(url)),
    calls: () => spy.mock.calls.length,
  };
}

/** The link's navigation stays the browser's business: jsdom cannot follow it. */
const stopNavigation = (event: Event) => event.preventDefault();

beforeEach(() => {
  vi.useFakeTimers();
  window.addEventListener('click', stopNavigation);
});
afterEach(() => {
  window.removeEventListener('click', stopNavigation);
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The panel open, with the stat cards' next poll (10 s on) held in flight. */
async function panelWithStatsInFlight(options: { deaf?: boolean } = {}) {
  const stub = panelApi();
  const view = renderApp('/admin');
  await settle();
  expect(screen.getByTestId('admin-role').textContent).toBe('admin');
  stub.holdNextStats(options);
  await act(() => vi.advanceTimersByTimeAsync(ADMIN_POLL_MS));
  expect(stub.held().signal?.aborted).toBe(false);
  return { ...stub, location: view.location };
}

describe('Logout: no admin request after it, none in flight turned into an error', () => {
  it('a poll in flight at Logout is aborted; no request starts afterwards, past the 10 s poll', async () => {
    const panel = await panelWithStatsInFlight();
    const calls = panel.calls();

    fireEvent.click(screen.getByRole('link', { name: 'Logout' }));
    expect(panel.held().signal?.aborted).toBe(true);
    await settle();
    expect(screen.getByText('Signing out...')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(3 * ADMIN_POLL_MS));
    expect(panel.startedAfter(calls)).toEqual([]);
    expect(screen.queryByText('Authentication Required')).toBeNull();
  });

  it("a 401 answering a request in flight at Logout is dropped quietly: no 'Authentication Required'", async () => {
    const panel = await panelWithStatsInFlight({ deaf: true });

    fireEvent.click(screen.getByRole('link', { name: 'Logout' }));
    // The server ended the session first; its 401 was already on the way back, past any abort.
    await act(async () => panel.held().answer(jsonResponse(401, { error: 'Not authenticated' })));
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.queryByText('Authentication Required')).toBeNull();
    expect(panel.location.history.at(-1)).toBe('/admin');
    expect(screen.getByText('Signing out...')).toBeTruthy();
  });

  it('a Logout opened elsewhere (ctrl-click: a new tab) leaves this panel running', async () => {
    const panel = panelApi();
    renderApp('/admin');
    await settle();
    const before = panel.api.to('GET', '/api/admin/stats').length;
    fireEvent.click(screen.getByRole('link', { name: 'Logout' }), { ctrlKey: true });
    await act(() => vi.advanceTimersByTimeAsync(ADMIN_POLL_MS));
    expect(screen.getByTestId('admin-role')).toBeTruthy();
    expect(panel.api.to('GET', '/api/admin/stats').length).toBe(before + 1);
  });
});
