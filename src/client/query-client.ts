import { QueryClient, type QueryFunction } from '@tanstack/react-query';

/**
 * The generic cached-query loader of SPEC §7: GET the URL (the query key joined by '/') with cookies and
 * parse JSON. Any non-OK response throws '{status}: {body or status text}' (SPEC §8); a 401 can yield null.
 */
export type UnauthorizedBehavior = 'returnNull' | 'throw';

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = await res.text().catch(() => '');
  throw new Error(`${res.status}: ${body || res.statusText}`);
}

export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** SPEC §7: queries are not retried, never stale, not refetched on focus and not polled. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
