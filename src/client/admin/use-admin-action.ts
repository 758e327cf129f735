import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BAN_ACTION_MESSAGES, HELD_PAYOUT_MESSAGES } from '../../common/api/admin-actions.ts';
import { shortenAddress } from '../../common/format.ts';
import { useToast } from '../ui/toast-provider.tsx';
import { useAdminFetch } from './admin-fetch.ts';
import { AdminSignedOutError } from './admin-session-gate.ts';
import { ADMIN_KEY } from './use-admin-list.ts';

/** Each admin action: its route, the toast on success and the 'Error' toast's text (SPEC §7, §8). */
export const ADMIN_ACTIONS = {
  banWallet: {
    path: '/ban-wallet',
    done: BAN_ACTION_MESSAGES.walletBanned,
    failed: 'Failed to ban wallet address.',
  },
  unbanWallet: {
    path: '/unban-wallet',
    done: BAN_ACTION_MESSAGES.walletUnbanned,
    failed: 'Failed to unban wallet address.',
  },
  banIp: { path: '/ban-ip', done: BAN_ACTION_MESSAGES.ipBanned, failed: 'Failed to ban IP address.' },
  unbanIp: { path: '/unban-ip', done: BAN_ACTION_MESSAGES.ipUnbanned, failed: 'Failed to unban IP address.' },
  flagWallet: { path: '/flag-wallet', done: 'Wallet Flagged', failed: 'Failed to flag wallet address.' },
  resolveFlag: { path: '/resolve-flag', done: 'Flag Resolved', failed: 'Failed to resolve the flag.' },
  resolveEvent: { path: '/resolve-event', done: 'Event Resolved', failed: 'Failed to resolve the event.' },
  releaseHeldPayout: {
    path: '/held-payouts/release',
    done: HELD_PAYOUT_MESSAGES.released,
    failed: 'Failed to release the payout.',
  },
  addNote: { path: '/notes', done: 'Note Added', failed: 'Failed to add the note.' },
  refundLoser: {
    path: '/held-payouts/refund-loser',
    done: HELD_PAYOUT_MESSAGES.refundedLoser,
    failed: "Failed to refund the loser's entry.",
  },
} as const;

export type AdminActionName = keyof typeof ADMIN_ACTIONS;

/** What the toast names: the wallet or IP the action was about. */
function subjectOf(body: Record<string, unknown>): string | undefined {
  if (typeof body.walletAddress === 'string') return shortenAddress(body.walletAddress);
  if (typeof body.ipAddress === 'string') return body.ipAddress;
  return undefined;
}

/** Posts one action, shows its toast, and refetches every admin query (lists, stats, details). */
export function useAdminAction(name: AdminActionName) {
  const api = useAdminFetch();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const action = ADMIN_ACTIONS[name];
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post(action.path, body),
    onSuccess: (_answer, body) => {
      toast({ title: action.done, description: subjectOf(body) });
      return queryClient.invalidateQueries({ queryKey: [ADMIN_KEY] });
    },
    // An action cut off by the admin's own Logout is not a failure to report.
    onError: (error) => {
      if (!(error instanceof AdminSignedOutError))
        toast({ title: 'Error', description: action.failed, variant: 'destructive' });
    },
  });
}
