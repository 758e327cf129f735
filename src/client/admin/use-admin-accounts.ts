import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAccountsSchema } from '../../common/api/admin-accounts-api.ts';
import { useToast } from '../ui/toast-provider.tsx';
import { AdminRequestError, useAdminFetch } from './admin-fetch.ts';
import { AdminSignedOutError } from './admin-session-gate.ts';
import { ADMIN_KEY } from './use-admin-list.ts';

const ACCOUNTS_KEY = [ADMIN_KEY, '/admins'] as const;

/** GET /api/admin/admins (the owner's Admins tab). */
export function useAdminAccounts() {
  const api = useAdminFetch();
  return useQuery({
    queryKey: ACCOUNTS_KEY,
    queryFn: ({ signal }) => api.get(adminAccountsSchema, '/admins', {}, signal),
  });
}

/** The owner's changes to the admins: each toasts its result and refetches the list (and the events). */
export const ACCOUNT_CHANGES = {
  create: { path: '/admins', done: 'Admin Created' },
  role: { path: '/admins/role', done: 'Role Changed' },
  deactivate: { path: '/admins/deactivate', done: 'Admin Deactivated' },
  reactivate: { path: '/admins/reactivate', done: 'Admin Reactivated' },
  resetTwoFactor: { path: '/admins/reset-2fa', done: 'Two-Factor Reset' },
} as const;

export function useAccountChange(name: keyof typeof ACCOUNT_CHANGES) {
  const api = useAdminFetch();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const change = ACCOUNT_CHANGES[name];
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post(change.path, body),
    onSuccess: () => {
      toast({ title: change.done });
      return queryClient.invalidateQueries({ queryKey: [ADMIN_KEY] });
    },
    onError: (error) => {
      if (error instanceof AdminSignedOutError) return;
      // The server's reason ('You cannot demote or deactivate yourself'...) is the useful part here.
      const description = error instanceof AdminRequestError ? error.message : 'The change failed.';
      toast({ title: 'Error', description, variant: 'destructive' });
    },
  });
}
