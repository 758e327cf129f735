import { useCallback, useEffect, useRef, useState } from 'react';
import type { GameModeId } from '../../common/game-modes.ts';
import { useGame } from '../state/game-api.ts';
import { loadFailureText } from '../ui/chunk-errors.ts';
import { useToast } from '../ui/toast-provider.tsx';
import { type PaymentStatus, useWallet } from '../wallet/wallet-api.ts';
import { decideFindMatch, type LobbyFacts } from './find-match-rules.ts';

/** SPEC §4 overall payment phase: idle -> processing -> success or error; idle again when the search stops. */
export type PaymentPhase = 'idle' | 'processing' | 'success' | 'error';

export interface FindMatchState {
  phase: PaymentPhase;
  status: PaymentStatus;
  /** The failed payment's message (SPEC §8), shown in the payment-status box. */
  error: string | null;
  /** The mode of the payment under way or just ended. */
  paying: GameModeId | null;
  findMatch(selected: GameModeId | null): Promise<void>;
}

const PAYMENT_FAILED_HINT = 'Please try again or select a different game mode';

/**
 * The Find Match button's flow: SPEC §5's checks, then the entry payment for a paid mode with the toasts of
 * SPEC §8, then `findMatch` with the signature. The search is asked for even if the lobby unmounts while the
 * wallet confirms: the wager is paid by then.
 */
export function useFindMatch(facts: LobbyFacts): FindMatchState {
  const wallet = useWallet();
  const game = useGame();
  const { toast } = useToast();
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [status, setStatus] = useState<PaymentStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState<GameModeId | null>(null);
  const busy = useRef(false);
  const latest = useRef({ wallet, game, facts, toast });
  latest.current = { wallet, game, facts, toast };

  const searching = game.view.searching;
  const wasSearching = useRef(searching);
  useEffect(() => {
    if (wasSearching.current && !searching) {
      setPhase('idle');
      setStatus('idle');
      setError(null);
      setPaying(null);
    }
    wasSearching.current = searching;
  }, [searching]);

  const findMatch = useCallback(async (selected: GameModeId | null) => {
    if (busy.current) return;
    const { facts: now, toast: show } = latest.current;
    const decision = decideFindMatch(now, selected);
    if (decision.kind === 'refused') {
      show(decision.toast);
      return;
    }
    if (decision.kind === 'practice') {
      latest.current.game.findMatch('practice');
      return;
    }
    busy.current = true;
    setPhase('processing');
    setStatus('creating');
    setError(null);
    setPaying(decision.mode.id);
    const onStatus = (next: PaymentStatus) => {
      setStatus(next);
      if (next === 'signing') {
        latest.current.toast({
          title: 'Wallet Confirmation Required',
          description: 'Please approve the transaction in your wallet',
          duration: 10_000,
        });
      }
    };
    let failure: string;
    try {
      const result = await latest.current.wallet.payEntry(decision.mode.id, onStatus);
      if (result.success && result.signature) {
        setStatus('confirmed');
        setPhase('success');
        latest.current.toast({
          title: 'Payment Confirmed',
          description: 'Your entry fee has been processed. Finding a match...',
        });
        latest.current.game.findMatch(decision.mode.id, result.signature);
        return;
      }
      failure = result.error ?? 'The payment did not complete';
    } catch (thrown) {
      // The payment code is a chunk of its own: one that no longer exists (a deploy) says to reload.
      failure = loadFailureText(thrown);
    } finally {
      busy.current = false;
    }
    setStatus('failed');
    setPhase('error');
    setError(failure);
    latest.current.toast({
      title: 'Payment Failed',
      description: PAYMENT_FAILED_HINT,
      variant: 'destructive',
      duration: 5000,
    });
  }, []);

  return { phase, status, error, paying, findMatch };
}
