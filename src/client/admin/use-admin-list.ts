import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type AdminFetch, type QueryParams, useAdminFetch } from './admin-fetch.ts';
import type { Page } from './admin-types.ts';

/** Every admin query key starts with 'admin', so an action refetches them all at once. */
export const ADMIN_KEY = 'admin';

/** One admin list, paged through `nextCursor` (newest first). */
export function adminListOptions<Row>(api: AdminFetch, path: string, params: QueryParams = {}) {
  return infiniteQueryOptions({
    queryKey: [ADMIN_KEY, path, params],
    queryFn: ({ pageParam, signal }) => api.get<Page<Row>>(path, { ...params, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<Row>) => last.nextCursor,
  });
}

export function useAdminList<Row>(path: string, params: QueryParams = {}) {
  const api = useAdminFetch();
  return useInfiniteQuery(adminListOptions<Row>(api, path, params));
}

export type AdminList<Row> = ReturnType<typeof useAdminList<Row>>;
