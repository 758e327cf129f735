import { useEffect, useRef, useState } from 'react';
import type { GameView } from '../state/game-view.ts';
import { useToast } from '../ui/toast-provider.tsx';
import { fetchBanStatus, liveRestrictionMessage, NOT_RESTRICTED, type Restriction } from './ban-status.ts';

/**
 * Whether this player is restricted (SPEC §6): POST /api/ban-status each time the wallet changes (its
 * failure only logged, SPEC §7), and a live `account_restricted` error from the game channel, which holds
 * until the wallet changes (a ban closes the search at once; the next check is the next wallet).
 */
export function useRestriction(
  walletAddress: string | null,
  view: Pick<GameView, 'lastError' | 'lastErrorCode'>,
): Restriction {
  const [checked, setChecked] = useState<Restriction>(NOT_RESTRICTED);
  const [live, setLive] = useState<string | null>(null);
  const { toast } = useToast();

  useEffect(() => {
    setChecked(NOT_RESTRICTED);
    setLive(null);
    if (!walletAddress) return;
    const abort = new AbortController();
    fetchBanStatus(walletAddress, abort.signal).then(
      (status) => {
        if (!abort.signal.aborted) setChecked(status);
      },
      (error: unknown) => {
        if (!abort.signal.aborted) console.warn('ban status check failed', error);
      },
    );
    return () => abort.abort();
  }, [walletAddress]);

  const liveMessage = liveRestrictionMessage(view);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!liveMessage || shown.current === liveMessage) return;
    shown.current = liveMessage;
    setLive(liveMessage);
    toast({
      title: 'Account Restricted',
      description: liveMessage,
      variant: 'destructive',
      duration: 10_000,
    });
  }, [liveMessage, toast]);

  if (live) return { banned: true, message: live };
  return checked;
}
