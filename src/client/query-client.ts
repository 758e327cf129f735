import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import type { z } from 'zod';
import { parseAnswer } from '../common/api/parse-answer.ts';

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

/** The answer is parsed with `schema` (common/api/): one of another shape throws an AnswerShapeError. */
export function getQueryFn<S extends z.ZodType>(options: {
  on401: UnauthorizedBehavior;
  schema: S;
}): QueryFunction<z.output<S> | null> {
  return async ({ queryKey, signal }) => {
    const url = queryKey.join('/');
    const res = await fetch(url, { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return parseAnswer(options.schema, await res.json(), `GET ${url}`);
  };
}

/**
 * SPEC §7: queries are not retried, never stale, not refetched on focus and not polled. There is no default
 * loader: each query names its own, with the schema of its answer (getQueryFn or the admin fetch).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
