import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createQueryClient, getQueryFn } from './query-client.ts';

afterEach(() => vi.unstubAllGlobals());

function callQueryFn(on401: 'returnNull' | 'throw', queryKey: readonly unknown[]) {
  const fn = getQueryFn({ on401, schema: z.unknown() });
  return fn({ queryKey, signal: new AbortController().signal, meta: undefined } as never);
}

describe('generic cached-query loader', () => {
  it('GETs the key joined by "/" with cookies and parses JSON', async () => {
    const fetchMock = vi.fn(async () => Response.json({ success: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(callQueryFn('throw', ['/api/transactions/history', 'Wallet1'])).resolves.toEqual({
      success: true,
    });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/transactions/history/Wallet1',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it.each([
    [
      new Response('Internal boom', { status: 500, statusText: 'Internal Server Error' }),
      '500: Internal boom',
    ],
    [new Response('', { status: 404, statusText: 'Not Found' }), '404: Not Found'],
    [new Response('{"error":"no"}', { status: 401, statusText: 'Unauthorized' }), '401: {"error":"no"}'],
  ])("a non-OK response throws '{status}: {body or status text}' → %#", async (res, message) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => res),
    );
    await expect(callQueryFn('throw', ['/api/x'])).rejects.toThrow(message);
  });

  it('a 401 can be configured to yield null', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 401 })),
    );
    await expect(callQueryFn('returnNull', ['/api/admin/user'])).resolves.toBeNull();
  });

  it('queries are not retried, never stale, not refetched on focus, not polled', () => {
    const q = createQueryClient().getDefaultOptions().queries;
    expect(q?.retry).toBe(false);
    expect(q?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(q?.refetchOnWindowFocus).toBe(false);
    expect(q?.refetchInterval).toBe(false);
  });
});
