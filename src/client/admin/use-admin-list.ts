import {
  type InfiniteData,
  infiniteQueryOptions,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { type Page, pageOf } from '../../common/api/wire-values.ts';
import { type AdminFetch, type QueryParams, useAdminFetch } from './admin-fetch.ts';

/** Every admin query key starts with 'admin', so an action refetches them all at once. */
export const ADMIN_KEY = 'admin';

/** One admin list, paged through `nextCursor` (newest first), each page parsed with the list's row schema. */
export function adminListOptions<Row extends z.ZodType>(
  api: AdminFetch,
  row: Row,
  path: string,
  params: QueryParams = {},
) {
  const page = pageOf(row);
  return infiniteQueryOptions({
    queryKey: [ADMIN_KEY, path, params],
    queryFn: ({ pageParam, signal }): Promise<Page<z.output<Row>>> =>
      api.get(page, path, { ...params, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<z.output<Row>>) => last.nextCursor,
  });
}

export function useAdminList<Row extends z.ZodType>(row: Row, path: string, params: QueryParams = {}) {
  const api = useAdminFetch();
  return useInfiniteQuery(adminListOptions(api, row, path, params));
}

/** A list whose rows are `Row` (the output of its row schema). */
export type AdminList<Row> = UseInfiniteQueryResult<InfiniteData<Page<Row>, unknown>>;
