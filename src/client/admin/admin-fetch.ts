import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { z } from 'zod';
import { errorTextOf } from '../../common/api/error-text.ts';
import { parseAnswer } from '../../common/api/parse-answer.ts';
import { ADMIN_USER_URL } from './admin-api.ts';
import { type AdminSessionGate, AdminSignedOutError, useAdminSession } from './admin-session-gate.ts';

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
  return new AdminRequestError(res.status, errorTextOf(body) ?? `${res.status}: ${res.statusText}`);
}

export interface AdminFetch {
  /** The answer as `schema` reads it; an answer of another shape throws an AnswerShapeError naming the call. */
  get<S extends z.ZodType>(
    schema: S,
    path: string,
    params?: QueryParams,
    signal?: AbortSignal,
  ): Promise<z.output<S>>;
  /** An action: the panel reads only whether it succeeded (and `{ error }` when it did not). */
  post(path: string, body: unknown): Promise<unknown>;
}

interface AdminFetchDeps {
  /** A 401 mid-session: the session is gone. */
  onSignedOut(): void;
  gate: AdminSessionGate | null;
  fetchImpl?: typeof fetch;
}

/** The admin API over `fetch`, outside React (useAdminFetch binds it to the page's session). */
export function createAdminFetch(deps: AdminFetchDeps): AdminFetch {
  const { gate } = deps;
  const request = async (url: string, init: RequestInit): Promise<unknown> => {
    const res = await (deps.fetchImpl ?? fetch)(url, { credentials: 'include', ...init });
    if (gate?.closed) throw new AdminSignedOutError();
    if (res.status === 401) deps.onSignedOut();
    if (!res.ok) throw await errorOf(res);
    return res.json();
  };
  const send = (url: string, init: RequestInit): Promise<unknown> =>
    gate
      ? gate.run(init.signal ?? undefined, (signal) => request(url, { ...init, signal }))
      : request(url, init);
  return {
    get: async (schema, path, params, signal) => {
      const url = adminUrl(path, params);
      return parseAnswer(schema, await send(url, signal ? { signal } : {}), `GET ${url}`);
    },
    post: (path, body) =>
      send(adminUrl(path), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
  };
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
  return useMemo(
    () => createAdminFetch({ gate, onSignedOut: () => queryClient.setQueryData([ADMIN_USER_URL], null) }),
    [queryClient, gate],
  );
}
