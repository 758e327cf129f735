import { useEffect, useRef, useState } from 'react';
import type { GameView } from '../state/game-view.ts';
import { useToast } from '../ui/toast-provider.tsx';
import {
  DEFAULT_BAN_MESSAGES,
  fetchBanStatus,
  liveRestrictionMessage,
  NOT_RESTRICTED,
  type Restriction,
} from './ban-status.ts';

/** How often a restricted lobby asks whether the restriction was lifted. */
export const BAN_RECHECK_MS = 5_000;

type RestrictionView = Pick<GameView, 'lastError' | 'lastErrorCode' | 'lastErrorAt' | 'liveBanStatus'>;

/**
 * Whether this player is restricted (SPEC §6): POST /api/ban-status each time the wallet changes and when
 * the lobby opens (its failure only logged, SPEC §7), then what the game channel says while the lobby is
 * open: a `banStatus` push when an admin bans or unbans the wallet or address, or an
 * `account_restricted` error (a refused or closed search). Only what arrives after the lobby opened counts:
 * older channel news is already in the check the lobby made when it opened. A new restriction raises SPEC
 * §8's 'Account Restricted' toast. Paid play in a restricted jurisdiction comes from the check alone.
 */
export function useRestriction(
  walletAddress: string | null,
  view: RestrictionView,
  /** A new sign-in checks again (a restricted lobby also asks again on its own, below). */
  signedIn = false,
): Restriction {
  const [checked, setChecked] = useState<Restriction>(NOT_RESTRICTED);
  // What the channel said since the last check: it outranks that check until the next one.
  const [live, setLive] = useState<Restriction | null>(null);
  const { toast } = useToast();
  const announced = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new sign-in is a reason to check again.
  useEffect(() => {
    setChecked(NOT_RESTRICTED);
    setLive(null);
    announced.current = null;
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
  }, [walletAddress, signedIn]);

  const restrict = (message: string) => {
    setLive({ banned: true, message });
    if (announced.current === message) return;
    announced.current = message;
    toast({ title: 'Account Restricted', description: message, variant: 'destructive', duration: 10_000 });
  };

  const liveMessage = liveRestrictionMessage(view);
  const errorKey = liveMessage === null ? null : `${liveMessage}@${view.lastErrorAt ?? ''}`;
  const seenError = useRef(errorKey);
  useEffect(() => {
    if (errorKey === seenError.current) return;
    seenError.current = errorKey;
    if (liveMessage !== null) restrict(liveMessage);
  });

  const pushed = view.liveBanStatus ?? null;
  const seenPush = useRef(pushed);
  useEffect(() => {
    if (pushed === seenPush.current) return;
    seenPush.current = pushed;
    if (pushed === null) return;
    if (pushed.banned) return restrict(pushed.message ?? DEFAULT_BAN_MESSAGES.account);
    // Unbanned: the lobby is usable again at once, without a reload.
    announced.current = null;
    setLive(NOT_RESTRICTED);
  });

  const current = live ?? checked;
  // A ban ends the session and closes the socket, so its unban is pushed to no one: while restricted and
  // signed out, the lobby asks again every BAN_RECHECK_MS and when the page comes back, and an unban
  // reopens it at once (a signed-in lobby's socket is told of an unban by a push).
  const recheckWhileRestricted = current.banned && !signedIn;
  useEffect(() => {
    if (!recheckWhileRestricted || !walletAddress) return;
    const abort = new AbortController();
    const recheck = () => {
      if (document.visibilityState === 'hidden') return;
      fetchBanStatus(walletAddress, abort.signal).then(
        (status) => {
          if (abort.signal.aborted || status.banned) return;
          announced.current = null;
          setLive(null);
          setChecked(status);
        },
        (error: unknown) => {
          if (!abort.signal.aborted) console.warn('ban status check failed', error);
        },
      );
    };
    const timer = setInterval(recheck, BAN_RECHECK_MS);
    document.addEventListener('visibilitychange', recheck);
    return () => {
      abort.abort();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', recheck);
    };
  }, [recheckWhileRestricted, walletAddress]);

  return { ...current, paidPlayRestricted: checked.paidPlayRestricted ?? null };
}
