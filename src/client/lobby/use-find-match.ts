import { useCallback, useEffect, useRef, useState } from 'react';
import type { GameModeId } from '../../common/game-modes.ts';
import { useGame } from '../state/game-api.ts';
import type { ChallengeRequest } from '../state/game-view.ts';
import { loadFailureText } from '../ui/chunk-errors.ts';
import { useToast } from '../ui/toast-provider.tsx';
import { type PaymentResult, type PaymentStatus, useWallet } from '../wallet/wallet-api.ts';
import {
  decideFindMatch,
  type LobbyFacts,
  paymentFailedDescription,
  paymentFailureReason,
} from './find-match-rules.ts';

/** SPEC §4 overall payment phase: idle -> processing -> success or error; idle again when the search stops. */
export type PaymentPhase = 'idle' | 'processing' | 'success' | 'error';

export interface FindMatchState {
  phase: PaymentPhase;
  status: PaymentStatus;
  /** The failed payment's message (SPEC §8), shown in the payment-status box. */
  error: string | null;
  /** The mode of the payment under way or just ended. */
  paying: GameModeId | null;
  /** With `challenge`: opens a challenge ('new'), or accepts the one of that code, instead of a public search. */
  findMatch(selected: GameModeId | null, challenge?: ChallengeRequest): Promise<void>;
}

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

  /**
   * One entry payment through its states and SPEC §8's toasts, then the search with its signature. `run` is
   * the wallet's payEntry, or the resumption of a payment a wallet app signed and sent after a redirect
   * (Phantom's deep link: the page reloads with its answer), which gives null when there is none.
   */
  const pay = useCallback(
    async (
      mode: GameModeId | null,
      run: (onStatus: (status: PaymentStatus) => void) => Promise<PaymentResult | null>,
      challenge?: ChallengeRequest,
    ) => {
      busy.current = true;
      const begin = () => {
        setPhase('processing');
        setError(null);
      };
      // A resumption shows nothing until it has a payment to report (most page loads have none).
      if (mode !== null) {
        begin();
        setStatus('creating');
        setPaying(mode);
      }
      const onStatus = (next: PaymentStatus) => {
        if (mode === null) begin();
        setStatus(next);
        // The Local Wallet signs without asking anyone: there is nothing to approve, so no such toast.
        if (next === 'signing' && latest.current.wallet.localWallet === null) {
          latest.current.toast({
            title: 'Wallet Confirmation Required',
            description: 'Please approve the transaction in your wallet',
            duration: 10_000,
          });
        }
      };
      let failure: string;
      try {
        const result = await run(onStatus);
        if (result === null) return;
        setPaying(result.gameMode);
        if (result.success && result.signature) {
          setStatus('confirmed');
          setPhase('success');
          latest.current.toast({
            title: 'Payment Confirmed',
            description: 'Your entry fee has been processed. Finding a match...',
          });
          const { game } = latest.current;
          if (challenge) game.findMatch(result.gameMode, result.signature, challenge);
          else game.findMatch(result.gameMode, result.signature);
          return;
        }
        failure = paymentFailureReason(result);
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
        description: paymentFailedDescription(failure),
        variant: 'destructive',
        duration: 5000,
      });
    },
    [],
  );

  // Back from a wallet app that signed and sent the entry payment (Phantom's deep link): finish it here.
  // Asked once per lobby: the wallet's API object changes with its state, the answer to resume does not.
  const resume = wallet.resumePayment;
  const resumeAsked = useRef(false);
  useEffect(() => {
    if (!resume || resumeAsked.current || busy.current) return;
    resumeAsked.current = true;
    void pay(null, resume);
  }, [resume, pay]);

  const findMatch = useCallback(
    async (selected: GameModeId | null, challenge?: ChallengeRequest) => {
      if (busy.current) return;
      const { facts: now, toast: show } = latest.current;
      const decision = decideFindMatch(now, selected);
      if (decision.kind === 'refused') {
        show(decision.toast);
        return;
      }
      if (decision.kind === 'practice') {
        const { game } = latest.current;
        if (challenge) game.findMatch('practice', undefined, challenge);
        else game.findMatch('practice');
        return;
      }
      await pay(
        decision.mode.id,
        (onStatus) => latest.current.wallet.payEntry(decision.mode.id, onStatus),
        challenge,
      );
    },
    [pay],
  );

  return { phase, status, error, paying, findMatch };
}
