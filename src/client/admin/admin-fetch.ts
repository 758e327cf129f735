import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ADMIN_USER_URL } from './admin-api.ts';
import { AdminSignedOutError, useAdminSession } from './admin-session-gate.ts';

export const ADMIN_API = '/api/admin';

/** A refused admin call: the server's `{ error }` text when it sent one. */
export class AdminRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AdminRequestError';
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** `/api/admin{path}?a=b`, leaving out empty, null and false parameters. */
export function adminUrl(path: string, params: QueryParams = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    query.set(key, value === true ? '1' : String(value));
  }
  const text = query.toString();
  return `${ADMIN_API}${path}${text ? `?${text}` : ''}`;
}

async function errorOf(res: Response): Promise<AdminRequestError> {
  const body: unknown = await res.json().catch(() => null);
  const error =
    typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
      ? body.error
      : `${res.status}: ${res.statusText}`;
  return new AdminRequestError(res.status, error);
}

export interface AdminFetch {
  get<T>(path: string, params?: QueryParams, signal?: AbortSignal): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
}

/**
 * GET and JSON POST to the admin API with the session cookie. A 401 mid-session (expired or ended session)
 * marks the session as gone, so the panel runs SPEC §2's 'Authentication Required' flow. Once the admin
 * pressed Logout in this page (admin-session-gate.ts) nothing is sent, and an answer still arriving is
 * dropped quietly: the navigation to the sign-in page is under way.
 */
export function useAdminFetch(): AdminFetch {
  const queryClient = useQueryClient();
  const gate = useAdminSession()?.gate ?? null;
  return useMemo(() => {
    const request = async <T>(url: string, init: RequestInit): Promise<T> => {
      const res = await fetch(url, { credentials: 'include', ...init });
      if (gate?.closed) throw new AdminSignedOutError();
      if (res.status === 401) queryClient.setQueryData([ADMIN_USER_URL], null);
      if (!res.ok) throw await errorOf(res);
      return (await res.json()) as T;
    };
    const send = <T>(url: string, init: RequestInit): Promise<T> =>
      gate
        ? gate.run(init.signal ?? undefined, (signal) => request<T>(url, { ...init, signal }))
        : request<T>(url, init);
    return {
      get: (path, params, signal) => send(adminUrl(path, params), signal ? { signal } : {}),
      post: (path, body) =>
        send(adminUrl(path), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
    };
  }, [queryClient, gate]);
}
