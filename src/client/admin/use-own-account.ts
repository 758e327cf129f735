import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type EndSessionsBody,
  ownSessionsSchema,
  type PasswordChangeBody,
  passwordChangedSchema,
  recoveryCodesRenewedSchema,
  sessionsEndedSchema,
} from '../../common/api/admin-own-account.ts';
import { twoFactorStatusSchema } from '../../common/api/admin-two-factor.ts';
import { parseAnswer } from '../../common/api/parse-answer.ts';
import { useAdminFetch } from './admin-fetch.ts';
import { ADMIN_KEY } from './use-admin-list.ts';

/** The signed-in admin's own account (the header's Account panel): sessions, password, recovery codes. */

const SESSIONS_KEY = [ADMIN_KEY, '/account/sessions'] as const;
const TWO_FACTOR_KEY = [ADMIN_KEY, '/two-factor'] as const;

/** Read afresh each time the panel opens: a list from an hour ago says nothing about now. */
export function useOwnSessions() {
  const api = useAdminFetch();
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => api.get(ownSessionsSchema, '/account/sessions', {}, signal),
    staleTime: 0,
  });
}

/** Whether the admin has an authenticator (a code is then asked to change the password). */
export function useTwoFactorStatus() {
  const api = useAdminFetch();
  return useQuery({
    queryKey: TWO_FACTOR_KEY,
    queryFn: ({ signal }) => api.get(twoFactorStatusSchema, '/two-factor', {}, signal),
    staleTime: 0,
  });
}

/** A POST whose answer is read with its schema; the sessions are read again after it. */
function useOwnAction<Body, S extends z.ZodType>(path: string, schema: S) {
  const api = useAdminFetch();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Body) => parseAnswer(schema, await api.post(path, body), `POST ${path}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export const useEndSessions = () =>
  useOwnAction<EndSessionsBody, typeof sessionsEndedSchema>('/account/sessions/end', sessionsEndedSchema);

export const useChangePassword = () =>
  useOwnAction<PasswordChangeBody, typeof passwordChangedSchema>('/account/password', passwordChangedSchema);

export const useRenewRecoveryCodes = () =>
  useOwnAction<{ code: string }, typeof recoveryCodesRenewedSchema>(
    '/two-factor/recovery-codes',
    recoveryCodesRenewedSchema,
  );
